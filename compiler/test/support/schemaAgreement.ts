// Comparing two derivations of one TypeScript type on instances: kitgen's DeriveSchema.gen<T>()
// schema (TypeBox form: `$id` in place, Cyclic `$defs`) and ts-json-schema-generator's (draft-07
// `definitions`), both put in one draft-07 form for ajv; values sampled from either schema and
// mutated into near misses; and a canonical form that says when two schemas are the same.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import * as openapiSampler from 'openapi-sampler';
import {
  createFormatter,
  createParser,
  createProgram,
  DEFAULT_CONFIG,
  SchemaGenerator,
  type CompletedConfig,
} from 'ts-json-schema-generator';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => void;

/** A JSON Schema object. */
export type JsonSchema = { [key: string]: unknown };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

// Keywords whose values are data, not schemas: never searched for `$id`.
const dataKeys = new Set(['enum', 'const', 'default', 'examples', 'example', 'required']);

/**
 * kitgen's schema in draft-07 form: every `$id` node becomes `definitions[$id]` and a `$ref` to
 * it (a component may appear in place more than once, which ajv refuses under one `$id`); bare
 * `$ref: 'Name'` points into `definitions`; `type: 'bigint'` is its wire form, `integer`; `discriminator` (an OpenAPI annotation) and the
 * `x-kitgen-*` markers (their wire form, `type`/`format`, is kept beside them) are left out.
 */
export function draft07(schema: unknown): JsonSchema {
  const definitions: Record<string, unknown> = {};
  const body = (node: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    if (isRecord(node.$defs)) Object.values(node.$defs).forEach((d) => walk(d));
    for (const [k, v] of Object.entries(node)) {
      if (k === '$defs' || k === 'discriminator' || k.startsWith('x-')) continue;
      if (k === '$ref' && typeof v === 'string' && !v.startsWith('#')) out.$ref = `#/definitions/${v}`;
      // A bigint is written as a JSON integer (its `format: int64` stays beside it).
      else if (k === 'type' && v === 'bigint') out.type = 'integer';
      else if (k === 'properties' && isRecord(v))
        out.properties = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, walk(s)]));
      else out[k] = dataKeys.has(k) ? v : walk(v);
    }
    return out;
  };
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isRecord(node)) return node;
    if (typeof node.$id === 'string') {
      const { $id: name, ...rest } = node;
      if (!(name in definitions)) {
        definitions[name] = {};
        definitions[name] = body(rest);
      }
      return { $ref: `#/definitions/${name}` };
    }
    return body(node);
  };
  const root = walk(schema);
  return { ...(isRecord(root) ? root : {}), definitions };
}

/** ts-json-schema-generator's schemas of the named exported types of one file, or the error it threw. */
export function tsJsonSchemas(
  file: string,
  names: readonly string[],
  closed: boolean,
): Map<string, JsonSchema | Error> {
  const config: CompletedConfig = { ...DEFAULT_CONFIG, path: file, skipTypeCheck: true, additionalProperties: !closed };
  const program = (programs.get(file) ?? programs.set(file, createProgram(config)).get(file))!;
  const generator = new SchemaGenerator(program, createParser(program, config), createFormatter(config), config);
  const out = new Map<string, JsonSchema | Error>();
  for (const name of names) {
    try {
      const { $schema: _, ...schema } = generator.createSchema(name) as JsonSchema;
      out.set(name, schema);
    } catch (error) {
      out.set(name, error instanceof Error ? error : new Error(String(error)));
    }
  }
  return out;
}
const programs = new Map<string, ReturnType<typeof createProgram>>();

/** One ajv (draft-07, formats checked) for every schema compared. */
export function validatorOf(schema: JsonSchema): ValidateFunction {
  ajv ??= (() => {
    const a = new Ajv({ strict: false, allErrors: false });
    addFormats(a);
    return a;
  })();
  return ajv.compile(schema);
}
let ajv: Ajv | undefined;

const annotations = new Set([
  'description',
  'title',
  'deprecated',
  'readOnly',
  'writeOnly',
  'examples',
  'default',
  '$comment',
  'markdownDescription',
]);

/**
 * A canonical form of a draft-07 schema: references inlined (a recursive one becomes its
 * distance up the stack, so names do not matter), annotations dropped, `const` as a one-value
 * `enum` (an enum needs no `type`), a list of types as `anyOf`, nested `anyOf`s flattened and
 * members that admit nothing (`not: {}`) dropped, `required` sorted, keys sorted.
 */
export function canonical(schema: JsonSchema): string {
  const defs = isRecord(schema.definitions) ? schema.definitions : {};
  const go = (node: unknown, stack: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((n) => go(n, stack));
    if (!isRecord(node)) return node;
    let o: Record<string, unknown> = { ...node };
    delete o.definitions;
    if (typeof o.$ref === 'string' && o.$ref.startsWith('#/definitions/')) {
      const name = decodeURIComponent(o.$ref.slice('#/definitions/'.length));
      const { $ref: _, ...siblings } = o;
      if (stack.includes(name))
        return { $recursion: stack.length - stack.lastIndexOf(name), ...(go(siblings, stack) as object) };
      o = { ...(defs[name] as object), ...siblings };
      return go(o, [...stack, name]);
    }
    for (const k of Object.keys(o))
      if (annotations.has(k) || k.startsWith('x-') || k === '$id' || k === 'discriminator') delete o[k];
    if ('const' in o) {
      o.enum = [o.const];
      delete o.const;
    }
    if (Array.isArray(o.enum)) delete o.type;
    if (Array.isArray(o.type) && Object.keys(o).length === 1) o = { anyOf: o.type.map((t) => ({ type: t })) };
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) {
      if (k === 'properties' && isRecord(v))
        out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, go(s, stack)]));
      else if (k === 'required' && Array.isArray(v)) out[k] = [...(v as string[])].sort();
      else out[k] = dataKeys.has(k) ? v : go(v, stack);
    }
    if (Array.isArray(out.anyOf)) {
      const members = (out.anyOf as unknown[])
        .flatMap((m) => (isRecord(m) && Object.keys(m).length === 1 && Array.isArray(m.anyOf) ? m.anyOf : [m]))
        .filter(
          (m) => !(isRecord(m) && Object.keys(m).length === 1 && isRecord(m.not) && Object.keys(m.not).length === 0),
        );
      if (members.length === 1 && Object.keys(out).length === 1) return members[0];
      out.anyOf = members;
    }
    return out;
  };
  return stableJson(go(schema, []));
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (!isRecord(value)) return JSON.stringify(value);
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableJson(value[k])}`)
    .join(',')}}`;
}

/** Values openapi-sampler makes from a schema (all properties, then only the required ones). */
export function samples(schema: JsonSchema): unknown[] {
  const out: unknown[] = [];
  for (const skipNonRequired of [false, true]) {
    try {
      out.push(openapiSampler.sample(schema as never, { skipNonRequired, quiet: true, maxSampleDepth: 4 }, schema));
    } catch {
      // A schema the sampler cannot walk gives no sample; the hand-written values remain.
    }
  }
  return out;
}

/** A value of another JSON type than `value`. */
function otherType(value: unknown): unknown {
  if (typeof value === 'string') return 1;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return 'true';
  if (value === null) return 0;
  return Array.isArray(value) ? {} : 'x';
}

/** Near misses of one primitive: edges of numbers (sign, fraction, zero) and of strings (empty, long, changed). */
function nearPrimitives(value: unknown): unknown[] {
  if (typeof value === 'number') return [0, -1, value + 0.5, value * 100 + 1];
  if (typeof value === 'string') return ['', `${value}!`, 'X'.repeat(12), value.toUpperCase()];
  return [];
}

/**
 * Near misses of a value: at every place down to `depth` levels, the value left out, null, of
 * another type, at a numeric or textual edge; an unknown property added; an array emptied,
 * grown, or given a null element.
 */
export function nearMisses(value: unknown, depth = 3): unknown[] {
  const out: unknown[] = [null, otherType(value), ...nearPrimitives(value)];
  if (depth === 0) return out;
  if (Array.isArray(value)) {
    out.push([], [...value, value[0] ?? 'x'], [null, ...value.slice(1)]);
    value.slice(0, 2).forEach((item, i) => {
      for (const m of nearMisses(item, depth - 1)) out.push(value.map((x, j) => (j === i ? m : x)));
    });
  } else if (isRecord(value)) {
    out.push({ ...value, extraField: 1 }, {});
    for (const key of Object.keys(value)) {
      const { [key]: _, ...without } = value;
      out.push(without);
      for (const m of nearMisses(value[key], depth - 1)) out.push({ ...value, [key]: m });
    }
  }
  return out;
}

/** Values without repeats (by their JSON text). */
export function distinct(values: readonly unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = JSON.stringify(v) ?? 'undefined';
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
