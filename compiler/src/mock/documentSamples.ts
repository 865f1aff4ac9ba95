// Values sampled from a published document's own schemas (openapi-sampler), each checked by a
// referee (ajv over the document) before it is used: a sample the document's schema refuses is the
// sampler's fault (or an example of the document's own, then made again from the schema alone).
// The mock server answers with them; the real-world wire test's handlers too.
import * as openapiSampler from 'openapi-sampler';
import { refPointer } from '../diagnostics/index.ts';
import { at, type OpenApiDocument, type View } from '../check/documentPointers.ts';
import { preview } from '../check/requests.ts';
import { filledUp, leaveOutAt, putAt, replaceAt } from './instanceEdits.ts';
import { oneOfCandidates } from './oneOfMembers.ts';
import './stringSampler.ts';
import { shuffledEnums } from './seeded.ts';
import { seededValues } from './seededValues.ts';
import { samplingCopy } from './samplingCopy.ts';

const { sample } = openapiSampler;

/** The instance path of the innermost list item of `value` holding the place at `instancePath`, if one does. */
function itemAround(value: unknown, instancePath: string): string | undefined {
  const segments = instancePath.split('/');
  for (let i = segments.length - 1; i > 0; i--) {
    const list = i === 1 ? value : at(value, segments.slice(0, i).join('/'));
    if (/^\d+$/.test(segments[i]) && Array.isArray(list)) return segments.slice(0, i + 1).join('/');
  }
  return undefined;
}

/** A sampled value the referee accepts, or why there is none and whose fault that is. */
export type Sampled =
  | { readonly ok: true; readonly value: unknown }
  | {
      readonly ok: false;
      readonly owner: 'sampler' | 'document';
      readonly message: string;
      /** The sample the referee refused, where there is one (a mock may still answer it). */
      readonly unchecked?: { readonly value: unknown };
    };

/** The first way a value breaks a schema, as ajv reports it (the repairs below read these fields). */
export interface RefereeError {
  readonly keyword: string;
  readonly instancePath: string;
  readonly params?: unknown;
  readonly parentSchema?: unknown;
}

/** What judges samples: the schema at a JSON pointer of the document, in a view. */
export interface SampleReferee {
  /** The first way `value` breaks the schema at `pointer`, or undefined when it fits. */
  firstError(pointer: string, view: View, value: unknown): RefereeError | undefined;
  /** {@link firstError} as a sentence. */
  check(pointer: string, view: View, value: unknown): string | undefined;
}

/** Options of {@link DocumentSamples}. */
export interface DocumentSamplesOptions {
  /** True for an error of the referee that is the document's fault (a schema it cannot compile). */
  readonly documentFault?: (error: unknown) => boolean;
  /**
   * Varies every value made from a schema reproducibly (strings, numbers, booleans, array lengths,
   * optional properties left out, the enum member); none: openapi-sampler's, every enum's first.
   */
  readonly seed?: number;
  /** Leave out an optional property where openapi-sampler stopped a recursive schema with `{}`. */
  readonly pruneRecursion?: boolean;
}

/**
 * How deep a full sample is first made, the JSON size past which it is not made whole, and the
 * size up to which it is made again as deep as openapi-sampler goes.
 */
const fullSampleProbe = { depth: 8, bytes: 1_000_000, deeper: 64_000 };

const isEmptyObject = (v: unknown) =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0;

/** Samples of one document's schemas, by JSON pointer and view. */
export class DocumentSamples {
  readonly #withExamples: OpenApiDocument;
  #plain: OpenApiDocument | undefined;
  /** With a seed: the plain copy without the seed's made values, for a schema none of them fits. */
  #unseeded: OpenApiDocument | undefined;
  readonly #documentFault: (error: unknown) => boolean;
  readonly #seed: number | undefined;
  readonly #pruneRecursion: boolean;
  /** The samples made without `dynamic`, by view, sparseness and pointer. */
  readonly #made = new Map<string, Sampled>();
  /** Pointers of schemas whose own example or default the referee refuses (the document's fault, reported once each). */
  readonly invalidExamples: Array<{ pointer: string; message: string }> = [];

  constructor(
    private readonly doc: OpenApiDocument,
    private readonly referee: SampleReferee,
    options: DocumentSamplesOptions = {},
  ) {
    this.#documentFault = options.documentFault ?? (() => false);
    this.#seed = options.seed;
    this.#pruneRecursion = options.pruneRecursion === true;
    this.#withExamples = this.#copy(false);
  }

  #copy(plain: boolean, seeded = true): OpenApiDocument {
    const copy = samplingCopy(this.doc, plain) as OpenApiDocument;
    if (this.#seed === undefined) return copy;
    if (seeded) seededValues(copy, this.#seed);
    return shuffledEnums(copy, this.#seed) as OpenApiDocument;
  }

  #sample(
    copy: OpenApiDocument,
    pointer: string,
    view: View,
    how: { xml?: boolean; sparse?: boolean; depth?: number } = {},
  ): unknown {
    const options = {
      skipReadOnly: view === 'request',
      skipWriteOnly: view === 'response',
      skipNonRequired: how.sparse === true,
      quiet: true,
      enablePatterns: true,
      ...(how.depth !== undefined ? { maxSampleDepth: how.depth } : {}),
    };
    return sample(at(copy, pointer) as object, how.xml ? { ...options, format: 'xml' as const } : options, copy);
  }

  /**
   * A value of the schema at `pointer` that the referee accepts in `view`; `sparse`: required
   * properties only; `dynamic`: made from the schema alone, the document's examples and defaults left out.
   */
  valid(pointer: string, view: View, sparse = false, dynamic = false): Sampled {
    // A schema that is a bare `$ref` is sampled in the place it names: Microsoft Graph's hundreds
    // of responses of `{ $ref: microsoft.graph.group }` share one sample (30-100 s to make).
    const place = this.#named(pointer);
    // A sample of the document's own values is the same at every request: made once, a copy handed
    // out (openapi-sampler over a large schema took 15-27 s an answer on presalytics' ooxml).
    if (dynamic) return this.#valid(place, view, sparse, true);
    const key = `${view} ${sparse ? 'sparse' : 'full'} ${place}`;
    let made = this.#made.get(key);
    if (made === undefined) this.#made.set(key, (made = this.#valid(place, view, sparse, false)));
    if (made.ok) return { ok: true, value: structuredClone(made.value) };
    // A refused sample is copied only where it is answered after all: Graph's full sample of a
    // group (31 MB, refused where a recursion was cut) took 4 s to copy, at every request, before
    // the sparse one was answered in its place.
    const refused = made.unchecked?.value;
    if (refused === undefined) return made;
    return {
      ...made,
      unchecked: {
        get value() {
          return structuredClone(refused);
        },
      },
    };
  }

  /** The place a schema that is only a local `$ref` names (through a chain of them), else `pointer` itself. */
  #named(pointer: string): string {
    let place = pointer;
    for (let i = 0; i < 16; i++) {
      const node = at(this.doc, place) as { $ref?: unknown } | undefined;
      if (node === null || typeof node !== 'object' || Object.keys(node).length !== 1) return place;
      const target = typeof node.$ref === 'string' ? refPointer(node.$ref) : undefined;
      if (target === undefined || at(this.doc, target) === undefined) return place;
      place = target;
    }
    return place;
  }

  #valid(pointer: string, view: View, sparse: boolean, dynamic: boolean): Sampled {
    let value: unknown;
    // How deep the samples made again below go: as deep as the first one.
    let depth: number | undefined;
    try {
      if (dynamic) this.#plain ??= this.#copy(true);
      const copy = dynamic ? this.#plain! : this.#withExamples;
      // A schema whose every property is sampled grows with its width to the power of the depth
      // (openapi-sampler goes 15 levels): Microsoft Graph's group is 1.6 MB at 8 levels and 31 MB
      // at 15, made in 30 s, then refused where a recursion was cut. Past the limit at 8 levels no
      // full sample is made: the mock answers the sparse one. Past `deeper` the one made 8 levels
      // deep is the answer: every request copies, lifts, encodes and checks it, and deeper it
      // grows on (Graph's driveItem: 0.4 MB at 8 levels, 2.6 MB at 15, each answer 1-5 s).
      let probe: { value: unknown } | undefined;
      if (!sparse) {
        probe = { value: this.#sample(copy, pointer, view, { depth: fullSampleProbe.depth }) };
        const size = JSON.stringify(probe.value)?.length ?? 0;
        if (size > fullSampleProbe.bytes)
          return {
            ok: false,
            owner: 'sampler',
            message: `the sample of ${pointer} with every property is over ${fullSampleProbe.bytes / 1e6} MB at ${fullSampleProbe.depth} levels deep: none is made`,
          };
        if (size <= fullSampleProbe.deeper) probe = undefined;
        else depth = fullSampleProbe.depth;
      }
      value = probe !== undefined ? probe.value : this.#sample(copy, pointer, view, { sparse });
    } catch (error) {
      return {
        ok: false,
        owner: 'sampler',
        message: `openapi-sampler failed on ${pointer}: ${(error as Error).message.slice(0, 160)}`,
      };
    }
    let problem: string | undefined;
    try {
      value = this.#completed(pointer, view, value);
      problem = this.referee.check(pointer, view, value);
      if (problem === undefined) return { ok: true, value };
      // Built again from the schema alone: the first may have been the document's own example.
      this.#plain ??= this.#copy(true);
      const plain = this.#completed(pointer, view, this.#sample(this.#plain, pointer, view, { sparse, depth }));
      const again = this.referee.check(pointer, view, plain);
      if (again === undefined) {
        if (!this.invalidExamples.some((e) => e.pointer === pointer))
          this.invalidExamples.push({ pointer, message: `${problem} in ${preview(value)}` });
        return { ok: true, value: plain };
      }
      if (this.#seed !== undefined) {
        // A value made for the seed broke a bound it could not see (a pattern with a format): the sampler's own.
        this.#unseeded ??= this.#copy(true, false);
        const unseeded = this.#completed(pointer, view, this.#sample(this.#unseeded, pointer, view, { sparse, depth }));
        if (this.referee.check(pointer, view, unseeded) === undefined) return { ok: true, value: unseeded };
      }
      return {
        ok: false,
        owner: 'sampler',
        message: `the sample of ${pointer} breaks its own schema: ${again} in ${preview(plain)}`,
        unchecked: { value: plain },
      };
    } catch (error) {
      // A schema the referee cannot compile leaves the sample unjudged: a mock may still answer it.
      if (this.#documentFault(error))
        return { ok: false, owner: 'document', message: (error as Error).message, unchecked: { value } };
      return {
        ok: false,
        owner: 'sampler',
        message: `openapi-sampler failed on ${pointer}: ${(error as Error).message.slice(0, 160)}`,
      };
    }
  }

  /**
   * The sample with two gaps of openapi-sampler filled, in place: properties its schema requires
   * without describing them (`required: [isCoreInUse]`, no such property; any value fits one),
   * a repeated item under `uniqueItems`, and a oneOf's sample that fits several members (another
   * value that fits one, where `tellApart`). Anything else is left for the referee to report.
   */
  #completed(pointer: string, view: View, value: unknown, tellApart = true): unknown {
    for (let i = 0; i < 32; i++) {
      const e = this.referee.firstError(pointer, view, value);
      const passing = (e?.params as { passingSchemas?: unknown } | undefined)?.passingSchemas;
      if (e?.keyword === 'oneOf' && Array.isArray(passing)) {
        const told = tellApart ? this.#toldApart(pointer, view, value, e) : undefined;
        if (told === undefined) break;
        value = told;
        continue;
      }
      // openapi-sampler repeats one item to reach minItems, even under uniqueItems: one is enough where one is allowed.
      const list =
        e?.keyword === 'uniqueItems' ? (e.instancePath === '' ? value : at(value, e.instancePath)) : undefined;
      if (Array.isArray(list) && ((e?.parentSchema as { minItems?: number } | undefined)?.minItems ?? 0) <= 1) {
        list.length = 1;
        continue;
      }
      // An item of a list with a value that no value of its enum fits (sendgrid's message event,
      // whose two descriptions hold `bounce_type` to disjoint enums; Spotify's artist, whose `type`
      // is "artist" and, by its discriminator, "ArtistObject"): the list without that item.
      const item = e?.keyword === 'enum' ? itemAround(value, e.instancePath) : undefined;
      if (item !== undefined && this.#noneFits(pointer, view, value, e!) && leaveOutAt(value, item)) continue;
      // A discriminator's tag, which the referee reads as the enum of the member's mapping names
      // and openapi-sampler does not (Apple SiriKit's `method`: "string"): the member's name.
      const allowed = (e?.params as { allowedValues?: unknown[] } | undefined)?.allowedValues;
      if (
        e?.keyword === 'enum' &&
        allowed?.length === 1 &&
        e.instancePath !== '' &&
        putAt(value, e.instancePath, allowed[0])
      )
        continue;
      // A format openapi-sampler lost merging an allOf whose member describes the property again
      // (sendgrid's `template_id`: `format: uuid`, and a member's plain string): a text of it.
      const format = (e?.params as { format?: unknown } | undefined)?.format;
      if (
        e?.keyword === 'format' &&
        typeof format === 'string' &&
        e.instancePath !== '' &&
        putAt(value, e.instancePath, sample({ type: 'string', format }, { quiet: true }))
      )
        continue;
      // A free-form object of `minProperties` (APIs.guru's `externalDocs: { minProperties: 1 }`),
      // which openapi-sampler answers `{}`: properties of its own, where it takes any.
      if (e?.keyword === 'minProperties' && filledUp(value, e.instancePath, e.parentSchema, e.params)) continue;
      const missing = (e?.params as { missingProperty?: string } | undefined)?.missingProperty;
      if (e?.keyword !== 'required' || missing === undefined) break;
      const holder = e.instancePath === '' ? value : at(value, e.instancePath);
      // Where a schema recurses, openapi-sampler stops with `{}`: an optional property holding it
      // is left out (were it required, the next error says so and the sample is refused).
      if (this.#pruneRecursion && e.instancePath !== '' && isEmptyObject(holder) && leaveOutAt(value, e.instancePath))
        continue;
      const declared = (e.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties?.[missing];
      if (holder === null || typeof holder !== 'object') break;
      if (declared !== undefined) {
        // Left out as hidden in this view where only an `allOf` member says so (Jira's gadget
        // `position`: readOnly itself, its one member writeOnly), which the referee still requires:
        // its sample, hidden parts and all. Left out for any other reason, the sample is refused.
        const filled = missing in holder ? undefined : sample(declared as object, { quiet: true }, this.doc);
        if (filled === undefined) break;
        (holder as Record<string, unknown>)[missing] = filled;
        continue;
      }
      // Described in an `allOf` member (Azure's `sku` in `Resource`), which a sparse sample left
      // out: its own sample, with every property, as the member describes it.
      const inMember = this.#memberProperty(e.parentSchema, missing);
      (holder as Record<string, unknown>)[missing] =
        inMember === undefined
          ? 'text'
          : sample(
              inMember,
              { quiet: true, skipReadOnly: view === 'request', skipWriteOnly: view === 'response' },
              this.doc,
            );
    }
    return value;
  }

  /** True when each value of the enum error's list, put in its place, still fails there. */
  #noneFits(pointer: string, view: View, value: unknown, e: RefereeError): boolean {
    const allowed = (e.params as { allowedValues?: unknown[] } | undefined)?.allowedValues ?? [];
    return allowed.slice(0, 8).every((candidate) => {
      const copy = structuredClone(value);
      if (!putAt(copy, e.instancePath, candidate)) return true;
      const left = this.referee.firstError(pointer, view, copy);
      return left !== undefined && left.instancePath === e.instancePath;
    });
  }

  /**
   * `value` with the part at the error's place replaced by a value that fits one member of the
   * oneOf there (and completed), or undefined when no candidate does.
   */
  #toldApart(pointer: string, view: View, value: unknown, e: RefereeError): unknown {
    // Under a discriminator the tag tells members apart; where the members do not declare it
    // (Linode's payment method `data`, tagged by the `type` of the object around it), a tag put
    // inside would be undeclared, and the generated server drops it on the wire.
    if ((e.parentSchema as { discriminator?: unknown } | undefined)?.discriminator !== undefined) return undefined;
    const options = { quiet: true, skipReadOnly: view === 'request', skipWriteOnly: view === 'response' };
    const copy = this.#withExamples;
    const place = e.instancePath;
    const inside = (path: string) => path === place || path.startsWith(`${place}/`);
    let tries = 0;
    for (const candidate of oneOfCandidates(e.parentSchema, copy, (m) => sample(m as object, options, copy))) {
      if (++tries > 24) break;
      const whole = place === '' ? candidate : structuredClone(value);
      if (place !== '' && !replaceAt(whole, place, candidate)) return undefined;
      const completed = this.#completed(pointer, view, whole, false);
      const left = this.referee.firstError(pointer, view, completed);
      if (left === undefined || (place !== '' && !inside(left.instancePath))) return completed;
    }
    return undefined;
  }

  /** The schema of property `name` as an `allOf` member of `schema` describes it (through one `$ref`), if one does. */
  #memberProperty(schema: unknown, name: string): object | undefined {
    for (const m of (schema as { allOf?: unknown[] } | undefined)?.allOf ?? []) {
      const ref = (m as { $ref?: unknown }).$ref;
      const member = (typeof ref === 'string' && ref.startsWith('#') ? at(this.doc, ref.slice(1)) : m) as
        { properties?: Record<string, object> } | undefined;
      const property = member?.properties?.[name];
      if (property !== undefined) return property;
    }
    return undefined;
  }

  /**
   * How `value` (a document's example of a body) breaks the schema at `pointer` in `view`, or
   * undefined when it fits or cannot be judged (a schema the referee cannot compile).
   */
  judge(pointer: string, view: View, value: unknown): string | undefined {
    try {
      return this.referee.check(pointer, view, value);
    } catch (error) {
      if (this.#documentFault(error)) return undefined;
      throw error;
    }
  }

  /** An XML text of the schema at `pointer` (unjudged: the referee reads JSON only). */
  xml(pointer: string, view: View, dynamic = false): string | undefined {
    try {
      if (dynamic) this.#plain ??= this.#copy(true);
      return this.#sample(dynamic ? this.#plain! : this.#withExamples, pointer, view, { xml: true }) as string;
    } catch {
      return undefined;
    }
  }
}
