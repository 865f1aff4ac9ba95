import { readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// The runtime's own folders: frames in them are never the user's call. Run from source this file
// is `src/schema/callSite.ts`; as shipped it is inside the bundle `dist/runtime.cjs`, whose frames
// name `src/…` instead when source maps are enabled (scripts/build-runtime.mjs).
const here = dirname(fileURLToPath(import.meta.url));
const runtimeRoots =
  basename(here) === 'schema' ? [dirname(here) + sep] : [here + sep, join(dirname(here), 'src') + sep];

// `    at name (location:line:col)` or `    at location:line:col`.
const FRAME = /^\s*at (?:.*? \()?(.+?):(\d+):(\d+)\)?$/;

/** A stack frame's location as a path: `file://` URLs decoded, relative to the working directory when inside it. */
function displayPath(location: string): string | undefined {
  let path = location;
  if (path.startsWith('file://')) {
    try {
      path = fileURLToPath(path);
    } catch {
      return undefined;
    }
  }
  if (!isAbsolute(path)) return undefined; // node:internal, evalmachine, native frames
  if (runtimeRoots.some((root) => path.startsWith(root))) return undefined;
  const inside = relative(process.cwd(), path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside.split(sep).join('/') : path;
}

/**
 * V8 places a method call at the method's name (`gen` in `DeriveSchema.gen<T>()`); TypeScript's
 * diagnostics place it at the start of the call expression. The start is taken from the source
 * line when it is readable and the receiver is a dotted name on that line; else V8's column stays.
 */
function expressionStart(file: string, line: number, column: number): number {
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8').split(/\r?\n/)[line - 1];
  } catch {
    return column;
  }
  if (text === undefined) return column;
  let start = column - 1;
  for (;;) {
    let i = start - 1;
    while (i >= 0 && /\s/.test(text[i])) i--;
    if (text[i] !== '.' || text[i - 1] === '?') break;
    i--;
    while (i >= 0 && /\s/.test(text[i])) i--;
    let j = i;
    while (j >= 0 && /[\w$]/.test(text[j])) j--;
    if (j === i) break;
    start = j + 1;
  }
  return start + 1;
}

/**
 * `file:line:column` of the first stack frame outside the runtime's own files, above `callee`
 * (the public function whose caller is wanted); undefined when the stack has none.
 */
export function callSite(callee: (...args: never[]) => unknown): string | undefined {
  const holder: { stack?: string } = {};
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50;
  try {
    Error.captureStackTrace(holder, callee);
  } finally {
    Error.stackTraceLimit = limit;
  }
  for (const line of (holder.stack ?? '').split('\n').slice(1)) {
    const m = FRAME.exec(line);
    if (m === null) continue;
    const path = displayPath(m[1]);
    if (path === undefined) continue;
    const file = m[1].startsWith('file://') ? fileURLToPath(m[1]) : m[1];
    return `${path}:${m[2]}:${expressionStart(file, Number(m[2]), Number(m[3]))}`;
  }
  return undefined;
}
