import { CodecSchemaError } from '../schemaWalk/errors.ts';
import { fieldIdentifier, upperSnake } from '../schemaWalk/names.ts';
import type { EnumNode, FieldNode, RecordNode, SchemaGraph, SchemaNode, UnionNode } from '../schemaWalk/SchemaNode.ts';

const FORMAT = 'Thrift';

/** A Thrift type as the wire code and the IDL printer see it. */
export type ThriftType =
  | { readonly k: 'bool' | 'i32' | 'double' | 'string' | 'binary' }
  | { readonly k: 'i64'; readonly bigint: boolean; readonly date?: boolean }
  | { readonly k: 'enum'; readonly def: ThriftEnum }
  | { readonly k: 'list'; readonly items: ThriftType }
  | { readonly k: 'map'; readonly values: ThriftType }
  | { readonly k: 'struct'; readonly def: ThriftStruct }
  | { readonly k: 'union'; readonly def: ThriftUnion };

/** A struct field: its in-memory name, IDL name, id and how absence reads in memory. */
export interface ThriftField {
  readonly memory: string;
  readonly idlName: string;
  readonly id: number;
  readonly type: ThriftType;
  readonly optional: boolean;
  readonly nullable: boolean;
  readonly description?: string;
}

/** A struct: a record, or the wrapper a non-struct root travels in. */
export interface ThriftStruct {
  readonly kind: 'struct';
  readonly name: string;
  readonly fields: ThriftField[];
  readonly description?: string;
}

/** A tagged union: a Thrift `union` with one struct-typed field per case. */
export interface ThriftUnion {
  readonly kind: 'union';
  readonly name: string;
  readonly tag: string;
  readonly cases: {
    readonly name: string;
    readonly idlName: string;
    readonly id: number;
    readonly def: ThriftStruct;
  }[];
  readonly description?: string;
}

/** An enum: i32 values numbered from 1 in declaration order. */
export interface ThriftEnum {
  readonly kind: 'enum';
  readonly name: string;
  readonly values: { readonly identifier: string; readonly number: number; readonly value: string }[];
  readonly description?: string;
}

/** The Thrift view of a schema: the root struct or union and every definition. */
export interface ThriftModel {
  readonly root: ThriftStruct | ThriftUnion;
  /** Whether the root is a one-field wrapper (its field's memory name is the key). */
  readonly wrapped: boolean;
  readonly definitions: (ThriftStruct | ThriftUnion | ThriftEnum)[];
}

// Words the Thrift compiler or a target language's generator rejects as identifiers. Field names
// never reach the binary protocol (ids do), so renaming one only changes the IDL.
const RESERVED = new Set(
  (
    'and as assert async await break case catch class const continue cpp_include cpp_type def default del delete do double elif else ' +
    'enum except exception exec extends false finally float for from function global goto i16 i32 i64 i8 if implements import in include ' +
    'inline instanceof interface is lambda list map namespace native new nil None nonlocal not oneway optional or package pass print ' +
    'private protected public raise register required return self senum service set slist static string struct super switch ' +
    'synchronized this throw throws transient True true try typedef union unsigned var virtual void volatile while with xor yield ' +
    'binary bool byte uuid xsd_all xsd_optional xsd_nillable xsd_attrs'
  ).split(' '),
);

function identifier(name: string): string {
  const id = fieldIdentifier(name);
  return RESERVED.has(id) ? `${id}_` : id;
}

function fail(path: string, message: string): never {
  throw new CodecSchemaError(FORMAT, path, message);
}

/** Maps the schema graph onto Thrift structs, unions and enums (see docs/spec-mapping.md). */
export function buildThriftModel(graph: SchemaGraph, rootName: string): ThriftModel {
  const definitions: (ThriftStruct | ThriftUnion | ThriftEnum)[] = [];
  const structs = new Map<RecordNode, ThriftStruct>();
  const unions = new Map<UnionNode, ThriftUnion>();
  const enums = new Map<EnumNode, ThriftEnum>();
  const names = new Set(graph.named.map((n) => identifier(n.name)));

  const type = (node: SchemaNode): ThriftType => {
    switch (node.kind) {
      case 'int32':
        return { k: 'i32' };
      case 'int64':
        return { k: 'i64', bigint: node.bigint };
      case 'float32':
      case 'float64':
        return { k: 'double' }; // Thrift has no 32-bit float
      case 'boolean':
        return { k: 'bool' };
      case 'string':
        return { k: 'string' };
      case 'bytes':
        return { k: 'binary' };
      // A Date is an i64 of epoch milliseconds: exact for every Date, and what Thrift IDLs commonly use.
      case 'timestamp':
        return { k: 'i64', bigint: false, date: true };
      case 'enum':
        return { k: 'enum', def: enumeration(node) };
      case 'array':
        return { k: 'list', items: element(node.items) };
      case 'map':
        return { k: 'map', values: element(node.values) };
      case 'record':
        return { k: 'struct', def: struct(node) };
      case 'union':
        return { k: 'union', def: union(node) };
      case 'nullable':
        return fail(
          node.path,
          'a nullable value needs a field to be absent from; Thrift lists and maps cannot hold null',
        );
      case 'any':
        return fail(node.path, 'an unconstrained value (Schema.Unknown/Any) has no Thrift type');
    }
  };
  const element = (node: SchemaNode): ThriftType => type(node);

  const field = (f: FieldNode, idlName: string): ThriftField => {
    const nullable = f.node.kind === 'nullable';
    if (nullable && f.optional) {
      fail(
        f.path,
        `field "${f.name}" is both optional and nullable; Thrift has one kind of absence (an unset field), so make it one or the other`,
      );
    }
    if (f.id > 32_767) fail(f.path, `field id ${f.id} does not fit Thrift's 16-bit field ids`);
    const t = type(f.node.kind === 'nullable' ? f.node.inner : f.node);
    return {
      memory: f.name,
      idlName,
      id: f.id,
      type: t,
      optional: f.optional,
      nullable,
      ...(f.description ? { description: f.description } : {}),
    };
  };

  function struct(node: RecordNode): ThriftStruct {
    const known = structs.get(node);
    if (known !== undefined) return known;
    const def: ThriftStruct = {
      kind: 'struct',
      name: identifier(node.name),
      fields: [],
      ...(node.description ? { description: node.description } : {}),
    };
    structs.set(node, def);
    const idlNames = new Map<string, string>();
    for (const f of node.fields) {
      const idlName = identifier(f.name);
      const clash = idlNames.get(idlName);
      if (clash !== undefined) fail(f.path, `fields "${clash}" and "${f.name}" both become Thrift field "${idlName}"`);
      idlNames.set(idlName, f.name);
      def.fields.push(field(f, idlName));
    }
    definitions.push(def); // after its fields' types: definitions come before their uses
    return def;
  }

  function union(node: UnionNode): ThriftUnion {
    const known = unions.get(node);
    if (known !== undefined) return known;
    const def: ThriftUnion = {
      kind: 'union',
      name: identifier(node.name),
      tag: node.tag,
      cases: [],
      ...(node.description ? { description: node.description } : {}),
    };
    unions.set(node, def);
    const idlNames = new Map<string, string>();
    for (const c of node.cases) {
      const idlName = identifier(c.name.length > 0 ? c.name[0].toLowerCase() + c.name.slice(1) : c.name);
      const clash = idlNames.get(idlName);
      if (clash !== undefined)
        fail(node.path, `cases "${clash}" and "${c.name}" both become Thrift field "${idlName}"`);
      idlNames.set(idlName, c.name);
      if (c.id > 32_767) fail(c.record.path, `field id ${c.id} does not fit Thrift's 16-bit field ids`);
      def.cases.push({ name: c.name, idlName, id: c.id, def: struct(c.record) });
    }
    definitions.push(def);
    return def;
  }

  function enumeration(node: EnumNode): ThriftEnum {
    const known = enums.get(node);
    if (known !== undefined) return known;
    const seen = new Map<string, string>();
    const values = node.values.map((v, i) => {
      const id = upperSnake(v);
      const clash = seen.get(id);
      if (clash !== undefined)
        fail(node.path, `enum values ${JSON.stringify(clash)} and ${JSON.stringify(v)} both become ${id}`);
      seen.set(id, v);
      return { identifier: RESERVED.has(id) ? `${id}_` : id, number: i + 1, value: v };
    });
    const def: ThriftEnum = {
      kind: 'enum',
      name: identifier(node.name),
      values,
      ...(node.description ? { description: node.description } : {}),
    };
    enums.set(node, def);
    definitions.push(def);
    return def;
  }

  const top = graph.root;
  if (top.kind === 'record') return { root: struct(top), wrapped: false, definitions };
  if (top.kind === 'union') return { root: union(top), wrapped: false, definitions };
  // Anything else travels as the only field of a wrapper struct.
  const memory = top.kind === 'array' ? 'items' : top.kind === 'map' ? 'entries' : 'value';
  const nullable = top.kind === 'nullable';
  const inner = top.kind === 'nullable' ? top.inner : top;
  let name = identifier(rootName);
  for (let n = 2; names.has(name); n++) name = `${identifier(rootName)}${n}`;
  const root: ThriftStruct = {
    kind: 'struct',
    name,
    fields: [{ memory, idlName: memory, id: 1, type: type(inner), optional: false, nullable }],
  };
  definitions.push(root);
  return { root, wrapped: true, definitions };
}

function holdsDate(t: ThriftType): boolean {
  return t.k === 'list' ? holdsDate(t.items) : t.k === 'map' ? holdsDate(t.values) : t.k === 'i64' && t.date === true;
}

function typeName(t: ThriftType): string {
  switch (t.k) {
    case 'list':
      return `list<${typeName(t.items)}>`;
    case 'map':
      return `map<string, ${typeName(t.values)}>`;
    case 'enum':
    case 'struct':
    case 'union':
      return t.def.name;
    default:
      return t.k;
  }
}

function comment(text: string | undefined, indent: string): string {
  if (text === undefined) return '';
  return `${indent}/** ${text.replace(/\*\//g, '* /').split('\n').join(`\n${indent} * `)} */\n`;
}

/** Prints the model as a `.thrift` file the Thrift compiler accepts. */
export function printThrift(model: ThriftModel, namespace: string | undefined): string {
  let out =
    '// Generated by kitgen from a schema. Field ids follow declaration order unless the schema\n' +
    '// pins them with x-kitgen-field; enum values follow value order from 1. Binary protocol.\n';
  if (namespace !== undefined) out += `\nnamespace * ${namespace}\n`;
  for (const def of model.definitions) {
    out += '\n' + comment(def.description, '');
    if (def.kind === 'enum') {
      out += `enum ${def.name} {\n`;
      for (const v of def.values) out += `  ${v.identifier} = ${v.number}, // ${JSON.stringify(v.value)}\n`;
      out += '}\n';
    } else if (def.kind === 'union') {
      out += `union ${def.name} {\n`;
      for (const c of def.cases) out += `  ${c.id}: ${c.def.name} ${c.idlName},\n`;
      out += '}\n';
    } else {
      out += `struct ${def.name} {\n`;
      for (const f of def.fields) {
        out += comment(f.description, '  ');
        const requiredness = f.optional || f.nullable ? 'optional' : 'required';
        const notes = [
          ...(f.idlName === f.memory ? [] : [JSON.stringify(f.memory)]),
          ...(holdsDate(f.type) ? ['epoch milliseconds (a Date)'] : []),
        ];
        out += `  ${f.id}: ${requiredness} ${typeName(f.type)} ${f.idlName},${notes.length === 0 ? '' : ` // ${notes.join(', ')}`}\n`;
      }
      out += '}\n';
    }
  }
  return out;
}
