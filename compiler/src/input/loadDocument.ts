import { resolve as resolvePath } from 'node:path';
import { parseDocument } from 'yaml';
import { checkRoot } from './checkRoot.ts';
import {
  CompileError,
  Diagnostics,
  lineAndColumn,
  placeDiagnostics,
  pointerJoin,
  type Diagnostic,
} from '../diagnostics/index.ts';
import { fetchTimeoutMs, isLocalUrl, isUrl, readSource } from './readSource.ts';
import { jsonMistakeOffset, yamlOpeningLine } from './syntaxErrorPlace.ts';

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
  /** Every file (absolute) or URL read: the document and the ones its `$ref`s name (what a watch watches). */
  readonly sources?: readonly string[];
}

function fail(file: string, message: string, extra: Partial<Diagnostic> = {}): never {
  throw new CompileError([{ severity: 'error', file, message, ...extra }]);
}

/** Parses JSON or YAML text; a syntax error is one message at the line of the mistake. */
export function parseText(file: string, text: string): { value: unknown; format: 'json' | 'yaml' } {
  const trimmed = text.trimStart();
  const looksJson = /\.json$/i.test(file) || trimmed.startsWith('{');
  if (looksJson) {
    try {
      return { value: JSON.parse(text), format: 'json' };
    } catch (error) {
      const raw = (error as Error).message;
      const message = raw.replace(/ in JSON at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)$/, '');
      const at = /position (\d+)/.exec(raw);
      const pos = at ? lineAndColumn(text, jsonMistakeOffset(text, Number(at[1]), message)) : undefined;
      fail(file, `not valid JSON: ${message}`, pos ?? {});
    }
  }
  const doc = parseDocument(text, { prettyErrors: true });
  // Only the first error: the ones after it are the parser losing its way because of it.
  const first = doc.errors[0];
  if (first !== undefined) {
    const message = first.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    let place = first.linePos ? { line: first.linePos[0].line, column: first.linePos[0].col } : undefined;
    if (place) {
      const line = yamlOpeningLine(text, place.line, first.code, message);
      if (line !== place.line) place = { line, column: 1 };
    }
    fail(file, `not valid YAML: ${message}`, place ?? {});
  }
  return { value: doc.toJS({ maxAliasCount: -1 }), format: 'yaml' };
}

/** True for a pointer inside example data (`example`, `examples`), where a `$ref` is only data. */
export function inExample(path: ReadonlyArray<string | number>): boolean {
  return path.some((k) => k === 'example' || k === 'examples');
}

/**
 * In JSON text without escapes, every `"$ref": "#…"` is internal: a document whose text has no
 * other `$ref` needs no walk (24 MB of JSON: ~10 ms instead of ~150 ms).
 */
const possiblyExternalRef = /\\u|"\$ref"\s*:\s*"(?!#)/;

/** True when the document has a `$ref` into another file outside example data. */
export function hasExternalRefs(value: unknown, text: string, format: 'json' | 'yaml'): boolean {
  if (format === 'json' && !possiblyExternalRef.test(text)) return false;
  const stack: Array<[unknown, boolean]> = [[value, false]];
  while (stack.length > 0) {
    const [v, example] = stack.pop()!;
    if (example) continue;
    if (Array.isArray(v)) for (const x of v) stack.push([x, false]);
    else if (v !== null && typeof v === 'object') {
      const ref = (v as Record<string, unknown>).$ref;
      if (typeof ref === 'string' && !ref.startsWith('#')) return true;
      for (const [k, x] of Object.entries(v))
        if (x !== null && typeof x === 'object') stack.push([x, k === 'example' || k === 'examples']);
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
  const text = await readSource(file);
  const { value, format } = parseText(file, text);
  const diagnostics = new Diagnostics(file);
  if (!checkRoot(value, diagnostics))
    throw new CompileError(placeDiagnostics({ file, text, format }, diagnostics.list));
  const doc = value;
  const main = isUrl(file) ? file : resolvePath(file);
  if (!hasExternalRefs(doc, text, format)) return { file, text, format, document: doc, sources: [main] };
  // Loaded only for documents that need it (it takes a while to load and to run).
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  const parser = new SwaggerParser();
  const read = () => parser.$refs.paths().map((p: string) => (isUrl(p) ? p : resolvePath(p.replace(/^file:\/\//, ''))));
  try {
    // Relative $refs resolve against the document's own place, a folder or a URL alike. The
    // resolver refuses local and private addresses (a remote document must not make kitgen
    // fetch from the user's network), unless the user named such a URL as the input.
    const http = { timeout: fetchTimeoutMs(), safeUrlResolver: !isLocalUrl(file) };
    const options = { continueOnError: true, resolve: { http } } as never;
    const bundled = (await (isUrl(file)
      ? parser.bundle(main, doc as never, options)
      : parser.bundle(main, options))) as unknown as Record<string, unknown>;
    return { file, text, format, document: bundled, sources: read() };
  } catch (error) {
    const group = (error as { errors?: RefParserError[]; files?: { schema?: unknown } }).errors;
    const errors: RefParserError[] = Array.isArray(group) ? group : [error as RefParserError];
    const diagnostics: Diagnostic[] = errors.map((e) => {
      const source = e.source ? e.source.replace(/^file:\/\//, '') : undefined;
      const inMain = source === undefined || (isUrl(source) ? source === main : resolvePath(source) === main);
      const pointer = e.path ? pointerJoin('', ...e.path) : undefined;
      // A $ref inside example data is data: it cannot break the code, so it is only reported.
      const severity = e.path && inExample(e.path) ? 'warning' : 'error';
      return {
        severity,
        file: inMain ? file : source!,
        message:
          severity === 'warning'
            ? `a $ref in example data cannot be resolved (the example is kept as it is): ${e.message.split('\n')[0]}`
            : `cannot resolve $ref: ${e.message.split('\n')[0]}`,
        ...(pointer !== undefined ? { pointer } : {}),
      };
    });
    const partial = (error as { files?: { schema?: unknown } }).files?.schema;
    if (diagnostics.every((d) => d.severity === 'warning') && partial !== null && typeof partial === 'object') {
      return {
        file,
        text,
        format,
        document: partial as Record<string, unknown>,
        warnings: placeDiagnostics({ file, text, format }, diagnostics),
        sources: read(),
      };
    }
    throw new CompileError(placeDiagnostics({ file, text, format }, diagnostics));
  }
}
