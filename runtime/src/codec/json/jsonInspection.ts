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
 * True when the text may hold a forbidden key: it names one of them, or escapes an ASCII
 * character (as `\u005f_proto__` would). Most bodies do neither, and need no key inspection.
 */
export function mayHoldPrototypeKeys(text: string): boolean {
  return text.includes('__proto__') || text.includes('prototype') || (text.includes('\\u') && ESCAPED_ASCII.test(text));
}

/**
 * True when a text of this length may nest deeper than `maxDepth`: each level takes an opening
 * and a closing bracket, so shorter valid JSON cannot (and invalid JSON fails to parse).
 */
export function mayNestDeeperThan(text: string, maxDepth: number): boolean {
  return text.length > 2 * maxDepth;
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
    return new DecodeError(`${where}: nested deeper than the limit of ${maxDepth} levels (CodecConfig maxDepth)`, { pointer, expected });
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
