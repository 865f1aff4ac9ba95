/** A problem found in the input: where (file, JSON pointer, line) and what. */
export interface Diagnostic {
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly file?: string;
  /** JSON pointer into the document (`/paths/~1pets/get`), '' for the root. */
  readonly pointer?: string;
  readonly line?: number;
  readonly column?: number;
  /** The source lines around the place, marked as TypeScript marks them (TypeScript input). */
  readonly frame?: string;
  /** What to do about it, one sentence. */
  readonly fix?: string;
  /** How the place was reached (`showPetById → Owner.pet → Pet.born`), when that is not obvious from it. */
  readonly path?: string;
}

/** The input cannot be compiled; every problem is listed (exit code 1). */
export class CompileError extends Error {
  readonly diagnostics: readonly Diagnostic[];

  constructor(diagnostics: readonly Diagnostic[]) {
    super(diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic).join('\n') || 'invalid input');
    this.name = 'CompileError';
    this.diagnostics = diagnostics;
  }
}

/**
 * `pets.yaml:12:5: error at /paths/~1pets/get: message` (parts left out when unknown), then the
 * code frame and the fix on their own lines when the diagnostic has them.
 */
export function formatDiagnostic(d: Diagnostic): string {
  const place = d.file === undefined ? '' : `${d.file}${d.line !== undefined ? `:${d.line}${d.column !== undefined ? `:${d.column}` : ''}` : ''}: `;
  const at = d.pointer !== undefined ? ` at ${d.pointer === '' ? '/' : d.pointer}` : '';
  const lines = [`${place}${d.severity}${at}: ${d.message}`];
  if (d.path !== undefined && d.path !== '') lines.push(`  path: ${d.path}`);
  if (d.frame !== undefined && d.frame !== '') lines.push(d.frame);
  if (d.fix !== undefined) lines.push(`  fix: ${d.fix}`);
  return lines.join('\n');
}

/** Collects problems while reading a document; positions are filled in at the end. */
export class Diagnostics {
  readonly list: Diagnostic[] = [];
  readonly #seen = new Set<string>();

  constructor(readonly file: string | undefined) {}

  /** Records an error (the run fails after reading what it can). */
  error(pointer: string, message: string): void {
    if (this.#repeated('error', pointer, message)) return;
    this.list.push({ severity: 'error', message, pointer, ...(this.file !== undefined ? { file: this.file } : {}) });
  }

  /** Records a warning (code is still generated). */
  warn(pointer: string, message: string): void {
    if (this.#repeated('warning', pointer, message)) return;
    this.list.push({ severity: 'warning', message, pointer, ...(this.file !== undefined ? { file: this.file } : {}) });
  }

  /** A problem met again (a shared component read for each use) is reported once. */
  #repeated(severity: string, pointer: string, message: string): boolean {
    const key = `${severity}\u0000${pointer}\u0000${message}`;
    if (this.#seen.has(key)) return true;
    this.#seen.add(key);
    return false;
  }

  /** True when an error was recorded. */
  get failed(): boolean {
    return this.list.some((d) => d.severity === 'error');
  }
}

/** Escapes one JSON pointer segment (`~` → `~0`, `/` → `~1`). */
export function pointerSegment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Joins a pointer and segments. */
export function pointerJoin(base: string, ...keys: Array<string | number>): string {
  return base + keys.map((k) => `/${pointerSegment(k)}`).join('');
}

/** The segments of a JSON pointer (unescaped). */
export function pointerParts(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}
