// A JSON value (sampled from a published document) as a handler of kitgen's generated server
// returns it: the generated types hold `integer/int64` as `bigint` and `format: byte` as
// `Uint8Array`, wherever they sit — inside allOf, oneOf, arrays, maps or recursive schemas. The
// walk follows kitgen's model of the schema, so the value is what a user following the generated
// types would write; it never consults the runtime's codecs, whose faults it is meant to expose.
import { isRequired, type ObjectNode, type Property, type SchemaNode } from '../model/Schema.ts';
import { escapePointer } from '../check/documentPointers.ts';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Uint8Array);

/** Lifts JSON values into the generated types' representation, over one API's named schemas. */
export class TypedValues {
  constructor(private readonly schemas: ReadonlyMap<string, SchemaNode>) {}

  /** Nodes already judged by {@link TypedValues.#liftsNothing}, and those of them nothing below changes. */
  readonly #judged = new Set<SchemaNode>();
  readonly #unchanged = new Set<SchemaNode>();
  /** Each object node's properties by name (Graph's entities declare a hundred and more). */
  readonly #byName = new WeakMap<ObjectNode, Map<string, Property>>();

  #property(n: ObjectNode, name: string): Property | undefined {
    let map = this.#byName.get(n);
    if (map === undefined) this.#byName.set(n, (map = new Map(n.properties.map((p) => [p.name, p]))));
    return map.get(name);
  }

  #children(n: SchemaNode): SchemaNode[] {
    switch (n.kind) {
      case 'ref': {
        const target = this.schemas.get(n.target);
        return target === undefined ? [] : [target];
      }
      case 'array':
        return [n.items, ...(n.prefixItems ?? [])];
      case 'object':
        return [...n.properties.map((p) => p.schema), ...(typeof n.additional === 'object' ? [n.additional] : [])];
      case 'allOf':
      case 'union':
        return [...n.members];
      default:
        return [];
    }
  }

  /**
   * True when no int64 or bytes is reachable from `node`, so lifting leaves its value as it is:
   * a response is lifted at every request, and walking a large sample took most of an answer's time
   * (Graph's driveItem). Judged for every node reached at once, going back up from the ones that
   * lift, so a cycle of schemas gets the same answer wherever it is entered.
   */
  #liftsNothing(node: SchemaNode): boolean {
    if (this.#judged.has(node)) return this.#unchanged.has(node);
    const parents = new Map<SchemaNode, SchemaNode[]>([[node, []]]);
    const lifting: SchemaNode[] = [];
    const stack = [node];
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (n.kind === 'int64' || n.kind === 'bytes') lifting.push(n);
      for (const child of this.#children(n)) {
        if (this.#judged.has(child)) {
          if (!this.#unchanged.has(child)) lifting.push(n);
          continue;
        }
        const known = parents.get(child);
        if (known !== undefined) known.push(n);
        else {
          parents.set(child, [n]);
          stack.push(child);
        }
      }
    }
    const lifts = new Set(lifting);
    const up = [...lifts];
    while (up.length > 0) {
      for (const parent of parents.get(up.pop()!) ?? []) {
        if (lifts.has(parent)) continue;
        lifts.add(parent);
        up.push(parent);
      }
    }
    for (const n of parents.keys()) {
      this.#judged.add(n);
      if (!lifts.has(n)) this.#unchanged.add(n);
    }
    return this.#unchanged.has(node);
  }

  #resolve(node: SchemaNode): SchemaNode {
    let n = node;
    for (let i = 0; n.kind === 'ref' && i < 64; i++) n = this.schemas.get(n.target) ?? { kind: 'any' };
    return n;
  }

  /** The kind of a node behind its `$ref`s. */
  kindOf(node: SchemaNode): SchemaNode['kind'] {
    return this.#resolve(node).kind;
  }

  /** True when `json` has the shape of `node` (the member of a union that `json` is taken as). */
  fits(node: SchemaNode, json: unknown, depth = 0): boolean {
    const n = this.#resolve(node);
    if (json === null) return n.nullable === true || n.kind === 'null' || n.kind === 'any';
    if (depth > 32) return true;
    switch (n.kind) {
      case 'string':
        return typeof json === 'string' && (n.enum === undefined || n.enum.includes(json));
      case 'bytes':
        return typeof json === 'string';
      case 'integer':
      case 'number':
        return typeof json === 'number' && (n.kind === 'number' || Number.isInteger(json));
      case 'int64':
        return (
          (typeof json === 'number' && Number.isInteger(json)) || (typeof json === 'string' && /^-?\d+$/.test(json))
        );
      case 'boolean':
        return typeof json === 'boolean';
      case 'null':
        return false;
      case 'const':
        return n.values.some((v) => JSON.stringify(v) === JSON.stringify(json));
      case 'array':
        return Array.isArray(json);
      case 'object':
        return isPlainObject(json) && n.properties.every((p) => !p.required || p.name in json);
      case 'allOf':
        return n.members.every((m) => this.fits(m, json, depth + 1));
      case 'union':
        return n.members.some((m) => this.fits(m, json, depth + 1));
      default:
        return true;
    }
  }

  /**
   * Where `json` first departs from the shape of `node` as kitgen reads it, at any depth (a JSON
   * pointer and how), or undefined where it has that shape. ajv takes an array where a schema has
   * `properties` but no `type` (Azure's `actionGroups` example); the generated types hold an object
   * there, and a body the runtime encodes from that object is no longer the example.
   */
  misfit(node: SchemaNode, json: unknown, path = '', depth = 0): string | undefined {
    const n = this.#resolve(node);
    const place = path || '(root)';
    // A reference may allow null where its target does not (`nullable` beside the `$ref`).
    if (depth > 32 || (json === null && node.nullable === true)) return undefined;
    if (json === null || (n.kind !== 'array' && n.kind !== 'object' && n.kind !== 'allOf' && n.kind !== 'union'))
      return this.fits(n, json, depth) ? undefined : `${place} is no ${n.kind}, as kitgen reads the schema`;
    switch (n.kind) {
      case 'array': {
        if (!Array.isArray(json)) return `${place} is no array, as kitgen reads the schema`;
        for (const [i, item] of json.entries()) {
          const m = this.misfit(n.prefixItems?.[i] ?? n.items, item, `${path}/${i}`, depth + 1);
          if (m !== undefined) return m;
        }
        return undefined;
      }
      case 'object': {
        if (!isPlainObject(json)) return `${place} is no object, as kitgen reads the schema`;
        for (const p of n.properties) {
          if (!(p.name in json)) {
            if (isRequired(n, p)) return `${place} lacks the required property '${p.name}'`;
            continue;
          }
          const m = this.misfit(p.schema, json[p.name], `${path}/${escapePointer(p.name)}`, depth + 1);
          if (m !== undefined) return m;
        }
        if (typeof n.additional !== 'object') return undefined;
        for (const [key, value] of Object.entries(json)) {
          if (this.#property(n, key) !== undefined) continue;
          const m = this.misfit(n.additional, value, `${path}/${escapePointer(key)}`, depth + 1);
          if (m !== undefined) return m;
        }
        return undefined;
      }
      case 'allOf':
        for (const member of n.members) {
          const m = this.misfit(member, json, path, depth + 1);
          if (m !== undefined) return m;
        }
        return undefined;
      default: {
        const misfits = n.members.map((member) => this.misfit(member, json, path, depth + 1));
        return misfits.includes(undefined) ? undefined : misfits[0];
      }
    }
  }

  /**
   * The part of `json` the generated types describe: properties an object (or any member of its
   * allOf or union) declares, or takes as additional ones. A value's other properties may be
   * dropped on the wire — the types have no place for them — and are no loss of fidelity.
   */
  project(node: SchemaNode, json: unknown, depth = 0): unknown {
    const n = this.#resolve(node);
    if (json === null || typeof json !== 'object' || depth > 64) return json;
    switch (n.kind) {
      case 'array':
        return Array.isArray(json)
          ? json.map((item, i) => this.project(n.prefixItems?.[i] ?? n.items, item, depth + 1))
          : json;
      case 'object': {
        if (!isPlainObject(json)) return json;
        const out: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(json)) {
          const property = this.#property(n, key);
          if (property) out[key] = this.project(property.schema, value, depth + 1);
          else if (typeof n.additional === 'object') out[key] = this.project(n.additional, value, depth + 1);
          else if (n.additional === true) out[key] = value;
        }
        return out;
      }
      case 'allOf':
      case 'union': {
        if (!isPlainObject(json)) {
          const member = n.members.find((m) => this.fits(m, json, depth + 1));
          return member ? this.project(member, json, depth + 1) : json;
        }
        const parts = n.members.map((m) => this.project(m, json, depth + 1));
        return parts.every(isPlainObject) ? Object.assign({}, ...parts) : json;
      }
      default:
        return json;
    }
  }

  /** `json` with every int64 a bigint and every `format: byte` string its bytes, as `node` says. */
  lift(node: SchemaNode, json: unknown, depth = 0): unknown {
    if (json === null || json === undefined || depth > 64 || this.#liftsNothing(node)) return json;
    const n = this.#resolve(node);
    switch (n.kind) {
      case 'int64':
        if (typeof json === 'number' && Number.isInteger(json)) return BigInt(json);
        if (typeof json === 'string' && /^-?\d+$/.test(json)) return BigInt(json);
        return json;
      case 'bytes':
        if (typeof json !== 'string') return json;
        return n.format === 'byte' ? new Uint8Array(Buffer.from(json, 'base64')) : new TextEncoder().encode(json);
      case 'array': {
        if (!Array.isArray(json)) return json;
        return json.map((item, i) => this.lift(n.prefixItems?.[i] ?? n.items, item, depth + 1));
      }
      case 'object': {
        if (!isPlainObject(json)) return json;
        const out: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(json)) {
          const property = this.#property(n, key);
          const schema = property?.schema ?? (typeof n.additional === 'object' ? n.additional : undefined);
          // defineProperty: a property named `__proto__` stays a property.
          Object.defineProperty(out, key, {
            value: schema ? this.lift(schema, value, depth + 1) : value,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
        return out;
      }
      case 'allOf':
        // Each member lifts the properties it knows and keeps the others as they are.
        return n.members.reduce<unknown>((value, member) => this.lift(member, value, depth + 1), json);
      case 'union': {
        const d = n.discriminator;
        const tag = d && isPlainObject(json) ? json[d.propertyName] : undefined;
        const target = d?.mapping.find((m) => m.value === tag)?.target;
        const byTag = target === undefined ? undefined : n.members.find((m) => m.kind === 'ref' && m.target === target);
        const member = byTag ?? n.members.find((m) => this.fits(m, json, depth + 1));
        return member ? this.lift(member, json, depth + 1) : json;
      }
      default:
        return json;
    }
  }
}
