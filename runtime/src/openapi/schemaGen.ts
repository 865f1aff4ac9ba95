import type { TSchema } from 'typebox';
import type { CodecConfig } from '../codec/json/CodecConfig.ts';
import { NameFormat } from '../codec/json/NameFormat.ts';
import { isJsonMediaType } from '../http/mediaTypeRules.ts';
import { bytesFormat, isBytesSchema } from '../schema/Bytes.ts';
import { isDateSchema } from '../schema/DateTime.ts';
import { taggedUnionInfo, type TaggedUnionInfo } from '../schema/TaggedUnion.ts';
import type { SchemaObject } from './model.ts';
import { componentName, type NameAllocator, pascalCase } from './names.ts';
import type { PartEvent } from './partTrace.ts';
import {
  allowsNull,
  copied,
  docsOf,
  isCollection,
  isObj,
  sameShape,
  schemaRef,
  simplifyAnyOf,
  type Src,
} from './schemaShapes.ts';
import { stableJson } from './stableJson.ts';
import { jsonSafe, jsonWireValue } from './wireValues.ts';
import { ConfigErrors, configError } from '../errors/catalogue.ts';

/**
 * How a value is written: `json` through the JSON codec's plan (CodecConfig field names,
 * discriminators, explicit nulls, base64 bytes), `raw` as it is in memory (query parameters,
 * headers, form fields, text parts, and the parts of a schema the JSON plan passes through).
 */
export type WireMode = 'json' | 'raw';

interface Scope {
  readonly mode: WireMode;
  readonly defs: Readonly<Record<string, Src>>;
  /** A name for the schema should it become a component (see shareSchemas). */
  readonly hint: string;
}

/**
 * Turns TypeBox schemas into OpenAPI 3.1 schemas that describe the wire form under a
 * CodecConfig. A schema with `$id` (and each `Schema.Cyclic` definition) becomes one entry of
 * `components/schemas`, referenced wherever it is used; tagged-union cases become components too.
 * TypeBox's own keys (`~kind`, `x-kitgen-*`, `$id`, `$defs`) never reach the document.
 */
export class SchemaBuilder {
  /** `components/schemas`, in the order first used. */
  readonly schemas: Record<string, SchemaObject> = {};
  /** Names proposed for inline schemas, should shareSchemas make them components. */
  readonly hints = new WeakMap<object, string>();
  readonly names: NameAllocator;
  readonly #config: CodecConfig;
  /** When set, each question converting asks of the document-wide state is recorded here. */
  trace: PartEvent[] | undefined;
  readonly #byId: ReadonlyMap<string, Src>;
  readonly #components = new Map<string, string>();
  readonly #synthetic = new Map<string, string>();
  readonly #rawVisiting = new Set<object>();

  /** `byId`: the user's named schemas (see schemaIds), whose names `names` holds reserved. */
  constructor(config: CodecConfig, byId: ReadonlyMap<string, Src>, names: NameAllocator) {
    this.#config = config;
    this.names = names;
    this.#byId = byId;
  }

  /**
   * Asks the question `event` recorded again, doing what converting did; false when the answer
   * differs (then the state is no longer that of a from-scratch run and the caller starts over).
   */
  replay(event: PartEvent, copy: (body: SchemaObject) => SchemaObject): boolean {
    if (event.kind === 'byId') {
      const found = this.#byId.get(event.key);
      return (
        found === event.found ||
        (found !== undefined && event.found !== undefined && stableJson(found) === stableJson(event.found))
      );
    }
    if (event.kind === 'component') {
      const known = this.#components.get(event.id);
      if (event.body === undefined || known !== undefined) return known === event.name && event.body === undefined;
      if (this.names.take(componentName(event.id), true) !== event.name) return false;
      this.#components.set(event.id, event.name);
      this.schemas[event.name] = copy(event.body);
      return true;
    }
    if (event.kind !== 'case') return false;
    const known = this.#synthetic.get(event.key);
    if (event.body === undefined || known !== undefined) return known === event.name && event.body === undefined;
    if (this.#caseName(event.caseName!, event.unionHint!) !== event.name) return false;
    this.schemas[event.name] = copy(event.body);
    this.#synthetic.set(event.key, event.name);
    return true;
  }

  /** The user's schema named `key`, the lookup recorded (which schema a part saw decides its conversion). */
  #named(key: string): Src | undefined {
    const found = this.#byId.get(key);
    this.trace?.push({ kind: 'byId', key, found });
    return found;
  }

  /** The wire schema of `source` in `mode`; `hint` names it should it be shared. */
  schema(source: TSchema, mode: WireMode, hint: string): SchemaObject {
    return this.#convert(source as unknown as Src, { mode, defs: {}, hint });
  }

  /** The schema of a body (or multipart part) in `mediaType`: JSON through the plan, bytes as binary, else raw. */
  mediaSchema(source: TSchema, mediaType: string, hint: string): SchemaObject {
    if (isJsonMediaType(mediaType)) return this.schema(source, 'json', hint);
    if (isBytesSchema(source))
      return this.#hinted(docsOf(source as unknown as Src, { type: 'string', format: 'binary' }), hint);
    return this.schema(source, 'raw', hint);
  }

  /** An in-memory value of `source` as the document shows it (JSON wire form in `json` mode). */
  value(source: TSchema, value: unknown, mode: WireMode): unknown {
    return mode === 'json' ? jsonWireValue(source, value, this.#config) : jsonSafe(value);
  }

  #hinted<T extends SchemaObject>(out: T, hint: string): T {
    this.hints.set(out, hint);
    return out;
  }

  #convert(s: unknown, scope: Scope): SchemaObject {
    if (s === false) return { not: {} };
    if (!isObj(s)) return {};
    if (isBytesSchema(s)) {
      const format = scope.mode === 'json' && bytesFormat(s) === 'byte' ? 'byte' : 'binary';
      return this.#hinted(docsOf(s, { type: 'string', format }), scope.hint);
    }
    const defs = isObj(s.$defs) ? { ...scope.defs, ...s.$defs } : scope.defs;
    if (typeof s.$ref === 'string') return docsOf(s, this.#refTo(s.$ref, defs));
    if (typeof s.$id === 'string') {
      if (scope.mode === 'json') return this.#component(s, s.$id, defs);
      // Raw forms are inlined (shareSchemas shares repeats); a cycle falls back to the JSON component.
      if (this.#rawVisiting.has(s)) return this.#component(s, s.$id, defs);
      this.#rawVisiting.add(s);
      try {
        return this.#body(s, { mode: 'raw', defs, hint: componentName(s.$id) });
      } finally {
        this.#rawVisiting.delete(s);
      }
    }
    return this.#body(s, { ...scope, defs });
  }

  #refTo(ref: string, defs: Readonly<Record<string, Src>>): SchemaObject {
    const key = ref.replace(/^#\/\$defs\//, '');
    const target = defs[key] ?? this.#named(key);
    if (!target) throw configError(ConfigErrors.OPENAPI_DANGLING_REF, ref);
    return this.#component(target, typeof target.$id === 'string' ? target.$id : key, defs);
  }

  #component(source: Src, id: string, defs: Readonly<Record<string, Src>>): SchemaObject {
    const known = this.#components.get(id);
    if (known !== undefined) {
      this.trace?.push({ kind: 'component', id, name: known });
      return schemaRef(known);
    }
    const name = this.names.take(componentName(id), true);
    this.#components.set(id, name);
    this.schemas[name] = {}; // claimed first, so a recursive reference finds it
    const event: PartEvent | undefined = this.trace ? { kind: 'component', id, name } : undefined;
    if (event) this.trace!.push(event);
    const body = this.#body(source, {
      mode: 'json',
      defs: isObj(source.$defs) ? { ...defs, ...source.$defs } : defs,
      hint: name,
    });
    this.schemas[name] = body;
    if (event) event.body = body;
    return schemaRef(name);
  }

  #body(s: Src, scope: Scope): SchemaObject {
    const union = taggedUnionInfo(s);
    if (union) return this.#hinted(this.#taggedUnion(s, union, scope), scope.hint);
    const out: SchemaObject = {};
    const t = s.type;
    if (t === 'bigint') Object.assign(out, { type: 'integer', format: 'int64' });
    // Schema.DateTime has no `type` (a Date in memory); every wire form of it is RFC 3339 text.
    else if (isDateSchema(s)) Object.assign(out, { type: 'string', format: 'date-time' });
    else if (Array.isArray(t))
      out.type = [
        ...new Set(t.filter((x) => x !== 'void' && x !== 'undefined').map((x) => (x === 'bigint' ? 'integer' : x))),
      ];
    else if (typeof t === 'string' && t !== 'void' && t !== 'undefined') out.type = t as SchemaObject['type'];
    // An int64's bounds beyond 2^53 are bigints in the schema; JSON writes them as numbers.
    for (const k of copied) if (s[k] !== undefined && out[k] === undefined) (out as Src)[k] = jsonSafe(s[k]);
    if ('const' in s) out.const = jsonSafe(s.const);
    if (Array.isArray(s.enum)) out.enum = s.enum.map(jsonSafe);
    if (s.default !== undefined) out.default = this.value(s as TSchema, s.default, scope.mode);
    if (Array.isArray(s.examples))
      out.examples = s.examples.map((e: unknown) => this.value(s as TSchema, e, scope.mode));
    for (const k of Object.keys(s))
      if (k.startsWith('x-') && !k.startsWith('x-kitgen-')) (out as Src)[k] = jsonSafe(s[k]);
    const raw: Scope = { ...scope, mode: 'raw' };
    const sub = (child: unknown, suffix: string, sc: Scope = scope) =>
      this.#convert(child, { ...sc, hint: scope.hint + suffix });

    if (isObj(s.properties)) this.#object(s, out, scope);
    else if (Array.isArray(s.required)) out.required = [...s.required];
    // The JSON plan writes a record's values through their plan, an object's extra fields as they are.
    const valueScope = isObj(s.properties) ? raw : scope;
    if (typeof s.additionalProperties === 'boolean') out.additionalProperties = s.additionalProperties;
    else if (isObj(s.additionalProperties)) out.additionalProperties = sub(s.additionalProperties, 'Value', valueScope);
    if (isObj(s.patternProperties)) {
      const entries = Object.entries(s.patternProperties);
      if (
        entries.length === 1 &&
        out.additionalProperties === undefined &&
        (entries[0][0] === '^.*$' || entries[0][0] === '^(.*)$')
      ) {
        out.additionalProperties = sub(entries[0][1], 'Value', valueScope);
      } else
        out.patternProperties = Object.fromEntries(
          entries.map(([k, v], i) => [k, sub(v, `Value${i + 1}`, valueScope)]),
        );
    }
    if (isObj(s.propertyNames)) out.propertyNames = sub(s.propertyNames, 'Key', raw);

    if (Array.isArray(s.items)) {
      // A TypeBox tuple; the JSON plan writes it as it is.
      // 2020-12 wants at least one prefix schema: the empty tuple is its bounds alone.
      if (s.items.length > 0)
        out.prefixItems = s.items.map((item: unknown, i: number) => sub(item, `Item${i + 1}`, raw));
      out.minItems ??= s.items.length;
      if (s.additionalItems === false) out.maxItems ??= s.items.length;
      // A rest element (`[string, ...number[]]`): 2020-12 reads `items` beside `prefixItems` as the schema of every element after them.
      else if (isObj(s.additionalItems)) out.items = sub(s.additionalItems, 'Rest', raw);
    } else if (s.items !== undefined) out.items = sub(s.items, 'Item');
    if (Array.isArray(s.prefixItems))
      out.prefixItems = s.prefixItems.map((item: unknown, i: number) => sub(item, `Item${i + 1}`, raw));
    if (s.contains !== undefined) out.contains = sub(s.contains, 'Item', raw);

    if (Array.isArray(s.anyOf))
      Object.assign(out, simplifyAnyOf(s.anyOf.map((m: unknown, i: number) => sub(m, `Option${i + 1}`))));
    if (Array.isArray(s.oneOf)) out.oneOf = s.oneOf.map((m: unknown, i: number) => sub(m, `Option${i + 1}`, raw));
    if (Array.isArray(s.allOf)) out.allOf = s.allOf.map((m: unknown, i: number) => sub(m, `Part${i + 1}`, raw));
    if (s.not !== undefined) out.not = sub(s.not, 'Not', raw);
    if (isObj(s.discriminator) && (out.oneOf || out.anyOf))
      out.discriminator = { ...(s.discriminator as { propertyName: string }) };

    // 3.1 tools warn on both forms of a bound at once: keep the stricter one.
    if (typeof out.minimum === 'number' && typeof out.exclusiveMinimum === 'number') {
      if (out.exclusiveMinimum >= out.minimum) delete out.minimum;
      else delete out.exclusiveMinimum;
    }
    if (typeof out.maximum === 'number' && typeof out.exclusiveMaximum === 'number') {
      if (out.exclusiveMaximum <= out.maximum) delete out.maximum;
      else delete out.exclusiveMaximum;
    }
    return this.#hinted(out, scope.hint);
  }

  #object(s: Src, out: SchemaObject, scope: Scope): void {
    const json = scope.mode === 'json';
    const { fieldNameFormat, explicitNulls, explicitEmptyCollections } = this.#config;
    const required = new Set<string>(Array.isArray(s.required) ? s.required : []);
    const properties: Record<string, SchemaObject> = {};
    const wireRequired: string[] = [];
    for (const [name, p] of Object.entries(s.properties as Record<string, Src>)) {
      if (name === '__proto__') continue;
      const wire = json ? NameFormat.apply(fieldNameFormat, name) : name;
      const schema = this.#convert(p, { ...scope, hint: scope.hint + pascalCase(name) });
      let isRequired = required.has(name);
      // The encoder leaves empty collections (and, without explicit nulls, nulls) out, so such a field may be missing.
      if (json && isRequired && !explicitEmptyCollections.encoding && isCollection(p)) isRequired = false;
      if (json && isRequired && !explicitNulls.encoding && allowsNull(p)) isRequired = false;
      properties[wire] = schema;
      if (isRequired) wireRequired.push(wire);
    }
    out.properties = properties;
    if (wireRequired.length > 0) out.required = wireRequired;
  }

  #taggedUnion(s: Src, info: TaggedUnionInfo, scope: Scope): SchemaObject {
    const members = s.anyOf as Src[];
    const out: SchemaObject = docsOf(s, { type: 'object' });
    if (scope.mode === 'raw') {
      // In memory a case is its fields plus the tag field naming it.
      out.oneOf = members.map((m, i) => this.#convert(m, { ...scope, hint: scope.hint + pascalCase(info.cases[i]) }));
      return out;
    }
    const setting = this.#config.discriminatorSettings;
    const format = setting.kind === 'NoDiscriminator' ? NameFormat.Identity : setting.format;
    const cases = info.cases.map((caseName, i) => {
      const member = members[i];
      const { [info.tag]: _tag, ...fields } = member.properties as Record<string, Src>;
      const caseSchema: Src = {
        ...member,
        properties: fields,
        required: (member.required ?? []).filter((r: string) => r !== info.tag),
      };
      const wire = NameFormat.apply(format, caseName);
      if (setting.kind !== 'Name') {
        // A case that is a user's named schema (`TaggedUnion({ Cat, Dog })` with `Cat` given an $id) is referenced as it is.
        const named = this.#named(caseName);
        if (named && sameShape(named, caseSchema)) return { wire, ref: this.#component(named, caseName, scope.defs) };
      }
      let body = this.#body(caseSchema, { mode: 'json', defs: scope.defs, hint: caseName });
      if (setting.kind === 'Name') {
        body = {
          ...body,
          type: 'object',
          properties: { [setting.name]: { type: 'string', const: wire }, ...body.properties },
          required: [setting.name, ...(body.required ?? [])],
        };
      }
      return { wire, ref: schemaRef(this.#caseComponent(caseName, scope.hint, body)) };
    });
    if (setting.kind === 'ClassName') {
      out.oneOf = cases.map((c) => ({
        type: 'object',
        title: c.wire,
        required: [c.wire],
        properties: { [c.wire]: c.ref },
        additionalProperties: false,
      }));
    } else if (setting.kind === 'Name') {
      out.oneOf = cases.map((c) => c.ref);
      out.discriminator = {
        propertyName: setting.name,
        mapping: Object.fromEntries(cases.map((c) => [c.wire, c.ref.$ref as string])),
      };
    } else out.anyOf = cases.map((c) => c.ref);
    return out;
  }

  /** A component for a union case: its own name when free, else prefixed by the union's; equal bodies share one. */
  #caseComponent(caseName: string, unionHint: string, body: SchemaObject): string {
    const key = stableJson(body);
    const known = this.#synthetic.get(key);
    if (known !== undefined) {
      this.trace?.push({ kind: 'case', key, name: known });
      return known;
    }
    const name = this.#caseName(caseName, unionHint);
    this.schemas[name] = body;
    this.#synthetic.set(key, name);
    this.trace?.push({ kind: 'case', key, name, caseName, unionHint, body });
    return name;
  }

  #caseName(caseName: string, unionHint: string): string {
    const own = componentName(caseName);
    return this.names.take(this.names.available(own) ? own : `${componentName(unionHint)}${own}`);
  }
}
