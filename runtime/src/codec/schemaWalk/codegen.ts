import { PathFailure } from './errors.ts';

// Converters between memory and a library's representation are generated as JavaScript source
// and compiled once per codec, as protobufjs, avsc and TypeBox do with their own code: property
// names become literals, so every access is monomorphic. A closure per field with computed keys
// measured about 50 times slower on the benchmark record.

/** A converter compiled from generated source. */
export type Compiled = (value: unknown) => unknown;

/** JavaScript literal of a string (for property names and messages in generated code). */
export function lit(text: string): string {
  return JSON.stringify(text);
}

/** Rethrows a PathFailure with `segment` prepended (used by generated catch blocks). */
function at(error: unknown, segment: unknown): never {
  if (error instanceof PathFailure && segment !== undefined) throw error.at(segment as string | number);
  throw error;
}

/** Sets an entry of a decoded map, keeping `__proto__` an ordinary own property. */
function entry(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

/**
 * Collects generated function declarations and the values they refer to, then compiles them
 * together, so generated functions can call each other (recursive types) by name.
 */
export class Codegen {
  private readonly refs = new Map<unknown, string>();
  private readonly values: unknown[] = [];
  private readonly declarations: string[] = [];
  private count = 0;

  constructor() {
    this.ref(at, 'at');
    this.ref(entry, 'entry');
    this.ref(PathFailure, 'Failure');
  }

  /** The name generated code uses for `value` (a function, Map or constant passed in). */
  ref(value: unknown, name?: string): string {
    const known = this.refs.get(value);
    if (known !== undefined) return known;
    const id = name ?? `r${this.values.length}`;
    this.refs.set(value, id);
    this.values.push(value);
    return id;
  }

  /** A fresh identifier for a generated function. */
  fresh(prefix: string): string {
    return `${prefix}${this.count++}`;
  }

  /**
   * The generated function of `key` in `defs`, declared on first use with the source `build(name)`
   * returns. The name is recorded before `build` runs, so a recursive type's function calls itself.
   */
  once<K>(defs: Map<K, string>, key: K, prefix: string, build: (name: string) => string): string {
    const known = defs.get(key);
    if (known !== undefined) return known;
    const name = this.fresh(prefix);
    defs.set(key, name);
    this.declare(build(name));
    return name;
  }

  /** Adds a function declaration (`function name(v) { … }`). */
  declare(source: string): void {
    this.declarations.push(source);
  }

  /** Compiles every declaration and returns the named functions. */
  link(names: readonly string[]): Compiled[] {
    const params = [...this.refs.values()];
    const body = `"use strict";\n${this.declarations.join('\n')}\nreturn [${names.join(', ')}];`;
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- generated from the schema, not from input
    const factory = new Function(...params, body) as (...args: unknown[]) => Compiled[];
    return factory(...this.values);
  }
}

/** A field of a generated object: its key, the local holding its value, whether it may be left out. */
export interface ObjectField {
  readonly key: string;
  readonly local: string;
  readonly optional: boolean;
}

/**
 * Statements building object `target` from locals: one object literal up to the first field
 * that may be left out (V8 allocates it with its final shape), then assignments, so keys keep
 * declaration order. A field that may be left out is set only when its local is not undefined.
 */
export function buildObject(
  target: string,
  first: readonly (readonly [string, string])[],
  fields: readonly ObjectField[],
): string {
  const cut = fields.findIndex((f) => f.optional);
  const literal = cut < 0 ? fields : fields.slice(0, cut);
  const entries = [
    ...first.map(([key, expr]) => `${lit(key)}: ${expr}`),
    ...literal.map((f) => `${lit(f.key)}: ${f.local}`),
  ];
  const rest = cut < 0 ? [] : fields.slice(cut);
  const assignments = rest.map((f) =>
    f.optional
      ? `if (${f.local} !== undefined) ${target}[${lit(f.key)}] = ${f.local};`
      : `${target}[${lit(f.key)}] = ${f.local};`,
  );
  return [`var ${target} = { ${entries.join(', ')} };`, ...assignments].join('\n  ');
}
