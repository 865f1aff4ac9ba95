import { taggedUnionInfo } from '../../schema/TaggedUnion.ts';
import { isBytesSchema } from '../../schema/Bytes.ts';
import { isDateSchema } from '../../schema/DateTime.ts';
import { CodecSchemaError } from './errors.ts';
import { pascalIdentifier } from './names.ts';
import {
  FieldNumberKeyword,
  type EnumNode,
  type FieldNode,
  type RecordNode,
  type ScalarNode,
  type SchemaGraph,
  type SchemaNode,
  type UnionNode,
} from './SchemaNode.ts';

type Json = Record<string, unknown>;

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** Options of {@link schemaToGraph}. */
export interface GraphOptions {
  /** Format name used in error messages (`protobuf`, `Avro`, …). */
  readonly format: string;
  /** Name of the root type when the schema has no `title` or `$id`. */
  readonly rootName?: string;
  /**
   * Self-describing formats (MsgPack) carry what the graph cannot model (untagged unions,
   * tuples, allOf) as they are: such positions become `any` instead of an error.
   */
  readonly lenient?: boolean;
}

/**
 * Reads a TypeBox (JSON Schema) value into the binary codecs' {@link SchemaGraph}: resolves
 * `$ref`s (TypeBox `Cyclic` definitions, recursion included), names records, unions and enums
 * (`title`, `$id`, definition name, else the path: `UserAddress`), numbers fields by declaration
 * order unless `x-kitgen-field` says otherwise. What no binary format can express throws a
 * {@link CodecSchemaError} naming the schema path.
 */
export function schemaToGraph(schema: unknown, options: GraphOptions): SchemaGraph {
  const walker = new Walker(options.format, options.lenient ?? false);
  walker.collectDefinitions(schema, '#', new Set());
  const root = walker.walk(schema, '#', options.rootName ?? 'Root');
  return { root, named: walker.named };
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function descriptionOf(schema: Json): { description?: string } {
  return typeof schema.description === 'string' ? { description: schema.description } : {};
}

class Walker {
  readonly named: (RecordNode | UnionNode | EnumNode)[] = [];
  private readonly definitions = new Map<string, { schema: Json; path: string }>();
  private readonly memo = new Map<object, SchemaNode>();
  private readonly inProgress = new Set<object>();
  private readonly names = new Set<string>();

  constructor(
    private readonly format: string,
    private readonly lenient: boolean,
  ) {}

  private fail(path: string, message: string): never {
    throw new CodecSchemaError(this.format, path, message);
  }

  /** Finds every `$defs` entry and `$id` so `$ref`s can be resolved wherever they appear. */
  collectDefinitions(schema: unknown, path: string, seen: Set<object>): void {
    if (!isObject(schema) || seen.has(schema)) return;
    seen.add(schema);
    if (typeof schema.$id === 'string' && !this.definitions.has(schema.$id))
      this.definitions.set(schema.$id, { schema, path });
    for (const key of ['$defs', 'definitions', 'properties', 'patternProperties']) {
      const group = schema[key];
      if (!isObject(group)) continue;
      for (const [name, sub] of Object.entries(group)) {
        const subPath = `${path}/${key}/${escapePointer(name)}`;
        if ((key === '$defs' || key === 'definitions') && isObject(sub)) {
          this.definitions.set(name, { schema: sub, path: subPath });
          this.definitions.set(`#/${key}/${name}`, { schema: sub, path: subPath });
        }
        this.collectDefinitions(sub, subPath, seen);
      }
    }
    for (const key of ['items', 'additionalProperties', 'not'])
      this.collectDefinitions(schema[key], `${path}/${key}`, seen);
    for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) {
      const list = schema[key];
      if (Array.isArray(list)) list.forEach((sub, i) => this.collectDefinitions(sub, `${path}/${key}/${i}`, seen));
    }
  }

  private uniqueName(schema: Json, hint: string): string {
    let base = hint;
    if (typeof schema.title === 'string') base = schema.title;
    else if (typeof schema.$id === 'string')
      base = schema.$id
        .replace(/[#?].*$/, '')
        .split('/')
        .pop()!
        .replace(/\.[A-Za-z]+$/, '');
    base = pascalIdentifier(base);
    let name = base;
    for (let n = 2; this.names.has(name); n++) name = `${base}${n}`;
    this.names.add(name);
    return name;
  }

  /** Walks one schema position. `hint` names the type when the schema does not. */
  walk(schema: unknown, path: string, hint: string): SchemaNode {
    try {
      return this.walkPosition(schema, path, hint);
    } catch (error) {
      if (this.lenient && error instanceof CodecSchemaError) return { kind: 'any', path };
      throw error;
    }
  }

  private walkPosition(schema: unknown, path: string, hint: string): SchemaNode {
    if (!isObject(schema)) this.fail(path, 'expected a schema object');
    const memoised = this.memo.get(schema);
    if (memoised !== undefined) return memoised;
    if (typeof schema.$ref === 'string') {
      const target = this.definitions.get(schema.$ref);
      if (target === undefined)
        this.fail(path, `unresolved $ref "${schema.$ref}" (recursive schemas: use Schema.Cyclic)`);
      const name = schema.$ref.replace(/^#\/(\$defs|definitions)\//, '');
      return this.walk(target.schema, target.path, name);
    }
    if (this.inProgress.has(schema)) {
      this.fail(path, 'a recursive type must recurse through an object or a tagged union');
    }
    this.inProgress.add(schema);
    try {
      return this.walkSchema(schema, path, hint);
    } finally {
      this.inProgress.delete(schema);
    }
  }

  private walkSchema(schema: Json, path: string, hint: string): SchemaNode {
    if (taggedUnionInfo(schema) !== undefined) return this.union(schema, path, hint);
    if (isBytesSchema(schema)) return { kind: 'bytes', path };
    if (isDateSchema(schema)) return { kind: 'timestamp', path };
    if (Array.isArray(schema.anyOf)) return this.alternatives(schema, schema.anyOf, 'anyOf', path, hint);
    if (Array.isArray(schema.oneOf)) return this.alternatives(schema, schema.oneOf, 'oneOf', path, hint);
    if (schema.allOf !== undefined)
      this.fail(path, 'allOf (Schema.Intersect) is not supported; flatten it with Schema.Evaluate(...)');
    if (Array.isArray(schema.enum)) return this.enumeration(schema, schema.enum, path, hint);
    if ('const' in schema) return this.literal(schema, [schema.const], path, hint);
    const type = schema.type;
    if (Array.isArray(type)) {
      const nonNull = type.filter((t) => t !== 'null');
      if (nonNull.length !== 1) this.fail(path, `a value of several types (${type.join(', ')}) cannot be encoded`);
      const inner = this.walkSchema({ ...schema, type: nonNull[0] }, path, hint);
      return nonNull.length < type.length ? { kind: 'nullable', inner, path } : inner;
    }
    switch (type) {
      case 'string':
        return { kind: 'string', path };
      case 'boolean':
        return { kind: 'boolean', path };
      case 'integer':
        return integerNode(schema, path);
      case 'number':
        return { kind: schema.format === 'float' ? 'float32' : 'float64', path };
      case 'bigint':
        if (schema.format !== undefined && schema.format !== 'int64')
          this.fail(path, `bigint format "${String(schema.format)}" is not supported (only int64)`);
        return { kind: 'int64', bigint: true, path };
      case 'array':
        return this.array(schema, path, hint);
      case 'object':
        return this.object(schema, path, hint);
      case 'null':
        return this.fail(path, 'a value that can only be null carries nothing to encode');
      case undefined:
        if (schema.not !== undefined) this.fail(path, '"not" schemas (Schema.Never) cannot be encoded');
        return { kind: 'any', path };
      default:
        return this.fail(path, `type "${String(type)}" has no binary encoding`);
    }
  }

  private array(schema: Json, path: string, hint: string): SchemaNode {
    if (schema.prefixItems !== undefined || Array.isArray(schema.items)) {
      this.fail(path, 'tuples are not supported; use an object with named fields');
    }
    if (!isObject(schema.items)) this.fail(path, 'an array needs an items schema');
    return { kind: 'array', items: this.walk(schema.items, `${path}/items`, `${hint}Item`), path };
  }

  private object(schema: Json, path: string, hint: string): SchemaNode {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const patterns = isObject(schema.patternProperties) ? Object.entries(schema.patternProperties) : [];
    const additional = isObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
    if (Object.keys(properties).length > 0) {
      if (patterns.length > 0 || additional !== undefined) {
        this.fail(path, 'an object with both fixed properties and additional (map) properties cannot be encoded');
      }
      return this.record(schema, path, hint, undefined);
    }
    if (patterns.length > 1 || (patterns.length === 1 && additional !== undefined)) {
      this.fail(path, 'a map needs a single value schema');
    }
    if (patterns.length === 1) {
      const [pattern, values] = patterns[0];
      return {
        kind: 'map',
        values: this.walk(values, `${path}/patternProperties/${escapePointer(pattern)}`, `${hint}Value`),
        path,
      };
    }
    if (additional !== undefined) {
      return { kind: 'map', values: this.walk(additional, `${path}/additionalProperties`, `${hint}Value`), path };
    }
    return this.record(schema, path, hint, undefined);
  }

  /** An object with fixed properties; `skip` is a union's tag property, implied by the case. */
  private record(schema: Json, path: string, hint: string, skip: string | undefined): RecordNode {
    const record: RecordNode = {
      kind: 'record',
      name: this.uniqueName(schema, hint),
      fields: [],
      path,
      ...descriptionOf(schema),
    };
    this.memo.set(schema, record);
    this.named.push(record);
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const byId = new Map<number, string>();
    let position = 0;
    for (const [name, property] of Object.entries(properties)) {
      if (name === skip) continue;
      position++;
      const fieldPath = `${path}/properties/${escapePointer(name)}`;
      if (!isObject(property)) this.fail(fieldPath, 'expected a schema object');
      if (name === '__proto__') this.fail(fieldPath, 'a property named "__proto__" cannot be decoded safely');
      const id = annotatedNumber(property, position, fieldPath, this.format);
      const clash = byId.get(id);
      if (clash !== undefined)
        this.fail(
          fieldPath,
          `fields "${clash}" and "${name}" both have number ${id}; set ${FieldNumberKeyword} to tell them apart`,
        );
      byId.set(id, name);
      const node = this.walk(property, fieldPath, `${record.name}${pascalIdentifier(name)}`);
      const field: FieldNode = {
        name,
        id,
        optional: !required.has(name),
        node,
        path: fieldPath,
        ...descriptionOf(property),
      };
      record.fields.push(field);
    }
    return record;
  }

  private union(schema: Json, path: string, hint: string): UnionNode {
    const info = taggedUnionInfo(schema)!;
    const cases = schema.anyOf;
    if (!Array.isArray(cases) || cases.length !== info.cases.length)
      this.fail(path, 'malformed tagged union (anyOf does not match its cases)');
    const union: UnionNode = {
      kind: 'union',
      name: this.uniqueName(schema, hint),
      tag: info.tag,
      cases: [],
      path,
      ...descriptionOf(schema),
    };
    this.memo.set(schema, union);
    this.named.push(union);
    const byId = new Map<number, string>();
    cases.forEach((caseSchema: unknown, index) => {
      const name = info.cases[index];
      const casePath = `${path}/anyOf/${index}`;
      if (!isObject(caseSchema)) this.fail(casePath, 'expected a schema object');
      const id = annotatedNumber(caseSchema, index + 1, casePath, this.format);
      const clash = byId.get(id);
      if (clash !== undefined) this.fail(casePath, `cases "${clash}" and "${name}" both have number ${id}`);
      byId.set(id, name);
      union.cases.push({ name, id, record: this.record(caseSchema, casePath, name, info.tag) });
    });
    return union;
  }

  /** anyOf / oneOf: `X | null`, string literal unions (enums), else an error. */
  private alternatives(schema: Json, members: unknown[], keyword: string, path: string, hint: string): SchemaNode {
    const isNull = (m: unknown) => isObject(m) && (m.type === 'null' || ('const' in m && m.const === null));
    const rest = members.map((m, i) => ({ m, i })).filter(({ m }) => !isNull(m));
    if (rest.length === 0) this.fail(path, 'a value that can only be null carries nothing to encode');
    let inner: SchemaNode;
    if (rest.length === 1) {
      inner = this.walk(rest[0].m, `${path}/${keyword}/${rest[0].i}`, hint);
    } else if (rest.every(({ m }) => isObject(m) && 'const' in m && m.const !== null)) {
      inner = this.literal(
        schema,
        rest.map(({ m }) => (m as Json).const),
        path,
        hint,
      );
    } else {
      this.fail(
        path,
        `an untagged union (${keyword} of ${rest.length} alternatives) cannot be encoded; use Schema.TaggedUnion for a sum type, or string literals for an enum`,
      );
    }
    if (rest.length === members.length) return inner;
    return inner.kind === 'nullable' ? inner : { kind: 'nullable', inner, path };
  }

  private enumeration(schema: Json, values: unknown[], path: string, hint: string): SchemaNode {
    const nonNull = values.filter((v) => v !== null);
    const inner = this.literal(schema, nonNull, path, hint);
    return nonNull.length < values.length ? { kind: 'nullable', inner, path } : inner;
  }

  /** A set of constants: strings become an enum, numbers and booleans their scalar type. */
  private literal(schema: Json, values: unknown[], path: string, hint: string): SchemaNode {
    if (values.length === 0) this.fail(path, 'an empty enum has no values to encode');
    if (values.every((v) => typeof v === 'string')) {
      if (
        values.length === 1 &&
        !Array.isArray(schema.enum) &&
        !Array.isArray(schema.anyOf) &&
        !Array.isArray(schema.oneOf)
      ) {
        return { kind: 'string', path }; // a lone constant is a string the validator pins down
      }
      const node: EnumNode = {
        kind: 'enum',
        name: this.uniqueName(schema, hint),
        values: [...new Set(values as string[])],
        path,
        ...descriptionOf(schema),
      };
      this.memo.set(schema, node);
      this.named.push(node);
      return node;
    }
    if (values.every((v) => typeof v === 'boolean')) return { kind: 'boolean', path };
    if (values.every((v) => typeof v === 'number')) {
      const numbers = values as number[];
      if (!numbers.every(Number.isInteger)) return { kind: 'float64', path };
      return numbers.every((n) => n >= INT32_MIN && n <= INT32_MAX)
        ? { kind: 'int32', path }
        : { kind: 'int64', bigint: false, path };
    }
    return this.fail(path, 'constants of mixed types cannot be encoded');
  }
}

function annotatedNumber(schema: Json, position: number, path: string, format: string): number {
  const value = schema[FieldNumberKeyword];
  if (value === undefined) return position;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new CodecSchemaError(
      format,
      path,
      `${FieldNumberKeyword} must be a positive integer, got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

function integerNode(schema: Json, path: string): ScalarNode {
  if (schema.format === 'int64' || schema.format === 'uint32') return { kind: 'int64', bigint: false, path };
  if (schema.format === 'int32') return { kind: 'int32', path };
  const low = [schema.minimum, schema.exclusiveMinimum].find((v) => typeof v === 'number') as number | undefined;
  const high = [schema.maximum, schema.exclusiveMaximum].find((v) => typeof v === 'number') as number | undefined;
  if ((low !== undefined && low < INT32_MIN) || (high !== undefined && high > INT32_MAX))
    return { kind: 'int64', bigint: false, path };
  return { kind: 'int32', path };
}
