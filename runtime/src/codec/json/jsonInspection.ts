import { DecodeError } from '../../errors/DecodeError.ts';
import { escapePointer, pointerForMessage } from './jsonPointer.ts';

// What a parsed JSON value may not hold, whatever its schema says (an Unknown value included):
// nesting deeper than the codec's limit, which would overflow the stack of whatever walks the
// value recursively later (JSON.stringify, a handler), and the keys that reach
// Object.prototype when a value is merged into another object: `__proto__`, and `constructor`
// holding `prototype` (what secure-json-parse refuses for Fastify). The inspection walks with a
// stack of its own, so its cost is linear and any depth is safe to inspect.

/** Why a parsed value was refused, and where. */
export interface JsonProblem {
  readonly pointer: string;
  readonly kind: 'depth' | 'proto' | 'constructor';
}

const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
// `\u005f` and friends: a key spelled with escapes is one of the forbidden names after parsing.
const ESCAPED_ASCII = /\\u00[0-7][0-9a-fA-F]/;

/**
 * True when the text may hold a forbidden key: it holds `proto` (as both names do), or escapes
 * an ASCII character (as `\u005f_proto__` would). Most bodies do neither, and need no key
 * inspection; two `indexOf` are what every body pays (the POST benchmark's decode feels it).
 */
export function mayHoldPrototypeKeys(text: string): boolean {
  return text.indexOf('proto') >= 0 || (text.indexOf('\\') >= 0 && ESCAPED_ASCII.test(text));
}

/**
 * True when the text may nest deeper than `maxDepth`: each level takes an opening and a closing
 * bracket, so shorter valid JSON cannot (and invalid JSON fails to parse), nor can a text with
 * at most `maxDepth` opening brackets. Counting them (in strings too: an upper bound) with
 * native searches costs a fraction of the walk that {@link deepestPlace} makes over every
 * character, which a body of ordinary depth is thus spared; at most twice the text is searched.
 */
export function mayNestDeeperThan(text: string, maxDepth: number): boolean {
  return text.length > 2 * maxDepth && occurrencesExceed(text, '{', '[', maxDepth);
}

/** Whether `a` and `b` occur more than `limit` times in all; stops counting past the limit. */
function occurrencesExceed(text: string, a: string, b: string, limit: number): boolean {
  let count = 0;
  for (let i = text.indexOf(a); i >= 0; i = text.indexOf(a, i + 1)) if (++count > limit) return true;
  for (let i = text.indexOf(b); i >= 0; i = text.indexOf(b, i + 1)) if (++count > limit) return true;
  return false;
}

/**
 * Where JSON text first nests deeper than `maxDepth`, found before parsing it: brackets are
 * counted outside strings, and the key or index of every open level is kept, so that a body of
 * a million nested arrays is refused after reading `maxDepth + 1` of them, without building
 * them. Undefined when the text stays within the limit (or is not JSON: then parsing says so).
 */
export function deepestPlace(text: string, maxDepth: number): JsonProblem | undefined {
  // Per open level: -1 for an object (its key is the last string before a colon), else the array index.
  const indices: number[] = [];
  const keyStarts: number[] = [];
  const keyEnds: number[] = [];
  let lastStart = -1;
  let lastEnd = -1;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      lastStart = i;
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 92 /* \ */) i++;
        else if (d === 34) break;
      }
      lastEnd = i;
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (indices.length === maxDepth)
        return { kind: 'depth', pointer: pointerOfLevels(text, indices, keyStarts, keyEnds) };
      indices.push(c === 91 ? 0 : -1);
      keyStarts.push(-1);
      keyEnds.push(-1);
    } else if (c === 93 /* ] */ || c === 125 /* } */) {
      indices.pop();
      keyStarts.pop();
      keyEnds.pop();
    } else if (c === 44 /* , */) {
      const top = indices.length - 1;
      if (top >= 0 && indices[top] >= 0) indices[top]++;
    } else if (c === 58 /* : */) {
      const top = indices.length - 1;
      if (top >= 0) {
        keyStarts[top] = lastStart;
        keyEnds[top] = lastEnd;
      }
    }
  }
  return undefined;
}

function pointerOfLevels(
  text: string,
  indices: readonly number[],
  keyStarts: readonly number[],
  keyEnds: readonly number[],
): string {
  let pointer = '';
  for (let level = 0; level < indices.length; level++) {
    if (indices[level] >= 0) {
      pointer += `/${indices[level]}`;
      continue;
    }
    pointer += `/${escapePointer(keyText(text.slice(keyStarts[level], keyEnds[level] + 1)))}`;
  }
  return pointer;
}

/** A key as it reads once parsed (escapes resolved), or as written when it is not valid JSON. */
function keyText(quoted: string): string {
  if (!quoted.includes('\\')) return quoted.slice(1, -1);
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return quoted.slice(1, -1);
  }
}

/**
 * The first problem of a parsed value, in document order for nesting: a container at depth
 * `maxDepth + 1` (the top-level value is at depth 1), and, when `keys` is set, a forbidden key.
 */
export function inspectJson(root: unknown, maxDepth: number, keys: boolean): JsonProblem | undefined {
  if (typeof root !== 'object' || root === null) return undefined;
  // The stack holds containers still to visit; `parents` and `segments` name each container
  // visited so far, so that a pointer is only built for the one that is refused.
  const stack: object[] = [root];
  const depths: number[] = [1];
  const ids: number[] = [0];
  const parents: number[] = [-1];
  const segments: string[] = [''];
  const pointerOf = (id: number, last?: string): string => {
    const parts: string[] = last === undefined ? [] : [last];
    for (let i = id; i > 0; i = parents[i]) parts.push(segments[i]);
    return parts.length === 0 ? '' : `/${parts.reverse().join('/')}`;
  };
  const push = (value: object, depth: number, parent: number, segment: string) => {
    parents.push(parent);
    segments.push(segment);
    stack.push(value);
    depths.push(depth);
    ids.push(parents.length - 1);
  };
  while (stack.length > 0) {
    const value = stack.pop()!;
    const depth = depths.pop()!;
    const id = ids.pop()!;
    if (depth > maxDepth) return { kind: 'depth', pointer: pointerOf(id) };
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        const item: unknown = value[i];
        if (typeof item === 'object' && item !== null) push(item, depth + 1, id, String(i));
      }
      continue;
    }
    const names = Object.keys(value);
    if (keys) {
      for (const k of names) {
        if (k === '__proto__') return { kind: 'proto', pointer: pointerOf(id, k) };
        const held = (value as Record<string, unknown>)[k];
        if (k === 'constructor' && typeof held === 'object' && held !== null && hasOwn(held, 'prototype')) {
          return { kind: 'constructor', pointer: `${pointerOf(id, k)}/prototype` };
        }
      }
    }
    for (let i = names.length - 1; i >= 0; i--) {
      const item = (value as Record<string, unknown>)[names[i]];
      if (typeof item === 'object' && item !== null) push(item, depth + 1, id, escapePointer(names[i]));
    }
  }
  return undefined;
}

/** The DecodeError a problem is answered with: `<what> at <pointer>: …`, naming the limit for nesting. */
export function problemError(problem: JsonProblem, maxDepth: number, what: string, base = ''): DecodeError {
  const pointer = base + problem.pointer;
  const where = pointer ? `${what} at ${pointerForMessage(pointer)}` : what;
  if (problem.kind === 'depth') {
    const expected = `at most ${maxDepth} levels of nested arrays and objects`;
    return new DecodeError(`${where}: nested deeper than the limit of ${maxDepth} levels (CodecConfig maxDepth)`, {
      pointer,
      expected,
    });
  }
  const [message, expected] =
    problem.kind === 'proto'
      ? ['a field named "__proto__" is refused', 'no field named "__proto__"']
      : ['a "prototype" field inside "constructor" is refused', 'no "prototype" field inside a "constructor" field'];
  return new DecodeError(`${where}: ${message}`, { pointer, expected });
}

/** True when `root` holds an array or object more than `depth` levels down (the top-level value is level 1). */
export function nestsDeeperThan(root: unknown, depth: number): boolean {
  const stack: unknown[] = [root];
  const depths: number[] = [1];
  while (stack.length > 0) {
    const value = stack.pop();
    const level = depths.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (level > depth) return true;
    const items = Array.isArray(value) ? value : Object.values(value);
    for (const item of items) {
      if (typeof item === 'object' && item !== null) {
        stack.push(item);
        depths.push(level + 1);
      }
    }
  }
  return false;
}
