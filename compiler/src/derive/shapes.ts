import { ts } from './tsMorph.ts';
import { intersectionShape, objectShape } from './objects.ts';
import type { Ir } from './schemaIr.ts';
import { isNullEnumMember, literalSchema, literalValue, unionShape } from './unions.ts';
import type { Site, Walker } from './walker.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The regular expression of a template literal type's placeholder, or undefined when it has none. */
function placeholder(w: Walker, type: ts.Type): string | undefined {
  if (type.flags & (ts.TypeFlags.String | ts.TypeFlags.StringMapping | ts.TypeFlags.Any)) return '.*';
  if (type.flags & ts.TypeFlags.Number) return '[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?';
  if (type.flags & ts.TypeFlags.BigInt) return '-?\\d+';
  const value = literalValue(w, type);
  if (value !== undefined) return escapeRegExp(String(value));
  if (type.isUnion()) {
    const parts = type.types.map((t) => placeholder(w, t));
    return parts.every((p) => p !== undefined) ? `(?:${parts.join('|')})` : undefined;
  }
  return undefined;
}

/**
 * The structure of a type (named types are already set aside by the walker): primitives,
 * literals, template literals, unions, intersections, objects.
 */
export function shapeOf(w: Walker, type: ts.Type, site: Site): Ir {
  const f = type.flags;
  const literal = literalValue(w, type);
  if (literal !== undefined) return literalSchema([literal]);
  if (isNullEnumMember(type)) return { type: 'null' };
  if (f & ts.TypeFlags.String) return { type: 'string' };
  if (f & ts.TypeFlags.Number) return { type: 'number' };
  if (f & ts.TypeFlags.Boolean) return { type: 'boolean' };
  if (f & ts.TypeFlags.BigInt) return { type: 'bigint', format: 'int64' };
  if (f & ts.TypeFlags.BigIntLiteral)
    return w.fail(site, `a bigint literal (${w.text(type)}) has no JSON Schema form`, 'use bigint');
  if (f & ts.TypeFlags.StringMapping) return { type: 'string' };
  if (f & ts.TypeFlags.TemplateLiteral) {
    const t = type as ts.TemplateLiteralType;
    const parts = t.types.map((p) => placeholder(w, p));
    if (parts.some((p) => p === undefined))
      return w.fail(
        site,
        `the template literal type ${w.text(type)} has no pattern`,
        'use string placeholders, numbers or literals',
      );
    return {
      type: 'string',
      pattern: `^${escapeRegExp(t.texts[0])}${parts.map((p, i) => p + escapeRegExp(t.texts[i + 1])).join('')}$`,
    };
  }
  if (type.isUnion()) return unionShape(w, type, site);
  if (type.isIntersection()) return intersectionShape(w, type, site);
  if (f & ts.TypeFlags.Object) return objectShape(w, type, site);
  return w.fail(site, `the type ${w.text(type)} has no JSON form`, 'use a data type (JSON values, arrays, objects)');
}
