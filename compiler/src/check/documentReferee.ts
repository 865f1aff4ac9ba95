// The judge of what crosses the wire for a published OpenAPI document: ajv over the document's
// own schemas (never kitgen's model), in the document's dialect (3.0: draft-04 with `nullable`,
// read by draft-07's ajv; 3.1: 2020-12), in one of two views — a request's, where readOnly properties are not required,
// or a response's, where writeOnly ones are not (OpenAPI's rule, also through a `$ref`).
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

import { refPointer } from '../diagnostics/index.ts';
import { at, type OpenApiDocument, type View } from './documentPointers.ts';
import type { PatternTest, PatternTester } from './patternTester.ts';

export {
  at,
  escapePointer,
  follow,
  isJsonMediaType,
  mediaEssence,
  type OpenApiDocument,
  type View,
} from './documentPointers.ts';

const addFormats = addFormatsModule as unknown as (ajv: unknown) => void;

/** The referee could not compile a schema of the document (a broken `$ref`, a keyword of the wrong type): the document's fault. */
export class RefereeUnable extends Error {}

/** The response key a status falls under: exact, then its range (`4XX`), then `default`. */
export function responseKey(responses: Record<string, unknown>, status: number): string | undefined {
  const exact = String(status);
  if (responses[exact]) return exact;
  const range = `${exact[0]}XX`;
  return Object.keys(responses).find((k) => k.toUpperCase() === range) ?? (responses.default ? 'default' : undefined);
}

/** Keys whose children are names (of properties, components, paths, media types), not keywords. */
const nameMaps = new Set([
  'properties',
  'patternProperties',
  'definitions',
  '$defs',
  'schemas',
  'responses',
  'parameters',
  'requestBodies',
  'headers',
  'content',
  'paths',
  'securitySchemes',
  'encoding',
  'mapping',
  'links',
  'callbacks',
]);

interface Conversion {
  readonly doc: unknown;
  readonly openapi30: boolean;
  readonly view: View;
  /** Patterns JavaScript cannot compile, left unchecked: a limit of the referee, not a pass for the server. */
  readonly skipped: string[];
}

/** True when a property's schema (through `$ref`s) is marked readOnly (`view` request) or writeOnly (`view` response). */
function hiddenIn(schema: unknown, c: Conversion): boolean {
  const mark = c.view === 'request' ? 'readOnly' : 'writeOnly';
  let s = schema as Record<string, unknown> | undefined;
  for (let i = 0; i < 16 && s; i++) {
    if (s[mark] === true) return true;
    const target = typeof s.$ref === 'string' ? refPointer(s.$ref) : undefined;
    if (target === undefined) return false;
    s = at(c.doc, target) as Record<string, unknown> | undefined;
  }
  return false;
}

/**
 * A schema of the document as JSON Schema for ajv: 3.0's `nullable` becomes a null type (or an
 * `anyOf` with null where there is no `type`); a discriminator holds each member to the tag values
 * that name it; properties hidden in the view are no longer required.
 */
function jsonSchemaOf(value: unknown, c: Conversion, parentKey = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => jsonSchemaOf(v, c));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  const names = nameMaps.has(parentKey);
  for (const [k, v] of Object.entries(value)) {
    // ajv reads every object of the document as a possible schema: an example holding a string
    // `$id` would move or clash with the base of every `$ref` below it. Extensions say nothing.
    if (!names && (k === 'example' || k === 'examples' || k.startsWith('x-'))) continue;
    out[k] = jsonSchemaOf(v, c, names ? '' : k);
  }
  if (names) return out;
  // OpenAPI 3.0 ignores what stands beside a `$ref` (Microcks' `{ $ref: StringArray, type: object }`
  // is a list), and so does kitgen's model, but for a `required` list, which it keeps as the
  // author means it; ajv would apply both.
  if (c.openapi30 && typeof out.$ref === 'string') {
    const required = Array.isArray(out.required) && out.required.length > 0 ? out.required : undefined;
    return required === undefined ? { $ref: out.$ref } : { allOf: [{ $ref: out.$ref }, { required }] };
  }
  if (typeof out.pattern === 'string') {
    try {
      ecmaRegExp(out.pattern, 'u');
    } catch {
      c.skipped.push(out.pattern);
      delete out.pattern;
    }
  }
  const properties = (value as { properties?: unknown }).properties;
  if (Array.isArray(out.required) && properties !== null && typeof properties === 'object') {
    out.required = out.required.filter((name) => !hiddenIn((properties as Record<string, unknown>)[name as string], c));
  }
  // ajv takes `required: [""]` (GoDaddy's LineItemPricingTaxDetail) as met by any object; JSON
  // Schema requires a property named "". Said another way, which ajv checks: "" is no absent key.
  if (Array.isArray(out.required) && out.required.includes('')) {
    out.required = out.required.filter((name) => name !== '');
    out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), { not: { properties: { '': false } } }];
  }
  // OpenAPI's discriminator picks the member by the tag (a Cat may also fit a looser Lizard).
  const discriminator = out.discriminator as { propertyName?: string; mapping?: Record<string, string> } | undefined;
  const members = (out.oneOf ?? out.anyOf) as Array<{ $ref?: string }> | undefined;
  if (discriminator?.propertyName && Array.isArray(members) && members.every((m) => typeof m?.$ref === 'string')) {
    const component = (ref: string) => ref.replace(/^.*\//, '');
    const tagged = members.map((m) => {
      const names = Object.entries(discriminator.mapping ?? {})
        .filter(([, target]) => component(target) === component(m.$ref!))
        .map(([name]) => name);
      return {
        allOf: [
          m,
          { properties: { [discriminator.propertyName!]: { enum: names.length > 0 ? names : [component(m.$ref!)] } } },
        ],
      };
    });
    if (out.oneOf) out.oneOf = tagged;
    else out.anyOf = tagged;
  }
  if (c.openapi30) {
    // 3.0's exclusive bounds are draft-04's flags on minimum/maximum; draft-07 takes the bound itself.
    for (const [flag, bound] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (typeof out[flag] !== 'boolean') continue;
      if (out[flag] === true && typeof out[bound] === 'number') {
        out[flag] = out[bound];
        delete out[bound];
      } else delete out[flag];
    }
  }
  // 3.0's `nullable: false` is the default and says nothing, but ajv refuses it beside no `type`
  // ("nullable" cannot be used without "type"), and a schema it cannot compile is left unjudged:
  // Box's File (`allOf: [{ $ref: User--Mini }, {}, { nullable: false }]` in its properties).
  if (c.openapi30 && out.nullable === false && out.type === undefined) delete out.nullable;
  if (c.openapi30 && out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    } else return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

/**
 * A pattern as ECMA-262 reads it, for ajv: in unicode mode where it compiles there, else without
 * (JSON Schema's dialect is ECMA-262's, whose Annex B takes `\:` or `\_` as the character itself,
 * as AWS's `^arn[\/\:\-\_\.a-zA-Z0-9]+$` has them). Left out, such a pattern let any text pass.
 */
function ecmaRegExp(pattern: string, u: string): RegExp {
  try {
    return new RegExp(pattern, u);
  } catch (error) {
    if (u === '') throw error;
    return new RegExp(pattern);
  }
}
ecmaRegExp.code = 'ecmaRegExp';

/**
 * ajv's `code.regExp` running each pattern on the tester (the runtime's safe engines): never V8's
 * backtracking engine on a text from the wire. A pattern the tester cannot run is left unchecked
 * and listed in `skipped`, as one JavaScript cannot compile is.
 */
function testedRegExp(tester: PatternTester, skipped: string[]): typeof ecmaRegExp {
  const regExp = (pattern: string, u: string): RegExp => {
    // A real RegExp of the pattern (ajv keys its compiled patterns by their text), whose `test`
    // is the tester's.
    const rx = ecmaRegExp(pattern, u);
    let tested: PatternTest;
    try {
      tested = tester(pattern);
    } catch {
      skipped.push(pattern);
      tested = { test: () => true };
    }
    return Object.defineProperty(rx, 'test', { value: (text: string) => tested.test(text) });
  };
  regExp.code = 'testedRegExp';
  return regExp;
}

/** An ajv $ref to a pointer of a view: each token URI-escaped, as a fragment must be. */
const refTo = (view: View, pointer: string) => `${view}#${pointer.split('/').map(encodeURIComponent).join('/')}`;

/** ajv over one document, in both views, compiling each pointer once. */
export class DocumentReferee {
  readonly #ajv: Ajv;
  readonly #cache = new Map<string, ValidateFunction>();
  /** Patterns left unchecked because JavaScript cannot compile them in either mode (a PCRE inline flag such as `(?i)`), or the tester cannot run them. */
  readonly skippedPatterns: string[] = [];

  /** `patterns`: how document patterns are tested (the runtime's: {@link loadPatternTester}). */
  constructor(
    readonly doc: OpenApiDocument,
    patterns: PatternTester,
  ) {
    // verbose: an error names its schema (the sampler's repair reads which properties it describes).
    const options = {
      strict: false,
      allErrors: false,
      validateSchema: false,
      discriminator: false,
      logger: false,
      verbose: true,
      code: { regExp: testedRegExp(patterns, this.skippedPatterns) },
    } as const;
    const openapi31 = String(doc.openapi).startsWith('3.1');
    // 3.0's schemas are draft-04's (bounds converted above) read by draft-07's ajv, whose `$id` is
    // no name a 3.0 document gives anything; draft-04's `id` is, in every `id` parameter map.
    this.#ajv = openapi31 ? new Ajv2020(options) : new Ajv(options);
    addFormats(this.#ajv);
    // The OpenAPI Format Registry's unsigned integers (Google's documents use them), beside
    // ajv-formats' int32 and int64: `-1` is no uint32, whatever `type: integer` alone allows.
    // Both are integers whatever `type` says (Apple's SiriKit headers: `type: number, format: uint32`).
    const unsigned = (max: number) => (n: number) => Number.isInteger(n) && n >= 0 && n <= max;
    this.#ajv.addFormat('uint32', { type: 'number', validate: unsigned(2 ** 32 - 1) });
    this.#ajv.addFormat('uint64', { type: 'number', validate: unsigned(2 ** 64) });
    // RFC 3987's IRIs, which ajv-formats leaves out (so any text passed, " " included, where a
    // server holding to the RFC refuses it): no spaces, controls or backslashes, well-formed
    // percent escapes, and a reference a URL parser resolves (an IRI: with its scheme).
    // eslint-disable-next-line no-control-regex -- control characters are what an IRI may not hold
    const iriText = (t: string) => !/[\x00-\x20\x7f\\]|%(?![0-9a-fA-F]{2})/.test(t);
    this.#ajv.addFormat('iri-reference', (t: string) => iriText(t) && URL.canParse(t, 'http://example.com/'));
    this.#ajv.addFormat('iri', (t: string) => iriText(t) && /^[a-z][a-z0-9+.-]*:/i.test(t) && URL.canParse(t));
    for (const view of ['request', 'response'] as const) {
      const converted = jsonSchemaOf(doc, {
        doc,
        openapi30: !openapi31,
        view,
        skipped: this.skippedPatterns,
      }) as Record<string, unknown>;
      // The document is no schema itself: an `$id` of its own would move the base of every `$ref`.
      delete converted.$id;
      this.#ajv.addSchema(converted, view);
    }
  }

  /** The first way `value` breaks the schema at `pointer` in `view` (ajv's error), or undefined when it fits; throws {@link RefereeUnable}. */
  firstError(pointer: string, view: View, value: unknown): ErrorObject | undefined {
    const key = `${view} ${pointer}`;
    let validate = this.#cache.get(key);
    if (!validate) {
      try {
        validate = this.#ajv.compile({ $ref: refTo(view, pointer) });
      } catch (error) {
        throw new RefereeUnable(`the referee cannot compile ${pointer}: ${(error as Error).message.slice(0, 200)}`);
      }
      this.#cache.set(key, validate);
    }
    let fits: boolean;
    try {
      fits = validate(value) as boolean;
    } catch (error) {
      // ajv compares `const`/`enum` values with fast-deep-equal, which calls a value's own `valueOf`
      // when it has one: an object holding a `valueOf` key (a free-form object) throws there.
      throw new RefereeUnable(
        `the referee cannot judge a value at ${pointer}: ${(error as Error).message.slice(0, 200)}`,
      );
    }
    if (fits) return undefined;
    // A value that fits several members of a oneOf fails there, and nowhere else: ajv lists the
    // members it does not fit first, whose errors would name a reason it fails none of.
    const several = validate.errors?.find(
      (e) => e.keyword === 'oneOf' && Array.isArray((e.params as { passingSchemas?: unknown }).passingSchemas),
    );
    return (
      several ??
      validate.errors?.[0] ?? { keyword: 'false', instancePath: '', schemaPath: '', params: {}, message: 'invalid' }
    );
  }

  /** {@link firstError} as a sentence. */
  check(pointer: string, view: View, value: unknown): string | undefined {
    const e = this.firstError(pointer, view, value);
    return e
      ? `${e.instancePath || '(root)'} ${e.message ?? e.keyword}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`
      : undefined;
  }
}
