// Sample values made from the compiler's model: a valid value for every schema (enums, formats,
// bounds, required fields, discriminators). The mock server answers response headers with them;
// the end-to-end tests call every operation of every fixture with real inputs and outputs.
import type { Api, Operation, Parameter, Response } from '../model/Api.ts';
import { isRequired, type SchemaNode } from '../model/Schema.ts';
import { patternSample } from './patternSample.ts';

/** The sample of a schema that says nothing of its value. */
const anySample = 'anything';

/** Builds samples for one API. */
export class Samples {
  readonly #schemas: Map<string, SchemaNode>;

  constructor(readonly api: Api) {
    this.#schemas = new Map(api.schemas.map((s) => [s.key, s.schema]));
  }

  #resolve(node: SchemaNode): SchemaNode {
    let n = node;
    for (let i = 0; n.kind === 'ref' && i < 50; i++) n = this.#schemas.get(n.target) ?? { kind: 'any' };
    return n;
  }

  /** A valid value of a schema; `depth` stops recursion (optional fields and arrays go empty). */
  value(node: SchemaNode, depth = 0): unknown {
    const n = this.#resolve(node);
    switch (n.kind) {
      case 'string': {
        if (n.enum) return n.enum[0];
        if (n.hasDefault && typeof n.default === 'string') return n.default;
        const byFormat: Record<string, string> = {
          'date-time': '2024-01-02T03:04:05Z',
          date: '2024-01-02',
          uuid: '123e4567-e89b-42d3-a456-426614174000',
          email: 'someone@example.com',
          uri: 'https://example.com/a',
          // ajv-formats' `url` (Obono's and Figshare's Location headers), and the other common formats.
          url: 'https://example.com/a',
          iri: 'https://example.com/a',
          'uri-reference': 'https://example.com/a',
          hostname: 'example.com',
          ipv4: '192.0.2.1',
          ipv6: '2001:db8::1',
          time: '03:04:05Z',
        };
        const text = n.format !== undefined && byFormat[n.format] !== undefined ? byFormat[n.format] : 'text';
        const min = n.constraints.minLength as number | undefined;
        const pattern = n.constraints.pattern;
        if (typeof pattern === 'string' && n.format === undefined) {
          const matching = patternSample(
            pattern,
            min ?? 0,
            (n.constraints.maxLength as number | undefined) ?? Infinity,
          );
          if (matching !== undefined) return matching;
        }
        return min !== undefined && text.length < min ? text.padEnd(min, 'x') : text;
      }
      case 'integer':
      case 'number': {
        if (n.enum) return n.enum[0];
        const min = (n.constraints.minimum ?? n.constraints.exclusiveMinimum) as number | undefined;
        // `type: number, format: int32` is a whole number to a referee that knows the format.
        const base = n.kind === 'integer' || /^u?int(8|16|32|64)$/.test(n.format ?? '') ? 7 : 1.5;
        if (min !== undefined && base < min) return n.constraints.exclusiveMinimum !== undefined ? min + 1 : min;
        const max = (n.constraints.maximum ?? n.constraints.exclusiveMaximum) as number | undefined;
        return max !== undefined && base > max ? max - 1 : base;
      }
      case 'int64':
        return 9007199254740993n; // 2^53 + 1: exact only as a bigint
      case 'bytes':
        return new Uint8Array([1, 2, 3, 250]);
      case 'boolean':
        return true;
      case 'null':
        return null;
      case 'any':
        return anySample;
      case 'const':
        return n.values[0];
      case 'array': {
        const min = (n.constraints.minItems as number | undefined) ?? 0;
        const count = depth > 2 ? min : Math.max(1, min);
        return Array.from({ length: count }, () => this.value(n.items, depth + 1));
      }
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const p of n.properties) {
          if (p.name === '__proto__') continue; // the JSON codec drops it on purpose
          if (!isRequired(n, p) && depth > 2) continue;
          Object.defineProperty(out, p.name, {
            value: this.value(p.schema, depth + 1),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
        if (n.additional !== undefined && n.additional !== false && depth <= 2) {
          out.extra = n.additional === true ? 'more' : this.value(n.additional, depth + 1);
        }
        return out;
      }
      case 'union': {
        const member = n.members[0];
        const value = this.value(member, depth + 1);
        const d = n.discriminator;
        if (d && member.kind === 'ref' && value !== null && typeof value === 'object') {
          const entry = d.mapping.find((m) => m.target === member.target);
          if (entry) (value as Record<string, unknown>)[d.propertyName] = entry.value;
        }
        return value;
      }
      case 'allOf': {
        // A property one member leaves open (`any`: Linode's `{required: […]}` beside an array)
        // keeps the value another member types.
        const values = n.members.map((m) => this.value(m, depth));
        const out: Record<string, unknown> = {};
        for (const v of values)
          for (const [k, x] of Object.entries((v ?? {}) as object))
            if (!(x === anySample && Object.hasOwn(out, k)))
              Object.defineProperty(out, k, { value: x, enumerable: true, writable: true, configurable: true });
        return out;
      }
    }
    return undefined;
  }

  /** A parameter's value as the params object holds it (path parameters by their codec). */
  parameter(p: Parameter): unknown {
    if (p.in === 'path') {
      // A value the codec and the schema's keywords accept (an enum's first value, numbers within bounds).
      const allowed = p.pathConstraints?.enum;
      if (Array.isArray(allowed)) return allowed[0];
      switch (p.pathCodec) {
        case 'int':
        case 'integer':
        case 'number':
          return this.value(p.schema);
        case 'long':
          return 9007199254740993n;
        case 'uuid':
          return '123e4567-e89b-42d3-a456-426614174000';
        case 'bool':
          return true;
        default:
          return p.pathConstraints === undefined ? 'a b' : this.value(p.schema);
      }
    }
    if (p.in === 'query' && p.style === 'deepObject') {
      const v = this.value(p.schema) as Record<string, unknown>;
      return v;
    }
    const v = this.value(p.schema);
    return this.#resolve(p.schema).kind === 'array' ? [v, v].flat() : v;
  }

  /** The params object of an operation (credentials left to the client). */
  params(op: Operation): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const p of op.parameters) if (p.credential === undefined) out[p.prop] = this.parameter(p);
    if (op.body) {
      // A body in several media types is sent in its last one: the first is the one the other fixtures already cover.
      const variant = op.body.variants?.at(-1);
      out[op.bodyProp] = op.body.parts
        ? Object.fromEntries(op.body.parts.map((part) => [part.name, this.value(part.schema)]))
        : variant
          ? {
              mediaType: variant.mediaTypes[0],
              value: variant.parts
                ? Object.fromEntries(variant.parts.map((part) => [part.name, this.value(part.schema)]))
                : this.value(variant.schema),
            }
          : this.value(op.body.schema);
    }
    return out;
  }

  /** The value of one response as the generated types hold it (`{ status, body, headers }` when `withStatus`). */
  response(r: Response, withStatus: boolean): unknown {
    const variant = r.content?.variants?.at(-1);
    const body = variant ? this.value(variant.schema) : r.content ? this.value(r.content.schema) : undefined;
    if (!withStatus) return body;
    const out: Record<string, unknown> = { status: r.status };
    if (variant) out.mediaType = variant.mediaTypes[0];
    if (r.content) out.body = body;
    if (r.headers.length > 0) out.headers = Object.fromEntries(r.headers.map((h) => [h.prop, this.value(h.schema)]));
    return out;
  }
}
