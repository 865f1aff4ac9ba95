import { CodecSchemaError } from '../schemaWalk/errors.ts';
import { fieldIdentifier } from '../schemaWalk/names.ts';
import type { EnumNode, RecordNode, SchemaGraph, SchemaNode, UnionNode } from '../schemaWalk/SchemaNode.ts';

const FORMAT = 'Avro';

/** An Avro schema in its JSON form. */
export type AvroSchemaJson = string | readonly AvroSchemaJson[] | { readonly [key: string]: unknown };

/**
 * How a value of one schema position travels through avsc: the converters read this. Unions use
 * avsc's `wrapUnions: 'auto'`: `null | X` is unwrapped, a union of two or more records is wrapped
 * as `{ "<full name>": record }`.
 */
export type AvroShape =
  | { readonly k: 'int' | 'float' | 'double' | 'boolean' | 'string' | 'bytes' }
  | { readonly k: 'long'; readonly bigint: boolean }
  | { readonly k: 'timestamp' }
  | {
      readonly k: 'enum';
      readonly name: string;
      readonly toSymbol: ReadonlyMap<string, string>;
      readonly fromSymbol: ReadonlyMap<string, string>;
    }
  | { readonly k: 'array'; readonly items: AvroShape }
  | { readonly k: 'map'; readonly values: AvroShape }
  | { readonly k: 'record'; readonly def: AvroRecord }
  | { readonly k: 'union'; readonly def: AvroUnion; readonly wrapped: boolean }
  | { readonly k: 'nullable'; readonly inner: AvroShape };

/** A record: in-memory and Avro field names, and whether a field may be absent in memory. */
export interface AvroRecord {
  readonly name: string;
  readonly fullName: string;
  readonly fields: {
    readonly memory: string;
    readonly wire: string;
    readonly shape: AvroShape;
    readonly optional: boolean;
  }[];
}

/** A tagged union: an Avro union of its case records. */
export interface AvroUnion {
  readonly name: string;
  readonly tag: string;
  readonly cases: { readonly name: string; readonly def: AvroRecord }[];
}

/** The Avro view of a schema: the JSON schema to print and hand to avsc, and the root shape. */
export interface AvroModel {
  readonly schema: AvroSchemaJson;
  readonly shape: AvroShape;
}

function fail(path: string, message: string): never {
  throw new CodecSchemaError(FORMAT, path, message);
}

/** Maps the schema graph onto Avro types (see docs/spec-mapping.md). */
export function buildAvroModel(graph: SchemaGraph, namespace: string | undefined): AvroModel {
  const defined = new Set<object>();
  const records = new Map<RecordNode, AvroRecord>();
  const unions = new Map<UnionNode, AvroUnion>();
  const enums = new Map<EnumNode, AvroShape>();
  const qualified = (name: string) => (namespace === undefined ? name : `${namespace}.${name}`);

  // A named type is written in full where it first appears and by name afterwards.
  const named = (node: RecordNode | EnumNode, body: () => Record<string, unknown>): AvroSchemaJson => {
    if (defined.has(node)) return qualified(node.name);
    defined.add(node);
    // Every definition names its namespace: Avro inherits it only lexically, not across siblings.
    return namespace === undefined ? body() : { namespace, ...body() };
  };

  const enumShape = (node: EnumNode): AvroShape => {
    const known = enums.get(node);
    if (known !== undefined) return known;
    const toSymbol = new Map<string, string>();
    const fromSymbol = new Map<string, string>();
    for (const value of node.values) {
      const symbol = fieldIdentifier(value);
      const clash = fromSymbol.get(symbol);
      if (clash !== undefined)
        fail(
          node.path,
          `enum values ${JSON.stringify(clash)} and ${JSON.stringify(value)} both become Avro symbol ${symbol}`,
        );
      toSymbol.set(value, symbol);
      fromSymbol.set(symbol, value);
    }
    const shape: AvroShape = { k: 'enum', name: node.name, toSymbol, fromSymbol };
    enums.set(node, shape);
    return shape;
  };

  const record = (node: RecordNode): AvroRecord => {
    const known = records.get(node);
    if (known !== undefined) return known;
    const def: AvroRecord = { name: node.name, fullName: qualified(node.name), fields: [] };
    records.set(node, def);
    return def;
  };

  const union = (node: UnionNode): AvroUnion => {
    const known = unions.get(node);
    if (known !== undefined) return known;
    const def: AvroUnion = {
      name: node.name,
      tag: node.tag,
      cases: node.cases.map((c) => ({ name: c.name, def: record(c.record) })),
    };
    unions.set(node, def);
    return def;
  };

  // Returns the Avro JSON of a position and its shape; `null` is prepended by the caller.
  const walk = (node: SchemaNode): { schema: AvroSchemaJson; shape: AvroShape } => {
    switch (node.kind) {
      case 'int32':
        return { schema: 'int', shape: { k: 'int' } };
      case 'int64':
        return { schema: 'long', shape: { k: 'long', bigint: node.bigint } };
      case 'float32':
        return { schema: 'float', shape: { k: 'float' } };
      case 'float64':
        return { schema: 'double', shape: { k: 'double' } };
      case 'boolean':
        return { schema: 'boolean', shape: { k: 'boolean' } };
      case 'string':
        return { schema: 'string', shape: { k: 'string' } };
      case 'bytes':
        return { schema: 'bytes', shape: { k: 'bytes' } };
      // A Date is Avro's own `timestamp-millis` logical type (a long of epoch milliseconds).
      case 'timestamp':
        return { schema: { type: 'long', logicalType: 'timestamp-millis' }, shape: { k: 'timestamp' } };
      case 'any':
        return fail(node.path, 'an unconstrained value (Schema.Unknown/Any) has no Avro type');
      case 'enum': {
        const shape = enumShape(node);
        const symbols = [...(shape as { toSymbol: ReadonlyMap<string, string> }).toSymbol.values()];
        return {
          schema: named(node, () => ({ type: 'enum', name: node.name, ...doc(node.description), symbols })),
          shape,
        };
      }
      case 'array': {
        const items = walk(node.items);
        return { schema: { type: 'array', items: items.schema }, shape: { k: 'array', items: items.shape } };
      }
      case 'map': {
        const values = walk(node.values);
        return { schema: { type: 'map', values: values.schema }, shape: { k: 'map', values: values.shape } };
      }
      case 'nullable':
        return nullable(node.inner, node.path);
      case 'record': {
        const def = record(node);
        return { schema: recordSchema(node, def), shape: { k: 'record', def } };
      }
      case 'union': {
        const def = union(node);
        const branches = node.cases.map((c) => recordSchema(c.record, record(c.record)));
        return { schema: branches, shape: { k: 'union', def, wrapped: def.cases.length > 1 } };
      }
    }
  };

  const nullable = (inner: SchemaNode, path: string): { schema: AvroSchemaJson; shape: AvroShape } => {
    if (inner.kind === 'nullable') fail(path, 'nested nullable');
    const walked = walk(inner);
    // Avro unions cannot nest: a nullable union is one flat union with null first.
    const branches = Array.isArray(walked.schema) ? walked.schema : [walked.schema];
    return { schema: ['null', ...branches], shape: { k: 'nullable', inner: walked.shape } };
  };

  const recordSchema = (node: RecordNode, def: AvroRecord): AvroSchemaJson =>
    named(node, () => {
      const wires = new Map<string, string>();
      const fields = node.fields.map((f) => {
        const wire = fieldIdentifier(f.name);
        const clash = wires.get(wire);
        if (clash !== undefined) fail(f.path, `fields "${clash}" and "${f.name}" both become Avro field "${wire}"`);
        wires.set(wire, f.name);
        if (f.optional && f.node.kind === 'nullable') {
          fail(
            f.path,
            `field "${f.name}" is both optional and nullable; Avro writes both as null, so make it one or the other`,
          );
        }
        // An optional field is a union with null, defaulting to null, so readers of older data cope.
        const walked = f.optional ? nullable(f.node, f.path) : walk(f.node);
        def.fields.push({ memory: f.name, wire, shape: walked.shape, optional: f.optional });
        return { name: wire, ...doc(f.description), type: walked.schema, ...(f.optional ? { default: null } : {}) };
      });
      return { type: 'record', name: node.name, ...doc(node.description), fields };
    });

  const root = walk(graph.root);
  return { schema: root.schema, shape: root.shape };
}

function doc(description: string | undefined): { doc?: string } {
  return description === undefined ? {} : { doc: description };
}
