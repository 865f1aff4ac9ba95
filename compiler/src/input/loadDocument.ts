import { readFile } from 'node:fs/promises';
import { resolve as resolvePath } from 'node:path';
import { parseDocument } from 'yaml';
import { checkRoot } from './checkRoot.ts';
import { CompileError, Diagnostics, pointerJoin, type Diagnostic } from './Diagnostic.ts';
import { locatePointers } from './sourcePositions.ts';

/** A parsed input document with what is needed to place messages in its source. */
export interface SourceDocument {
  /** The file as the user named it (messages use it). */
  readonly file: string;
  readonly text: string;
  readonly format: 'json' | 'yaml';
  /** The document, external `$ref`s bundled in (internal ones are kept). */
  readonly document: Record<string, unknown>;
  /** Problems found while reading that do not stop generation. */
  readonly warnings?: readonly Diagnostic[];
}

/** Adds line and column to diagnostics that name a pointer in the main file. */
export function placeDiagnostics(source: Pick<SourceDocument, 'file' | 'text' | 'format'>, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const pointers = diagnostics.filter((d) => d.pointer !== undefined && d.line === undefined && (d.file === undefined || d.file === source.file)).map((d) => d.pointer!);
  if (pointers.length === 0) return [...diagnostics];
  const positions = locatePointers(source.text, source.format, pointers);
  return diagnostics.map((d) => {
    const pos = d.pointer !== undefined && d.line === undefined && (d.file === undefined || d.file === source.file) ? positions.get(d.pointer) : undefined;
    return pos ? { ...d, file: source.file, line: pos.line, column: pos.column } : d;
  });
}

function fail(file: string, message: string, extra: Partial<Diagnostic> = {}): never {
  throw new CompileError([{ severity: 'error', file, message, ...extra }]);
}

function lineOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Parses JSON or YAML text; syntax errors name the line. */
export function parseText(file: string, text: string): { value: unknown; format: 'json' | 'yaml' } {
  const trimmed = text.trimStart();
  const looksJson = /\.json$/i.test(file) || trimmed.startsWith('{');
  if (looksJson) {
    try {
      return { value: JSON.parse(text), format: 'json' };
    } catch (error) {
      const message = (error as Error).message;
      const at = /position (\d+)/.exec(message);
      const pos = at ? lineOf(text, Number(at[1])) : undefined;
      fail(file, `not valid JSON: ${message.replace(/ in JSON at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)$/, '')}`, pos ?? {});
    }
  }
  const doc = parseDocument(text, { prettyErrors: true });
  if (doc.errors.length > 0) {
    throw new CompileError(
      doc.errors.map((e) => ({
        severity: 'error' as const,
        file,
        message: `not valid YAML: ${e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`,
        ...(e.linePos ? { line: e.linePos[0].line, column: e.linePos[0].col } : {}),
      })),
    );
  }
  return { value: doc.toJS({ maxAliasCount: -1 }), format: 'yaml' };
}

/** True for a pointer inside example data (`example`, `examples`), where a `$ref` is only data. */
export function inExample(path: ReadonlyArray<string | number>): boolean {
  return path.some((k) => k === 'example' || k === 'examples');
}

/** True when the document has a `$ref` into another file outside example data. */
function hasExternalRefs(value: unknown): boolean {
  const stack: Array<[unknown, boolean]> = [[value, false]];
  while (stack.length > 0) {
    const [v, example] = stack.pop()!;
    if (example) continue;
    if (Array.isArray(v)) for (const x of v) stack.push([x, false]);
    else if (v !== null && typeof v === 'object') {
      const ref = (v as Record<string, unknown>).$ref;
      if (typeof ref === 'string' && !ref.startsWith('#')) return true;
      for (const [k, x] of Object.entries(v)) if (x !== null && typeof x === 'object') stack.push([x, k === 'example' || k === 'examples']);
    }
  }
  return false;
}

interface RefParserError {
  message: string;
  source?: string;
  path?: Array<string | number> | null;
}

/**
 * Reads an OpenAPI 3.0/3.1 document (JSON or YAML). Swagger 2.0 and other versions are refused
 * with a clear message. `$ref`s to other files are bundled in by swagger-parser; one that
 * cannot be resolved is an error naming the referring file and pointer.
 */
export async function loadDocument(file: string): Promise<SourceDocument> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    fail(file, code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, not a file' : `cannot read: ${(error as Error).message}`);
  }
  const { value, format } = parseText(file, text);
  const diagnostics = new Diagnostics(file);
  if (!checkRoot(value, diagnostics)) throw new CompileError(placeDiagnostics({ file, text, format }, diagnostics.list));
  const doc = value;
  if (!hasExternalRefs(doc)) return { file, text, format, document: doc };
  try {
    // Loaded only for documents that need it (it takes a while to load and to run).
    const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
    const bundled = (await new SwaggerParser().bundle(resolvePath(file), { continueOnError: true } as never)) as unknown as Record<string, unknown>;
    return { file, text, format, document: bundled };
  } catch (error) {
    const group = (error as { errors?: RefParserError[]; files?: { schema?: unknown } }).errors;
    const errors: RefParserError[] = Array.isArray(group) ? group : [error as RefParserError];
    const diagnostics: Diagnostic[] = errors.map((e) => {
      const source = e.source ? e.source.replace(/^file:\/\//, '') : undefined;
      const inMain = source === undefined || resolvePath(source) === resolvePath(file);
      const pointer = e.path ? pointerJoin('', ...e.path) : undefined;
      // A $ref inside example data is data: it cannot break the code, so it is only reported.
      const severity = e.path && inExample(e.path) ? 'warning' : 'error';
      return {
        severity,
        file: inMain ? file : source!,
        message: severity === 'warning' ? `a $ref in example data cannot be resolved (the example is kept as it is): ${e.message.split('\n')[0]}` : `cannot resolve $ref: ${e.message.split('\n')[0]}`,
        ...(pointer !== undefined ? { pointer } : {}),
      };
    });
    const partial = (error as { files?: { schema?: unknown } }).files?.schema;
    if (diagnostics.every((d) => d.severity === 'warning') && partial !== null && typeof partial === 'object') {
      return { file, text, format, document: partial as Record<string, unknown>, warnings: placeDiagnostics({ file, text, format }, diagnostics) };
    }
    throw new CompileError(placeDiagnostics({ file, text, format }, diagnostics));
  }
}
