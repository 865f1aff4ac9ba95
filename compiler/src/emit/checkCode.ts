import type { NamedSchema, SchemaNode } from '../model/Api.ts';
import { isRequired } from '../model/Schema.ts';
import { jsonLiteral, stringLiteral } from '../names/literals.ts';
import { FileImports } from './printer/FileImports.ts';

// A response schema's check compiled to code for operations.js: the function a generated
// operation gives the runtime instead of the schema, so a page does not ship the validator's
// interpreter. It answers what the browser's engine (runtime/src/schema/lightEngine.ts) answers:
// the same keywords in the same order, the same first failure, pointer and message. A schema
// using a keyword compiled here does not know (pattern, multipleOf, uniqueItems, tuples, formats
// TypeBox checks other than date, time and date-time, properties named like Object.prototype's
// members) is not compiled: the operation keeps its schema and the engine checks it.

/** The formats checked here, by the runtime's export that checks them. */
const FORMAT_CHECKS: Readonly<Record<string, string>> = {
  date: 'isDateFormat',
  time: 'isTimeFormat',
  'date-time': 'isDateTimeFormat',
};
// The formats TypeBox's registry checks (runtime/src/schema/lightFormats.ts): any other passes.
const REGISTERED = new Set(
  'date-time date duration email hostname idn-email idn-hostname ipv4 ipv6 iri-reference iri json-pointer-uri-fragment json-pointer regex relative-json-pointer time uri-reference uri-template uri url uuid'.split(
    ' ',
  ),
);
const INTEGER_FORMATS: Readonly<Record<string, readonly [bits: number, signed: boolean, name: string]>> = {
  int32: [32, true, 'a 32-bit'],
  int64: [64, true, 'a 64-bit'],
  uint32: [32, false, 'an unsigned 32-bit'],
  uint64: [64, false, 'an unsigned 64-bit'],
};
const PROTOTYPE_NAMES = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);
const isCount = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isPrimitive = (v: unknown) => v === null || (typeof v !== 'object' && typeof v !== 'function');
// The constraint keywords compiled, with the values the engine accepts for them.
const CONSTRAINTS: Readonly<Record<string, (v: unknown) => boolean>> = {
  minLength: isCount,
  maxLength: isCount,
  minItems: isCount,
  maxItems: isCount,
  minProperties: isCount,
  maxProperties: isCount,
  minimum: (v) => typeof v === 'number',
  maximum: (v) => typeof v === 'number',
  exclusiveMinimum: (v) => typeof v === 'number',
  exclusiveMaximum: (v) => typeof v === 'number',
};

/** A JSON pointer being built: an expression, then a fixed suffix. */
interface Place {
  readonly expr: string;
  readonly suffix: string;
}
const placeText = (p: Place) => (p.suffix === '' ? p.expr : `${p.expr} + ${stringLiteral(p.suffix)}`);
const escapeKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** A local helper: `$f` (a failure), `$k` (a key escaped for a pointer), `$cp` (code points). */
type Helper = 'f' | 'k' | 'cp';

/** The helpers compiled checks use, to be declared once per file. */
export interface CheckUses {
  /** The local helpers the checks kept write. */
  readonly helpers: Set<Helper>;
}

/** What a compile in progress has written: kept when it compiles, dropped when it cannot. */
interface Trial {
  readonly imports: FileImports;
  readonly helpers: Set<Helper>;
}

/** The local helpers' declarations, as operations.js holds them. */
export const CHECK_HELPERS: Readonly<Record<'f' | 'k' | 'cp', string>> = {
  f: '(instancePath, message) => ({ instancePath, message })',
  k: "(key) => key.replace(/~/g, '~0').replace(/\\//g, '~1')",
  // Code points, as TypeBox counts a string's length (a lone surrogate counts one).
  cp: '(text) => { let n = 0; for (const _ of text) n++; return n; }',
};

/**
 * Compiles the checks of plain schemas (plainOperations.ts): `check(node)` gives the expression
 * of a function `(value, pointer = '') => failure | undefined`, or undefined when the node (or a
 * schema it reaches) uses a keyword not compiled here. Named schemas become functions of their own
 * (`$check_<ident>`), written once, listed by `functions` in dependency order.
 */
export class CheckCompiler {
  readonly uses: CheckUses = { helpers: new Set() };
  readonly #root: Trial;
  #trial: Trial;
  /** Named schemas' check functions, by local name, in the order they were compiled. */
  readonly functions = new Map<string, string>();
  readonly #verdicts = new Map<string, boolean>();
  #counter = 0;

  /**
   * @param byKey the named schemas, by key
   * @param imports the file's printer, which the runtime exports a kept check writes (format
   *   checks, as `$name`) are recorded with
   * @param from the runtime module they are imported from
   */
  constructor(
    private readonly byKey: ReadonlyMap<string, NamedSchema>,
    imports: FileImports = new FileImports(),
    private readonly from: string = '@kitgen/runtime/client',
  ) {
    this.#root = this.#trial = { imports, helpers: this.uses.helpers };
  }

  /**
   * Runs a compile on trial: what it writes joins `parent` when it compiles. A named schema's
   * function is kept whatever the check that reached it becomes, so its parent is the file itself.
   */
  #attempt<T>(parent: Trial, compile: () => T | undefined): T | undefined {
    const outer = this.#trial;
    const imports = parent.imports.draft();
    const trial: Trial = { imports, helpers: new Set() };
    this.#trial = trial;
    let result: T | undefined;
    try {
      result = compile();
    } finally {
      this.#trial = outer;
    }
    if (result !== undefined) {
      imports.commit();
      for (const h of trial.helpers) parent.helpers.add(h);
    }
    return result;
  }

  /** The check function's expression for a node, or undefined when it cannot be compiled. */
  check(node: SchemaNode): string | undefined {
    if (node.kind === 'ref')
      return this.#named(node.target) ? `$check_${this.byKey.get(node.target)!.ident}` : undefined;
    const body = this.#attempt(this.#trial, () => this.#statements(node, 'v', { expr: 'p', suffix: '' }, new Set()));
    return body === undefined ? undefined : functionText(body);
  }

  /** Compiles a named schema's function once; false when it cannot be. */
  #named(key: string, path: ReadonlySet<string> = new Set()): boolean {
    const known = this.#verdicts.get(key);
    if (known !== undefined) return known;
    const target = this.byKey.get(key);
    if (!target || path.has(key)) return false;
    const body = this.#attempt(this.#root, () =>
      this.#statements(target.schema, 'v', { expr: 'p', suffix: '' }, new Set([...path, key])),
    );
    this.#verdicts.set(key, body !== undefined);
    if (body !== undefined) this.functions.set(`$check_${target.ident}`, functionText(body));
    return body !== undefined;
  }

  #fail(place: Place, message: string): string {
    this.#trial.helpers.add('f');
    return `return $f(${placeText(place)}, ${stringLiteral(message)});`;
  }

  /** Statements that return the first failure of `value` (an expression) at `place`, or undefined. */
  #statements(node: SchemaNode, value: string, place: Place, path: ReadonlySet<string>): string[] | undefined {
    if (node.nullable && node.kind !== 'null' && node.kind !== 'any') return undefined;
    for (const [k, v] of Object.entries('constraints' in node ? node.constraints : {}))
      if (!CONSTRAINTS[k]?.(v)) return undefined;
    switch (node.kind) {
      case 'ref': {
        if (!this.#named(node.target, path)) return undefined;
        const ident = this.byKey.get(node.target)!.ident;
        return [`if ((f = $check_${ident}(${value}, ${placeText(place)}))) return f;`];
      }
      case 'any':
        return [];
      case 'boolean':
        return [`if (typeof ${value} !== 'boolean') ${this.#fail(place, 'must be boolean')}`];
      case 'null':
        return [`if (${value} !== null) ${this.#fail(place, 'must be null')}`];
      case 'const':
        if (!node.values.every(isPrimitive)) return undefined;
        return node.values.length === 1
          ? [`if (${value} !== ${jsonLiteral(node.values[0])}) ${this.#fail(place, 'must be equal to constant')}`]
          : [this.#enum(node.values, value, place)];
      case 'string':
        return this.#string(node, value, place);
      case 'integer':
      case 'number':
        return this.#number(node, value, place);
      case 'array':
        return this.#array(node, value, place, path);
      case 'object':
        return this.#object(node, value, place, path);
      default:
        return undefined;
    }
  }

  #enum(values: readonly unknown[], value: string, place: Place): string {
    return `if (!${jsonLiteral(values)}.includes(${value})) ${this.#fail(place, 'must be equal to one of the allowed values')}`;
  }

  #string(node: Extract<SchemaNode, { kind: 'string' }>, value: string, place: Place): string[] | undefined {
    const out = [`if (typeof ${value} !== 'string') ${this.#fail(place, 'must be string')}`];
    const { minLength, maxLength } = node.constraints as { minLength?: number; maxLength?: number };
    // Up to one character, the UTF-16 length answers alone (a string of length 1 or more has a code point).
    if (minLength !== undefined) {
      if (minLength > 1) this.#trial.helpers.add('cp');
      const test = minLength > 1 ? ` || $cp(${value}) < ${minLength}` : '';
      out.push(
        `if (${value}.length < ${minLength}${test}) ${this.#fail(place, `must not have fewer than ${minLength} characters`)}`,
      );
    }
    if (maxLength !== undefined) {
      this.#trial.helpers.add('cp');
      out.push(
        `if (${value}.length > ${maxLength} && $cp(${value}) > ${maxLength}) ${this.#fail(place, `must not have more than ${maxLength} characters`)}`,
      );
    }
    const format = node.format;
    if (format !== undefined && REGISTERED.has(format)) {
      const check = FORMAT_CHECKS[format];
      if (!check) return undefined;
      const local = this.#trial.imports.use(this.from, check, `$${check}`);
      out.push(`if (!${local}(${value})) ${this.#fail(place, `must match format "${format}"`)}`);
    }
    if (node.enum) {
      if (!node.enum.every(isPrimitive)) return undefined;
      out.push(this.#enum(node.enum, value, place));
    }
    return out;
  }

  #number(
    node: Extract<SchemaNode, { kind: 'integer' | 'number' }>,
    value: string,
    place: Place,
  ): string[] | undefined {
    const integer = node.kind === 'integer';
    const out = [
      `if (!Number.${integer ? 'isInteger' : 'isFinite'}(${value})) ${this.#fail(place, `must be ${node.kind}`)}`,
    ];
    const c = node.constraints as Record<string, number | undefined>;
    // The engine's order: exclusive bounds, then inclusive ones.
    const bounds = [
      ['exclusiveMinimum', '>'],
      ['exclusiveMaximum', '<'],
      ['minimum', '>='],
      ['maximum', '<='],
    ] as const;
    for (const [keyword, op] of bounds) {
      const n = c[keyword];
      if (n !== undefined) out.push(`if (!(${value} ${op} ${n})) ${this.#fail(place, `must be ${op} ${n}`)}`);
    }
    if (node.enum) {
      if (!node.enum.every(isPrimitive)) return undefined;
      out.push(this.#enum(node.enum, value, place));
    }
    const range = node.format !== undefined ? INTEGER_FORMATS[node.format] : undefined;
    if (range) {
      const [bits, signed, name] = range;
      const min = signed ? -(1n << BigInt(bits - 1)) : 0n;
      const max = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n;
      // The bounds as the doubles nearest to them, as the engine compares a parsed number.
      const test = `${value} >= ${Number(min)} && ${value} <= ${Number(max)}`;
      out.push(
        `if (!(${integer ? test : `Number.isInteger(${value}) && ${test}`})) ${this.#fail(place, `must be ${name} integer (${min} to ${max})`)}`,
      );
    } else if (node.format !== undefined && REGISTERED.has(node.format)) return undefined;
    return out;
  }

  #array(
    node: Extract<SchemaNode, { kind: 'array' }>,
    value: string,
    place: Place,
    path: ReadonlySet<string>,
  ): string[] | undefined {
    if (node.prefixItems) return undefined;
    const i = `i${this.#counter++}`;
    const item = this.#statements(
      node.items,
      `${value}[${i}]`,
      { expr: `${placeText(place)} + '/' + ${i}`, suffix: '' },
      path,
    );
    if (item === undefined) return undefined;
    const out = [`if (!Array.isArray(${value})) ${this.#fail(place, 'must be array')}`];
    if (item.length > 0) out.push(`for (let ${i} = 0; ${i} < ${value}.length; ${i}++) {`, ...item.map(indent), '}');
    const { minItems, maxItems } = node.constraints as { minItems?: number; maxItems?: number };
    if (minItems !== undefined)
      out.push(`if (${value}.length < ${minItems}) ${this.#fail(place, `must not have fewer than ${minItems} items`)}`);
    if (maxItems !== undefined)
      out.push(`if (${value}.length > ${maxItems}) ${this.#fail(place, `must not have more than ${maxItems} items`)}`);
    return out;
  }

  #object(
    node: Extract<SchemaNode, { kind: 'object' }>,
    value: string,
    place: Place,
    path: ReadonlySet<string>,
  ): string[] | undefined {
    if (node.properties.some((p) => PROTOTYPE_NAMES.has(p.name))) return undefined;
    const out = [
      `if (typeof ${value} !== 'object' || ${value} === null || Array.isArray(${value})) ${this.#fail(place, 'must be object')}`,
    ];
    const required = node.properties.filter((p) => isRequired(node, p)).map((p) => p.name);
    if (required.length > 0) {
      const m = `m${this.#counter++}`;
      out.push(
        `const ${m} = ${jsonLiteral(required)}.filter((k) => !(k in ${value}));`,
        `if (${m}.length > 0) return $f(${placeText(place)}, 'must have required properties ' + ${m}.join(', '));`,
      );
      this.#trial.helpers.add('f');
    }
    const extra = node.additional;
    if (extra !== undefined && extra !== true) {
      const k = `k${this.#counter++}`;
      this.#trial.helpers.add('k');
      const at: Place = { expr: `${placeText(place)} + '/' + $k(${k})`, suffix: '' };
      const known = node.properties.map((p) => `${k} === ${stringLiteral(p.name)}`);
      const body =
        extra === false
          ? [this.#fail(at, 'must not be present (the schema allows no additional properties)')]
          : this.#statements(extra, `${value}[${k}]`, at, path);
      if (body === undefined) return undefined;
      if (body.length > 0)
        out.push(
          `for (const ${k} of Object.getOwnPropertyNames(${value})) {`,
          ...(known.length > 0 ? [`  if (${known.join(' || ')}) continue;`] : []),
          ...body.map(indent),
          '}',
        );
    }
    for (const p of node.properties) {
      const prop = `${value}[${stringLiteral(p.name)}]`;
      const body = this.#statements(
        p.schema,
        prop,
        { expr: place.expr, suffix: `${place.suffix}/${escapeKey(p.name)}` },
        path,
      );
      if (body === undefined) return undefined;
      if (body.length === 0) continue;
      // A required property is there (checked above); an optional one set to undefined passes,
      // as TypeScript's optional properties do.
      if (isRequired(node, p)) out.push(...body);
      else out.push(`if (${prop} !== undefined) {`, ...body.map(indent), '}');
    }
    const { minProperties, maxProperties } = node.constraints as { minProperties?: number; maxProperties?: number };
    const count = `Object.getOwnPropertyNames(${value}).length`;
    if (minProperties !== undefined)
      out.push(
        `if (${count} < ${minProperties}) ${this.#fail(place, `must not have fewer than ${minProperties} properties`)}`,
      );
    if (maxProperties !== undefined)
      out.push(
        `if (${count} > ${maxProperties}) ${this.#fail(place, `must not have more than ${maxProperties} properties`)}`,
      );
    return out;
  }
}

const indent = (line: string) => `  ${line}`;

function functionText(body: readonly string[]): string {
  const usesF = body.some((l) => l.includes('(f = '));
  return `(v, p = '') => {\n${[...(usesF ? ['let f;'] : []), ...body, 'return undefined;'].map(indent).join('\n')}\n}`;
}
