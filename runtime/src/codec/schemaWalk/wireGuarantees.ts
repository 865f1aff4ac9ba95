import { TaggedUnionKeyword } from '../../schema/TaggedUnion.ts';

// Keywords that say nothing a value must satisfy (annotations, TypeBox's own bookkeeping).
const ANNOTATIONS = new Set([
  'title',
  'description',
  '$comment',
  '$id',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'discriminator',
  TaggedUnionKeyword,
  '~kind',
  '~optional',
  '~unsafe',
]);
// Types whose every value a typed binary decoder already gives in the right JavaScript type.
const SCALARS = new Set(['string', 'integer', 'number', 'boolean', 'null']);

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function only(node: Node, allowed: readonly string[]): boolean {
  return Object.getOwnPropertyNames(node).every((k) => ANNOTATIONS.has(k) || allowed.includes(k));
}

/** A string literal of an enum (`Union([Literal('a'), …])`): the decoder maps wire numbers/symbols to exactly these. */
function isStringLiteral(node: unknown): boolean {
  return isNode(node) && node.type === 'string' && typeof node.const === 'string' && only(node, ['type', 'const']);
}

function typesOnly(node: unknown, tag?: string): boolean {
  if (!isNode(node)) return false;
  // Refinements, references, bytes and dates keep their check (their keys are not listed below).
  if (Array.isArray(node.anyOf)) {
    const members = node.anyOf as unknown[];
    if (!only(node, ['anyOf'])) return false;
    const info = node[TaggedUnionKeyword] as { tag?: unknown } | undefined;
    if (info !== undefined)
      return typeof info.tag === 'string' && members.every((m) => typesOnly(m, info.tag as string));
    if (members.every(isStringLiteral)) return true;
    // `T | null`: the decoder gives null or a T.
    const nonNull = members.filter((m) => !(isNode(m) && m.type === 'null' && only(m, ['type'])));
    return members.length === 2 && nonNull.length === 1 && typesOnly(nonNull[0]);
  }
  switch (node.type) {
    case 'object': {
      if (!only(node, ['type', 'properties', 'required']) || !isNode(node.properties)) return false;
      const properties = node.properties;
      return Object.entries(properties).every(([name, p]) => (name === tag ? isStringLiteral(p) : typesOnly(p)));
    }
    case 'array':
      return only(node, ['type', 'items']) && typesOnly(node.items);
    case 'bigint':
      // Schema.Int64: a 64-bit wire integer fits by construction.
      return node.format === 'int64' && only(node, ['type', 'format']);
    default:
      return typeof node.type === 'string' && SCALARS.has(node.type) && only(node, ['type']);
  }
}

/**
 * Whether a value a typed binary decoder (protobuf, Avro) produced from this schema's own wire
 * schema can still fail the schema's check. False only when the schema states nothing beyond
 * types that the wire schema and the generated converters enforce already (objects of known
 * fields, unbounded strings and numbers, integers, booleans, Int64, string enums, tagged unions,
 * arrays, `T | null`): then the check after decoding can never fail and is skipped. Any other
 * keyword (bounds, patterns, formats, refinements, `$ref`, maps, bytes, dates) keeps it.
 */
export function decodedValueNeedsCheck(schema: unknown): boolean {
  return !typesOnly(schema);
}
