import { CodecSchemaError } from '../schemaWalk/errors.ts';
import { fieldIdentifier, lowerSnake, pascalIdentifier, upperSnake } from '../schemaWalk/names.ts';
import type { EnumNode, FieldNode, RecordNode, SchemaGraph, SchemaNode, UnionNode } from '../schemaWalk/SchemaNode.ts';

const FORMAT = 'protobuf';

/** A protobuf scalar type; `bigint` says how an int64 is held in memory. */
export interface ProtoScalar {
  readonly k: 'scalar';
  readonly type: 'int32' | 'int64' | 'float' | 'double' | 'bool' | 'string' | 'bytes';
  readonly bigint: boolean;
  /** An int64 of epoch milliseconds that is a `Date` in memory (`Schema.DateTime`). */
  readonly date?: boolean;
}

/** A singular protobuf value: what a list can hold and a map can map to. */
export type ProtoValue =
  | ProtoScalar
  | { readonly k: 'enum'; readonly def: ProtoEnum }
  | { readonly k: 'message'; readonly def: ProtoMessage }
  | { readonly k: 'union'; readonly def: ProtoUnion };

/** A field's type: a singular value, a `repeated` one or a `map<string, V>`. */
export type ProtoFieldType =
  | ProtoValue
  | { readonly k: 'repeated'; readonly items: ProtoValue }
  | { readonly k: 'map'; readonly values: ProtoValue };

/** A message field. `presence` fields (proto3 `optional`, messages) tell absent from default. */
export interface ProtoField {
  readonly memory: string;
  readonly wire: string;
  readonly number: number;
  readonly type: ProtoFieldType;
  readonly optional: boolean;
  readonly nullable: boolean;
  readonly presence: boolean;
  readonly description?: string;
}

/** A message: a record, or a wrapper holding one list/map (lists of lists, nullable lists, a top-level list). */
export interface ProtoMessage {
  readonly kind: 'message';
  readonly name: string;
  readonly fields: ProtoField[];
  readonly wrapper: boolean;
  readonly description?: string;
}

/** A tagged union: a message with one `oneof`, one member per case. */
export interface ProtoUnion {
  readonly kind: 'union';
  readonly name: string;
  readonly tag: string;
  readonly oneof: string;
  readonly cases: {
    readonly name: string;
    readonly wire: string;
    readonly number: number;
    readonly def: ProtoMessage;
  }[];
  readonly description?: string;
}

/** An enum; number 0 is `<NAME>_UNSPECIFIED` (proto3's default), the values follow from 1. */
export interface ProtoEnum {
  readonly kind: 'enum';
  readonly name: string;
  readonly values: { readonly identifier: string; readonly number: number; readonly value: string }[];
  readonly description?: string;
}

/** The protobuf view of a schema: the root message and every definition in print order. */
export interface ProtoModel {
  readonly root: ProtoMessage | ProtoUnion;
  readonly definitions: (ProtoMessage | ProtoUnion | ProtoEnum)[];
}

const MAX_FIELD_NUMBER = 536_870_911;

function fail(path: string, message: string): never {
  throw new CodecSchemaError(FORMAT, path, message);
}

/** Maps the schema graph onto protobuf messages, oneofs and enums (see docs/spec-mapping.md). */
export function buildProtoModel(graph: SchemaGraph, rootName: string): ProtoModel {
  const names = new Set(graph.named.map((n) => n.name));
  const definitions: (ProtoMessage | ProtoUnion | ProtoEnum)[] = [];
  const messages = new Map<RecordNode, ProtoMessage>();
  const unions = new Map<UnionNode, ProtoUnion>();
  const enums = new Map<EnumNode, ProtoEnum>();

  const freshName = (hint: string): string => {
    const base = pascalIdentifier(hint);
    let name = base;
    for (let n = 2; names.has(name); n++) name = `${base}${n}`;
    names.add(name);
    return name;
  };

  const wrapper = (
    name: string,
    memory: 'items' | 'entries' | 'value',
    node: SchemaNode,
    hint: string,
    nullable: boolean,
  ): ProtoMessage => {
    const def: ProtoMessage = { kind: 'message', name, fields: [], wrapper: true };
    definitions.push(def);
    const type = fieldType(node, hint);
    const presence =
      nullable && (type.k === 'scalar' || type.k === 'enum' || type.k === 'message' || type.k === 'union');
    def.fields.push({ memory, wire: memory, number: 1, type, optional: false, nullable, presence });
    return def;
  };

  const value = (node: SchemaNode, hint: string): ProtoValue => {
    switch (node.kind) {
      case 'int32':
        return { k: 'scalar', type: 'int32', bigint: false };
      case 'int64':
        return { k: 'scalar', type: 'int64', bigint: node.bigint };
      case 'float32':
        return { k: 'scalar', type: 'float', bigint: false };
      case 'float64':
        return { k: 'scalar', type: 'double', bigint: false };
      case 'boolean':
        return { k: 'scalar', type: 'bool', bigint: false };
      case 'string':
        return { k: 'scalar', type: 'string', bigint: false };
      case 'bytes':
        return { k: 'scalar', type: 'bytes', bigint: false };
      // A Date is an int64 of epoch milliseconds: exact for every Date, and plain proto3 for any
      // peer (google.protobuf.Timestamp would need an import that hand-written peers may lack).
      case 'timestamp':
        return { k: 'scalar', type: 'int64', bigint: false, date: true };
      case 'enum':
        return { k: 'enum', def: enumeration(node) };
      case 'record':
        return { k: 'message', def: message(node) };
      case 'union':
        return { k: 'union', def: union(node) };
      case 'array':
        return { k: 'message', def: wrapper(freshName(hint), 'items', node, hint, false) };
      case 'map':
        return { k: 'message', def: wrapper(freshName(hint), 'entries', node, hint, false) };
      case 'nullable':
        return fail(
          node.path,
          'protobuf lists and maps cannot hold null; drop the null or wrap the value in an object',
        );
      case 'any':
        return fail(node.path, 'an unconstrained value (Schema.Unknown/Any) has no protobuf type');
    }
  };

  const fieldType = (node: SchemaNode, hint: string): ProtoFieldType => {
    if (node.kind === 'array') return { k: 'repeated', items: value(node.items, `${hint}Item`) };
    if (node.kind === 'map') return { k: 'map', values: value(node.values, `${hint}Value`) };
    return value(node, hint);
  };

  const field = (owner: string, f: FieldNode, wire: string): ProtoField => {
    const nullable = f.node.kind === 'nullable';
    if (nullable && f.optional) {
      fail(
        f.path,
        `field "${f.name}" is both optional and nullable; protobuf has one kind of absence, so make it one or the other`,
      );
    }
    if (f.id > MAX_FIELD_NUMBER || (f.id >= 19_000 && f.id <= 19_999)) {
      fail(f.path, `field number ${f.id} is not allowed in protobuf (1..${MAX_FIELD_NUMBER}, except 19000..19999)`);
    }
    const inner = f.node.kind === 'nullable' ? f.node.inner : f.node;
    const hint = `${owner}${pascalIdentifier(f.name)}`;
    // A nullable list or map needs presence, which only a message has: wrap it. An optional one
    // stays a plain repeated/map field, where absent and empty are the same thing on the wire.
    const type =
      nullable && (inner.kind === 'array' || inner.kind === 'map') ? value(inner, hint) : fieldType(inner, hint);
    const presence = (nullable || f.optional) && type.k !== 'repeated' && type.k !== 'map';
    return {
      memory: f.name,
      wire,
      number: f.id,
      type,
      optional: f.optional,
      nullable,
      presence,
      ...(f.description ? { description: f.description } : {}),
    };
  };

  function message(node: RecordNode): ProtoMessage {
    const known = messages.get(node);
    if (known !== undefined) return known;
    const def: ProtoMessage = {
      kind: 'message',
      name: node.name,
      fields: [],
      wrapper: false,
      ...(node.description ? { description: node.description } : {}),
    };
    messages.set(node, def);
    definitions.push(def);
    const wires = new Map<string, string>();
    for (const f of node.fields) {
      if (f.node.kind === 'any') fail(f.path, 'an unconstrained value (Schema.Unknown/Any) has no protobuf type');
      const wire = fieldIdentifier(f.name);
      const clash = wires.get(wire);
      if (clash !== undefined) fail(f.path, `fields "${clash}" and "${f.name}" both become protobuf field "${wire}"`);
      wires.set(wire, f.name);
      def.fields.push(field(node.name, f, wire));
    }
    return def;
  }

  function union(node: UnionNode): ProtoUnion {
    const known = unions.get(node);
    if (known !== undefined) return known;
    const def: ProtoUnion = {
      kind: 'union',
      name: node.name,
      tag: node.tag,
      oneof: lowerSnake(node.tag),
      cases: [],
      ...(node.description ? { description: node.description } : {}),
    };
    unions.set(node, def);
    definitions.push(def);
    const wires = new Map<string, string>();
    for (const c of node.cases) {
      const wire = lowerSnake(c.name);
      const clash = wires.get(wire);
      if (clash !== undefined || wire === def.oneof)
        fail(node.path, `cases "${clash ?? c.name}" and "${c.name}" both become oneof member "${wire}"`);
      wires.set(wire, c.name);
      if (c.id > MAX_FIELD_NUMBER || (c.id >= 19_000 && c.id <= 19_999))
        fail(c.record.path, `field number ${c.id} is not allowed in protobuf`);
      def.cases.push({ name: c.name, wire, number: c.id, def: message(c.record) });
    }
    return def;
  }

  function enumeration(node: EnumNode): ProtoEnum {
    const known = enums.get(node);
    if (known !== undefined) return known;
    const prefix = upperSnake(node.name);
    const seen = new Map<string, string>([[`${prefix}_UNSPECIFIED`, '(unspecified)']]);
    const values = node.values.map((v, i) => {
      const identifier = `${prefix}_${upperSnake(v)}`;
      const clash = seen.get(identifier);
      if (clash !== undefined)
        fail(node.path, `enum values ${JSON.stringify(clash)} and ${JSON.stringify(v)} both become ${identifier}`);
      seen.set(identifier, v);
      return { identifier, number: i + 1, value: v };
    });
    const def: ProtoEnum = {
      kind: 'enum',
      name: node.name,
      values,
      ...(node.description ? { description: node.description } : {}),
    };
    enums.set(node, def);
    definitions.push(def);
    return def;
  }

  const top = graph.root;
  let root: ProtoMessage | ProtoUnion;
  if (top.kind === 'record') root = message(top);
  else if (top.kind === 'union') root = union(top);
  else {
    const memory = top.kind === 'array' ? 'items' : top.kind === 'map' ? 'entries' : 'value';
    const inner = top.kind === 'nullable' ? top.inner : top;
    if (inner.kind === 'any') fail(inner.path, 'an unconstrained value (Schema.Unknown/Any) has no protobuf type');
    const nullable = top.kind === 'nullable';
    root =
      nullable && (inner.kind === 'array' || inner.kind === 'map')
        ? wrapperAround(inner)
        : wrapper(freshName(rootName), memory, inner, rootName, nullable);
  }
  // A top-level `X[] | null`: the root holds an optional wrapper of the list.
  function wrapperAround(inner: SchemaNode): ProtoMessage {
    const def: ProtoMessage = { kind: 'message', name: freshName(rootName), fields: [], wrapper: true };
    definitions.push(def);
    def.fields.push({
      memory: 'value',
      wire: 'value',
      number: 1,
      type: value(inner, `${rootName}Value`),
      optional: false,
      nullable: true,
      presence: true,
    });
    return def;
  }
  // The root first, so the IDL reads top-down.
  definitions.splice(definitions.indexOf(root), 1);
  definitions.unshift(root);
  return { root, definitions };
}

function typeName(t: ProtoValue): string {
  return t.k === 'scalar' ? t.type : t.def.name;
}

function comment(text: string | undefined, indent: string): string {
  if (text === undefined) return '';
  return text
    .split('\n')
    .map((line) => `${indent}// ${line}\n`)
    .join('');
}

/** Prints the model as a proto3 file that `protoc` and protobufjs both accept. */
export function printProto(model: ProtoModel, packageName: string | undefined): string {
  let out =
    '// Generated by kitgen from a schema. Field numbers follow declaration order unless\n' +
    '// the schema pins them with x-kitgen-field; enum numbers follow value order from 1.\n' +
    'syntax = "proto3";\n';
  if (packageName !== undefined) out += `\npackage ${packageName};\n`;
  for (const def of model.definitions) {
    out += '\n' + comment(def.description, '');
    if (def.kind === 'enum') {
      const prefix = upperSnake(def.name);
      out += `enum ${def.name} {\n  ${prefix}_UNSPECIFIED = 0;\n`;
      // Each constant names the in-memory (and JSON) string it stands for.
      for (const v of def.values) out += `  ${v.identifier} = ${v.number}; // ${JSON.stringify(v.value)}\n`;
      out += '}\n';
    } else if (def.kind === 'union') {
      out += `message ${def.name} {\n  oneof ${def.oneof} {\n`;
      for (const c of def.cases) out += `    ${c.def.name} ${c.wire} = ${c.number};\n`;
      out += '  }\n}\n';
    } else {
      out += `message ${def.name} {\n`;
      for (const f of def.fields) {
        out += comment(f.description, '  ');
        const t = f.type;
        const declared =
          t.k === 'repeated'
            ? `repeated ${typeName(t.items)}`
            : t.k === 'map'
              ? `map<string, ${typeName(t.values)}>`
              : `${f.presence && (t.k === 'scalar' || t.k === 'enum') ? 'optional ' : ''}${typeName(t)}`;
        const jsonName = f.wire === f.memory || def.wrapper ? '' : ` [json_name = ${JSON.stringify(f.memory)}]`;
        const inner = t.k === 'repeated' ? t.items : t.k === 'map' ? t.values : t;
        const note = inner.k === 'scalar' && inner.date ? ' // epoch milliseconds (a Date)' : '';
        out += `  ${declared} ${f.wire} = ${f.number}${jsonName};${note}\n`;
      }
      out += '}\n';
    }
  }
  return out;
}
