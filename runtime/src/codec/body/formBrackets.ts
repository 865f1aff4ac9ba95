import type { TSchema } from 'typebox';
import { mergedAllOf } from '../json/allOfShapes.ts';
import { refTarget } from '../json/schemaDefs.ts';
import { coerceParam } from './paramCoercion.ts';

// Form fields in bracket notation: OpenAPI's `deepObject` encoding of a form field, the way Stripe's
// API, Rails and PHP write forms (`scope[type]=account`, `items[0][price]=p1`, `tags[]=a&tags[]=b`).
// The pairs named `<field>[…]` are the value they stand for, each leaf read as a query value of its
// schema (`amount[value]=5` is the number 5 where the schema says so).

type Schema = Record<string, unknown>;
type Defs = Readonly<Record<string, Schema>>;

/** Names a key must not build (they would reach Object.prototype). */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
/** How deep a bracket path may go: deeper pairs are ignored (validation then names what is missing). */
const MAX_DEPTH = 16;

/** The bracket path of `key` below `field` (`scope[type]` → `['type']`), or undefined when it is none. */
function bracketPath(field: string, key: string): string[] | undefined {
  if (key.length <= field.length || !key.startsWith(field) || key[field.length] !== '[') return undefined;
  const rest = key.slice(field.length);
  if (!/^(?:\[[^[\]]*\])+$/.test(rest)) return undefined;
  const path = rest.slice(1, -1).split('][');
  return path.length > MAX_DEPTH || path.some((p) => FORBIDDEN.has(p)) ? undefined : path;
}

/** A schema with its `$ref` followed and an `allOf` merged, as the JSON codec reads it. */
function resolved(s: Schema | undefined, defs: Defs): Schema {
  let out: Schema | undefined = s;
  for (let i = 0; i < 16 && out !== undefined && typeof out.$ref === 'string'; i++) out = refTarget(out, defs);
  if (out !== undefined && Array.isArray(out.allOf)) out = mergedAllOf(out, defs);
  return out ?? {};
}

/** The schema of `key` in an object schema: its property, a union member's, or its further properties'. */
function propertySchema(s: Schema, key: string, defs: Defs): Schema {
  const props = s.properties as Record<string, Schema> | undefined;
  if (props !== undefined && Object.prototype.hasOwnProperty.call(props, key)) return props[key];
  const members = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : [];
  for (const m of members as Schema[]) {
    const r = resolved(m, defs);
    const p = r.properties as Record<string, Schema> | undefined;
    if (p !== undefined && Object.prototype.hasOwnProperty.call(p, key)) return p[key];
  }
  return typeof s.additionalProperties === 'object' && s.additionalProperties !== null
    ? (s.additionalProperties as Schema)
    : {};
}

/** A tree of the bracket paths: a key's texts at its leaf. */
interface Node {
  texts: string[];
  readonly children: Map<string, Node>;
}

const node = (): Node => ({ texts: [], children: new Map() });

/** The value of a node under `schema`: an object, a list (keys `''` or indices), or the leaf's texts coerced. */
function valueOf(n: Node, schema: Schema | undefined, defs: Defs): unknown {
  const s = resolved(schema, defs);
  if (n.children.size === 0) return coerceParam(s as unknown as TSchema, n.texts, 'form', true);
  const keys = [...n.children.keys()];
  if (keys.every((k) => k === '' || /^\d+$/.test(k))) {
    const items = (Array.isArray(s.items) ? undefined : s.items) as Schema | undefined;
    const list: unknown[] = [];
    for (const k of keys.sort((a, b) => (a === '' ? 1 : b === '' ? -1 : Number(a) - Number(b)))) {
      const child = n.children.get(k)!;
      // `tags[]=a&tags[]=b`: each text an item.
      if (k === '' && child.children.size === 0)
        for (const t of child.texts) list.push(valueOf({ texts: [t], children: new Map() }, items, defs));
      else list.push(valueOf(child, items, defs));
    }
    return list;
  }
  const out: Record<string, unknown> = {};
  for (const [k, child] of n.children) out[k] = valueOf(child, propertySchema(s, k, defs), defs);
  return out;
}

/**
 * The value of form field `field` written in bracket notation among `pairs` (name → texts), read
 * under the field's `schema`; undefined when no pair names the field so.
 */
export function bracketValue(
  field: string,
  pairs: ReadonlyMap<string, readonly string[]>,
  schema: Schema,
  defs: Defs,
): unknown {
  const root = node();
  let any = false;
  for (const [key, texts] of pairs) {
    const path = bracketPath(field, key);
    if (path === undefined) continue;
    any = true;
    let at = root;
    for (const p of path) {
      let next = at.children.get(p);
      if (next === undefined) at.children.set(p, (next = node()));
      at = next;
    }
    at.texts = [...at.texts, ...texts];
  }
  return any ? valueOf(root, schema, defs) : undefined;
}
