/** `1 operation`, `2 operations`: a count with its noun in agreement (`plural(1, 'entry', 'entries')`). */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
