// The component schemas of the large benchmark document: large enums, plain objects with 5–30
// properties of mixed types and formats (nullable, arrays, maps, inline objects nested 3–5 deep),
// `allOf` inheritance chains 2–5 long and `oneOf` unions with a discriminator. A schema only
// refers to schemas written before it (plus a few self-references), as real documents mostly do.
import type { Random } from './random.ts';
import { domains, fields, nouns, pascal, qualifiers, snake } from './words.ts';

/** A JSON Schema object as written into the document. */
export type Schema = { readonly [key: string]: unknown };

/** How many schemas of each kind to write. */
export interface SchemaCounts {
  readonly enums: number;
  readonly chains: number;
  readonly unions: number;
  /** Total component schemas to reach with plain objects after the others. */
  readonly total: number;
}

/** The components written and the names operations may use. */
export interface SchemaSet {
  readonly schemas: Record<string, Schema>;
  /** Object-like schemas (plain, chain members, union variants): request and response bodies. */
  readonly objects: readonly string[];
  /** `oneOf` unions with a discriminator: response bodies. */
  readonly unions: readonly string[];
  readonly enums: readonly string[];
}

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const stringFormats = ['date-time', 'date', 'uuid', 'email', 'uri', 'hostname', 'ipv4', 'byte'] as const;

/** Builds the component schemas from `rnd`, with `counts` of each kind. */
export function buildSchemas(rnd: Random, counts: SchemaCounts): SchemaSet {
  const schemas: Record<string, Schema> = {};
  const objects: string[] = [];
  const unions: string[] = [];
  const enums: string[] = [];
  const names = rnd.sample(
    domains.flatMap((d) => nouns.map((n) => pascal(d, n))),
    domains.length * nouns.length,
  );
  let nextName = 0;
  const takeName = () => {
    if (nextName >= names.length) throw new Error('large document: out of schema names; lower the counts');
    return names[nextName++];
  };
  const enumValues = qualifiers.flatMap((q) => fields.map((f) => snake(q, f)));

  schemas.BasicError = {
    type: 'object',
    description: 'An error the API answers with.',
    properties: {
      message: { type: 'string' },
      code: { type: 'string' },
      documentation_url: { type: 'string', format: 'uri' },
    },
    required: ['message'],
  };
  schemas.ValidationError = {
    type: 'object',
    description: 'The request body or parameters did not validate.',
    properties: {
      message: { type: 'string' },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            field: { type: 'string' },
            code: { type: 'string' },
            message: { type: 'string', nullable: true },
          },
          required: ['field', 'code'],
        },
      },
    },
    required: ['message', 'errors'],
  };

  for (let i = 0; i < counts.enums; i++) {
    const name = `${takeName()}Code`;
    schemas[name] = {
      type: 'string',
      description: `The ${name} codes.`,
      enum: rnd.sample(enumValues, rnd.int(50, 400)),
    };
    enums.push(name);
  }

  /** One property's schema; `depth` > 0 allows an inline object nested that many levels. */
  const property = (depth: number): Schema => {
    const r = rnd.next();
    let s: Schema;
    if (r < 0.24) s = { type: 'string', ...(rnd.chance(0.2) ? { maxLength: rnd.pick([64, 255, 1024]) } : {}) };
    else if (r < 0.36) s = { type: 'string', format: rnd.pick(stringFormats) };
    else if (r < 0.46)
      s = {
        type: 'integer',
        ...(rnd.chance(0.5) ? { format: rnd.pick(['int32', 'int64']) } : {}),
        ...(rnd.chance(0.3) ? { minimum: 0 } : {}),
      };
    else if (r < 0.52) s = { type: 'number', ...(rnd.chance(0.5) ? { format: rnd.pick(['float', 'double']) } : {}) };
    else if (r < 0.6) s = { type: 'boolean' };
    else if (r < 0.7 && objects.length > 0)
      return rnd.chance(0.3) ? { allOf: [ref(rnd.pick(objects))], nullable: true } : ref(rnd.pick(objects));
    else if (r < 0.75 && enums.length > 0) return ref(rnd.pick(enums));
    else if (r < 0.8) s = { type: 'array', items: { type: rnd.pick(['string', 'integer', 'number']) } };
    else if (r < 0.87 && objects.length > 0) s = { type: 'array', items: ref(rnd.pick(objects)) };
    else if (r < 0.91) s = { type: 'string', enum: rnd.sample(qualifiers, rnd.int(3, 8)) };
    else if (r < 0.94)
      s = { type: 'object', additionalProperties: rnd.chance(0.5) ? { type: 'string' } : { type: 'integer' } };
    else if (depth > 0) return inlineObject(depth - 1, rnd.int(2, 5));
    else s = { type: 'string' };
    if (rnd.chance(0.15)) s = { ...s, nullable: true };
    if (rnd.chance(0.3)) s = { ...s, description: `The ${rnd.pick(fields)} of the ${rnd.pick(nouns)}.` };
    return s;
  };

  /** Property names for one object: `n` distinct snake_case names. */
  const propertyNames = (n: number): string[] => {
    const out = new Set<string>();
    while (out.size < n) out.add(rnd.chance(0.5) ? rnd.pick(fields) : snake(rnd.pick(fields), rnd.pick(nouns)));
    return [...out];
  };

  /** An object of `n` properties; `depth` allows inline objects below it. */
  function inlineObject(depth: number, n: number): Schema {
    const properties: Record<string, Schema> = {};
    const keys = propertyNames(n);
    for (const k of keys) properties[k] = property(depth);
    const required = keys.filter(() => rnd.chance(0.4));
    // OpenAPI 3.0's schema dialect wants a non-empty `required` when present.
    return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  }

  /** A nested chain of inline objects exactly `levels` deep. */
  const deepObject = (levels: number): Schema => {
    const o = inlineObject(0, rnd.int(2, 5)) as { properties: Record<string, Schema> };
    if (levels > 1) o.properties[snake(rnd.pick(fields), 'details')] = deepObject(levels - 1);
    return o;
  };

  /** A plain object schema of 5–30 properties, sometimes with a 3–5 deep inline object and a self-reference. */
  const plainObject = (name: string, min = 5, max = 30): Schema => {
    const o = inlineObject(1, rnd.int(min, max)) as { properties: Record<string, Schema>; required?: string[] };
    o.properties.id = { type: 'string', format: 'uuid', ...(rnd.chance(0.5) ? { readOnly: true } : {}) };
    o.required = ['id', ...(o.required ?? []).filter((k) => k !== 'id')];
    if (rnd.chance(0.25)) o.properties.metadata = deepObject(rnd.int(3, 5));
    if (rnd.chance(0.03)) o.properties.children = { type: 'array', items: ref(name) };
    return { ...o, description: `A ${name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}.` };
  };

  const plainBudget = counts.total - Object.keys(schemas).length;
  // Interleave kinds so later schemas of every kind can refer to earlier ones of every kind.
  const kinds = [
    ...Array.from({ length: counts.chains }, () => 'chain' as const),
    ...Array.from({ length: counts.unions }, () => 'union' as const),
    ...Array.from(
      { length: Math.max(0, plainBudget - counts.chains * 3.5 - counts.unions * 4.5) },
      () => 'plain' as const,
    ),
  ];
  for (const kind of rnd.sample(kinds, kinds.length)) {
    if (kind === 'plain') {
      const name = takeName();
      schemas[name] = plainObject(name);
      objects.push(name);
    } else if (kind === 'chain') {
      let prev = takeName();
      schemas[prev] = plainObject(prev);
      objects.push(prev);
      for (let n = rnd.int(2, 5); n > 1; n--) {
        const name = takeName();
        const extra = inlineObject(1, rnd.int(3, 10));
        schemas[name] = { description: `A ${prev} with more detail.`, allOf: [ref(prev), extra] };
        objects.push(name);
        prev = name;
      }
    } else {
      const name = takeName();
      const variants = rnd.sample(qualifiers, rnd.int(2, 5)).map((q) => {
        const v = `${name}${pascal(q)}`;
        const o = plainObject(v, 5, 15) as { properties: Record<string, Schema>; required: string[] };
        delete o.properties.kind;
        schemas[v] = {
          ...o,
          properties: { kind: { type: 'string', enum: [q] }, ...o.properties },
          required: ['kind', ...o.required.filter((k) => k !== 'kind')],
        };
        objects.push(v);
        return [q, v] as const;
      });
      schemas[name] = {
        description: `One of ${variants.length} kinds of ${name}, told apart by \`kind\`.`,
        oneOf: variants.map(([, v]) => ref(v)),
        discriminator: {
          propertyName: 'kind',
          mapping: Object.fromEntries(variants.map(([q, v]) => [q, `#/components/schemas/${v}`])),
        },
      };
      unions.push(name);
    }
  }
  while (Object.keys(schemas).length < counts.total) {
    const name = takeName();
    schemas[name] = plainObject(name);
    objects.push(name);
  }
  return { schemas, objects, unions, enums };
}
