import { pointerJoin, pointerParts } from '../diagnostics/index.ts';
import { isObject, type DocumentReader, type Json } from './DocumentReader.ts';
import { allOfMemberProperty } from './allOfRequired.ts';
import { exactBounds, int64Default } from './int64Values.ts';
import { schemaAnnotations } from './schemaAnnotations.ts';
import { composition } from './schemaComposition.ts';
import {
  arrayKeys,
  constraintsOf,
  enumNamesOf,
  inferType,
  numberKeys,
  objectKeys,
  stringKeys,
} from './schemaKeywords.ts';
import type { Constraints, ObjectNode, Property, SchemaAnnotations, SchemaNode } from './Schema.ts';

/** Options of the schema conversion. */
export interface SchemaOptions {
  /** `integer/int64` as `bigint` (exact, the default) or as `number`. */
  readonly int64: 'bigint' | 'number';
}

/** A named schema while the model is being built (its identifier comes later). */
export interface PendingSchema {
  readonly key: string;
  readonly name: string;
  readonly pointer: string;
  schema: SchemaNode | undefined;
}

const componentPrefix = '/components/schemas/';

/**
 * Turns OpenAPI schema objects (3.0 or 3.1) into the model's schema graph. Component schemas
 * become named schemas referenced by `ref` nodes; other `$ref`s are inlined, except when one
 * refers back into itself, which hoists it as a named schema too.
 */
export class SchemaConverter {
  /** Named schemas by key, in the order they were first met (components first). */
  readonly named = new Map<string, PendingSchema>();
  readonly #components: Json;
  readonly #inline: string[] = [];
  readonly #hoisted = new Set<string>();
  readonly #byPointer = new Map<string, SchemaNode>();

  constructor(
    readonly reader: DocumentReader,
    readonly options: SchemaOptions,
  ) {
    const components = reader.get('/components/schemas');
    this.#components = isObject(components) ? components : {};
    for (const name of Object.keys(this.#components)) {
      this.named.set(name, { key: name, name, pointer: pointerJoin('/components/schemas', name), schema: undefined });
    }
  }

  /** Converts every component schema (so unused ones are emitted too). */
  convertComponents(): void {
    for (const pending of [...this.named.values()]) this.#ensure(pending);
  }

  #ensure(pending: PendingSchema): void {
    if (pending.schema !== undefined) return;
    // A placeholder first: a component referring to itself sees a ref to itself.
    pending.schema = { kind: 'any' };
    pending.schema = this.convert(this.#components[pending.name], pending.pointer);
  }

  /** The model node of a schema object found at `pointer`. */
  convert(raw: unknown, pointer: string): SchemaNode {
    if (raw === true || raw === undefined) return { kind: 'any' };
    if (raw === false) {
      this.reader.diagnostics.warn(pointer, 'a `false` schema (no value allowed) is read as any value');
      return { kind: 'any' };
    }
    if (raw === null) {
      // `schema: null` is what document generators write for a body whose type they did not know
      // (Directus's published description has one); it types nothing, so it is read as any value.
      this.reader.diagnostics.warn(pointer, 'a schema must be an object, found null; it is read as any value');
      return { kind: 'any' };
    }
    if (!isObject(raw)) {
      this.reader.diagnostics.error(
        pointer,
        `a schema must be an object, found ${Array.isArray(raw) ? 'an array' : typeof raw}`,
      );
      return { kind: 'any' };
    }
    if (typeof raw.$ref === 'string') {
      // A `required` list beside a `$ref` (DigitalOcean's request bodies) is what the author
      // means, and OpenAPI 3.1 reads it so: the fields it names are required, each with the
      // schema the referenced one declares (OpenAPI 3.0 would ignore it; a request missing them
      // is then accepted, which no author of such a list wants).
      const base = this.#ref(raw, pointer);
      if (!Array.isArray(raw.required) || raw.required.length === 0) return base;
      const required = this.#object({ required: raw.required, allOf: [{ $ref: raw.$ref }] }, pointer, {});
      return { kind: 'allOf', members: [base, required] };
    }
    // On the stack while converted, so a $ref back to this very pointer hoists it as a named schema.
    this.#inline.push(pointer);
    const node = this.#structure(raw, pointer);
    this.#inline.pop();
    const hoisted = this.#hoisted.has(pointer) ? this.named.get(pointer) : undefined;
    if (hoisted === undefined) return node;
    // Hoisted (here, or where a `$ref` named this place before it was met inline): one named schema.
    hoisted.schema ??= node;
    return { kind: 'ref', target: pointer };
  }

  #ref(raw: Json, pointer: string): SchemaNode {
    const ref = raw.$ref as string;
    const target = this.reader.refPointer(ref);
    const notes = { ...this.#viewOf(target), ...schemaAnnotations(raw, this.reader, pointer) };
    if (target === undefined) {
      this.reader.diagnostics.error(
        pointer + '/$ref',
        `cannot resolve $ref "${ref}": references into other files must be bundled`,
      );
      return { kind: 'any' };
    }
    const targetParts = target.startsWith(componentPrefix) ? pointerParts(target) : undefined;
    if (targetParts?.length === 3) {
      const name = targetParts[2];
      const pending = this.named.get(name);
      if (pending && Object.prototype.hasOwnProperty.call(this.#components, name)) {
        this.#ensure(pending);
        return { kind: 'ref', target: name, ...notes };
      }
    }
    if (this.#hoisted.has(target)) return { kind: 'ref', target, ...notes };
    if (this.#inline.includes(target)) {
      // A schema that contains itself through a plain pointer: give it a name.
      this.#hoisted.add(target);
      const title = (this.reader.get(target) as Json | undefined)?.title;
      const parts = pointerParts(target);
      this.named.set(target, {
        key: target,
        name: typeof title === 'string' ? title : parts.slice(-2).join(' '),
        pointer: target,
        schema: undefined,
      });
      return { kind: 'ref', target, ...notes };
    }
    const value = this.reader.get(target);
    if (value === undefined) {
      // A schema that was never written types nothing: reading it as any value keeps every
      // operation that uses it (a warning, as for a `false` schema), which is all that can be known.
      this.reader.diagnostics.warn(
        pointer + '/$ref',
        `cannot resolve $ref "${ref}": nothing at ${target || '/'}; it is read as any value`,
      );
      return { kind: 'any' };
    }
    let node = this.#byPointer.get(target);
    if (node === undefined) {
      this.#inline.push(target);
      node = this.convert(value, target);
      this.#inline.pop();
      if (this.#hoisted.has(target)) {
        // A target that refers back into itself was hoisted while it was converted: `convert`
        // gave the hoisted schema its structure already and answered a `ref` to it, which must
        // not replace that structure (a schema that is only a reference to itself).
        const hoisted = this.named.get(target)!;
        if (hoisted.schema === undefined) hoisted.schema = node;
        return { kind: 'ref', target, ...notes };
      }
      // Shared schemas outside components (large documents refer to them many times) are read once.
      this.#byPointer.set(target, node);
    }
    return Object.keys(notes).length > 0 ? ({ ...node, ...notes } as SchemaNode) : node;
  }

  /**
   * `readOnly`/`writeOnly` of the schema a `$ref` names (through further `$ref`s): a property
   * whose schema is a reference to a read-only schema is read-only itself, in requests and responses alike.
   */
  #viewOf(target: string | undefined): { readOnly?: true; writeOnly?: true } {
    let at = target;
    for (let i = 0; i < 8 && at !== undefined; i++) {
      const value = this.reader.get(at) as Json | undefined;
      if (!isObject(value)) return {};
      if (value.readOnly === true || value.writeOnly === true)
        return value.readOnly === true ? { readOnly: true } : { writeOnly: true };
      at = typeof value.$ref === 'string' ? this.reader.refPointer(value.$ref) : undefined;
    }
    return {};
  }

  #structure(raw: Json, pointer: string): SchemaNode {
    const notes = schemaAnnotations(raw, this.reader, pointer);
    const typeList = Array.isArray(raw.type)
      ? raw.type.filter((t): t is string => typeof t === 'string')
      : typeof raw.type === 'string'
        ? [raw.type]
        : [];
    const nullable =
      notes.nullable === true || typeList.includes('null') || (Array.isArray(raw.enum) && raw.enum.includes(null));
    const types = typeList.filter((t) => t !== 'null');
    const withNull = (node: SchemaNode): SchemaNode => (nullable ? ({ ...node, nullable: true } as SchemaNode) : node);

    const composed = composition(raw, pointer, notes, {
      reader: this.reader,
      convert: (m, at) => this.convert(m, at),
      object: (r, at) => this.#object(r, at, {}),
      componentKey: (name) => this.#componentKey(name),
    });
    if (composed) return withNull(composed);

    if (types.length > 1) {
      const members = types.map((t) => this.#typed({ ...raw, type: t }, t, pointer, {}));
      return withNull({ kind: 'union', keyword: 'anyOf', members, ...notes });
    }
    const type = types[0] ?? inferType(raw);
    if (typeList.length === 1 && typeList[0] === 'null') return { kind: 'null', ...notes };
    return withNull(this.#typed(raw, type, pointer, notes));
  }

  #typed(raw: Json, type: string | undefined, pointer: string, notes: SchemaAnnotations): SchemaNode {
    const values = Array.isArray(raw.enum)
      ? raw.enum.filter((v) => v !== null)
      : raw.const !== undefined
        ? [raw.const]
        : undefined;
    const enumNames = enumNamesOf(raw, values?.length ?? 0);
    switch (type) {
      case 'string': {
        if (values && !values.every((v) => typeof v === 'string')) return { kind: 'const', values, ...notes };
        const format = typeof raw.format === 'string' ? raw.format : undefined;
        if (!values && (format === 'binary' || raw.contentMediaType === 'application/octet-stream'))
          return { kind: 'bytes', format: 'binary', ...notes };
        // A base64 text whose spelling the document constrains (Adyen's `^.{2,2}$` status words)
        // stays text: bytes would be written back in canonical base64, which may break the pattern.
        const spelled = raw.pattern !== undefined || raw.minLength !== undefined || raw.maxLength !== undefined;
        if (!values && !spelled && (format === 'byte' || raw.contentEncoding === 'base64'))
          return { kind: 'bytes', format: 'byte', ...notes };
        return {
          kind: 'string',
          ...(format ? { format } : {}),
          ...(values ? { enum: values as string[] } : {}),
          ...(enumNames ? { enumNames } : {}),
          constraints: this.#constraints(raw, stringKeys, pointer),
          ...notes,
        };
      }
      case 'integer':
      case 'number': {
        if (values && !values.every((v) => typeof v === 'number')) return { kind: 'const', values, ...notes };
        const format = typeof raw.format === 'string' ? raw.format : undefined;
        if (type === 'integer' && format === 'int64' && this.options.int64 === 'bigint' && !values) {
          return {
            kind: 'int64',
            constraints: exactBounds(this.#constraints(raw, numberKeys, pointer)),
            ...int64Default(notes),
          };
        }
        return {
          kind: type,
          ...(format ? { format } : {}),
          ...(values ? { enum: values as number[] } : {}),
          ...(enumNames ? { enumNames } : {}),
          constraints: this.#constraints(raw, numberKeys, pointer),
          ...notes,
        };
      }
      case 'boolean':
        return values ? { kind: 'const', values, ...notes } : { kind: 'boolean', ...notes };
      case 'array': {
        // A tuple: 3.1's prefixItems, or the older `items: [...]` form.
        const prefix = Array.isArray(raw.prefixItems)
          ? { list: raw.prefixItems as unknown[], key: 'prefixItems', rest: raw.items }
          : Array.isArray(raw.items)
            ? { list: raw.items as unknown[], key: 'items', rest: raw.additionalItems }
            : undefined;
        const constraints = this.#constraints(raw, arrayKeys, pointer);
        if (prefix) {
          const prefixItems = prefix.list.map((item, i) => this.convert(item, `${pointer}/${prefix.key}/${i}`));
          const closed = prefix.rest === false || raw.maxItems === prefix.list.length;
          const items =
            prefix.rest === undefined || typeof prefix.rest === 'boolean'
              ? ({ kind: 'any' } as SchemaNode)
              : this.convert(prefix.rest, `${pointer}/${prefix.key === 'items' ? 'additionalItems' : 'items'}`);
          return { kind: 'array', items, prefixItems, ...(closed ? { closed } : {}), constraints, ...notes };
        }
        // An enum of texts on an array (Zoom's `data_center_regions`, `type: array` with country
        // codes) admits no value as written; its author listed what the items may be.
        if (values && values.every((v) => !Array.isArray(v)) && isObject(raw.items) && raw.items.$ref === undefined) {
          this.reader.diagnostics.warn(
            `${pointer}/enum`,
            'an enum of values that are no lists, on a list; read as the enum of its items',
          );
          const items = this.convert({ ...raw.items, enum: values }, pointer + '/items');
          return { kind: 'array', items, constraints, ...notes };
        }
        return { kind: 'array', items: this.convert(raw.items ?? true, pointer + '/items'), constraints, ...notes };
      }
      case 'object':
        return this.#object(raw, pointer, notes);
      default:
        if (values) return { kind: 'const', values, ...notes };
        return { kind: 'any', ...notes };
    }
  }

  #object(raw: Json, pointer: string, notes: SchemaAnnotations): ObjectNode {
    const props = isObject(raw.properties) ? raw.properties : {};
    const required = new Set(
      Array.isArray(raw.required) ? raw.required.filter((r): r is string => typeof r === 'string') : [],
    );
    const properties: Property[] = Object.entries(props).map(([name, s]) => ({
      name,
      schema: this.#vacuousBesideMember(raw, pointer, name, s)
        ? { kind: 'any' }
        : this.convert(s, pointerJoin(pointer, 'properties', name)),
      required: required.has(name),
    }));
    for (const name of required) {
      if (Object.prototype.hasOwnProperty.call(props, name)) continue;
      const declared = allOfMemberProperty(this.reader, raw, pointer, name);
      const schema = declared === undefined ? undefined : this.reader.get(declared);
      properties.push({
        name,
        schema: schema === undefined ? { kind: 'any' } : this.convert(schema, declared!),
        required: true,
      });
    }
    const ap = raw.additionalProperties;
    const additional =
      ap === undefined
        ? undefined
        : ap === true || (isObject(ap) && Object.keys(ap).length === 0)
          ? true
          : ap === false
            ? false
            : this.convert(ap, pointer + '/additionalProperties');
    return {
      kind: 'object',
      properties,
      additional,
      constraints: this.#constraints(raw, objectKeys, pointer),
      ...notes,
    };
  }

  /**
   * True when property `name`'s schema beside an allOf is only a `required` list (Linode's
   * firewall rules: `inbound: {required: [action, …]}`) and the member that declares the property
   * types it as no object (an array of rules): `required` says nothing of such a value, so it is
   * no constraint, not an object the member's array could never be.
   */
  #vacuousBesideMember(raw: Json, pointer: string, name: string, s: unknown): boolean {
    if (!isObject(s) || !Array.isArray(s.required) || s.type !== undefined) return false;
    const shape = ['properties', 'additionalProperties', '$ref', 'allOf', 'anyOf', 'oneOf', 'items', 'enum', 'const'];
    if (shape.some((k) => s[k] !== undefined)) return false;
    let at = allOfMemberProperty(this.reader, raw, pointer, name);
    for (let i = 0; i < 8 && at !== undefined; i++) {
      const member = this.reader.get(at);
      if (!isObject(member)) return false;
      if (typeof member.$ref !== 'string') return typeof member.type === 'string' && member.type !== 'object';
      at = this.reader.refPointer(member.$ref);
    }
    return false;
  }

  #constraints(raw: Json, keys: readonly string[], pointer: string): Constraints {
    return constraintsOf(raw, keys, pointer, this.reader.diagnostics);
  }

  /** The component key a discriminator mapping names (`#/components/schemas/X` or `X`). */
  #componentKey(value: string): string | undefined {
    const target = value.startsWith('#') ? this.reader.refPointer(value) : `/components/schemas/${value}`;
    if (target === undefined || !target.startsWith(componentPrefix)) return undefined;
    const name = pointerParts(target)[2];
    const pending = this.named.get(name);
    if (!pending || !Object.prototype.hasOwnProperty.call(this.#components, name)) return undefined;
    this.#ensure(pending);
    return name;
  }
}
