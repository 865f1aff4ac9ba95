import type { Diagnostic, Severity } from './Diagnostic.ts';

/** Collects problems while reading a document; positions are filled in at the end. */
export class Diagnostics {
  readonly list: Diagnostic[] = [];
  readonly #seen = new Set<string>();

  constructor(readonly file: string | undefined) {}

  /** Records an error (the run fails after reading what it can). */
  error(pointer: string, message: string): void {
    this.#add('error', pointer, message);
  }

  /** Records a warning (code is still generated). */
  warn(pointer: string, message: string): void {
    this.#add('warning', pointer, message);
  }

  /** A problem met again (a shared component read for each use) is reported once. */
  #add(severity: Severity, pointer: string, message: string): void {
    const key = `${severity}\u0000${pointer}\u0000${message}`;
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
    this.list.push({ severity, message, pointer, ...(this.file !== undefined ? { file: this.file } : {}) });
  }

  /** True when an error was recorded. */
  get failed(): boolean {
    return this.list.some((d) => d.severity === 'error');
  }
}
