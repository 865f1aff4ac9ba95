// What a handler of kitgen's generated server answers for one declared response: the body (the
// document's example, else sampled from the response's schema) in the form the generated types
// give it — `{ status, body, headers }` or the body alone, int64 as bigint, `format: byte` as
// bytes, text for text/*. The mock server's handlers answer with it; the real-world wire test's too.
import type { Operation, Response } from '../model/Api.ts';
import { bodyKind, isVendorJsonType } from '../model/mediaTypes.ts';
import {
  escapePointer,
  follow,
  isJsonMediaType,
  mediaEssence,
  type OpenApiDocument,
} from '../check/documentPointers.ts';
import type { DocumentSamples } from './documentSamples.ts';
import type { Samples } from './modelSamples.ts';
import type { TypedValues } from './typedValues.ts';

/**
 * What a handler answers, the media type the valid request asks for, and (for a JSON body) the
 * JSON it stands for: as sampled, and the part of it the generated types describe.
 */
export interface Answer {
  readonly value: unknown;
  readonly accept?: string;
  readonly json?: { readonly value: unknown; readonly sampled: unknown };
  /** Why the body may not fit the document: the referee refused the sample (with {@link AnswerChoice.lenient}). */
  readonly unchecked?: string;
  /** How the document's example broke its own schema, where a sample was answered in its place. */
  readonly exampleRefused?: string;
  /** Response headers whose document example no header can carry (header → why), a sample answered in its place. */
  readonly headerExamplesRefused?: Readonly<Record<string, string>>;
}

/** Why there is no answer, and whose fault that is. */
export interface NoAnswer {
  readonly owner: 'sampler' | 'document' | 'harness';
  readonly message: string;
}

/** The samplers an answer is made with. */
export interface AnswerTools {
  readonly samples: DocumentSamples;
  readonly typed: TypedValues;
  readonly kitgen: Samples;
}

/** An operation's declared responses: status key (`200`, `4XX`, `default`) → JSON pointer of the response object. */
export interface DeclaredResponses {
  readonly responses: Readonly<Record<string, string>>;
}

/** Which response to answer, and how. */
export interface AnswerChoice {
  /** The status key as the document writes it. */
  readonly key: string;
  /** The status to answer where the key is a range or `default` (else the first status it covers). */
  readonly status?: number;
  /** The document's media type to answer in (default: its first JSON one, else its first). */
  readonly mediaType?: string;
  /** The body as it is (a document's example), in place of a sampled one. */
  readonly example?: { readonly value: unknown };
  /** Only the required properties of a sampled body. */
  readonly sparse?: boolean;
  /** A body made from the schema alone, the document's examples and defaults left out. */
  readonly dynamic?: boolean;
  /** Answer each response header with the document's example of it, where it has one. */
  readonly headerExamples?: boolean;
  /** Answer a sample the referee refused (saying why in {@link Answer.unchecked}) rather than none. */
  readonly lenient?: boolean;
}

/**
 * Response headers a document may list (copied from a captured answer: `Content-Encoding: br`)
 * that say how this message travels: the server writing it sets them, and a body answered with
 * another's would not decode (a client fails on a "br" body that is plain JSON).
 */
const framingHeaders = new Set([
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'trailer',
  'upgrade',
]);

/** The document's example of a response header: the header's `example`, else its schema's. */
function headerExample(doc: OpenApiDocument, responsePointer: string, name: string): { value: unknown } | undefined {
  const headers = (follow(doc, responsePointer).value?.headers ?? {}) as Record<string, unknown>;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  if (key === undefined) return undefined;
  const header = follow(doc, `${follow(doc, responsePointer).pointer}/headers/${escapePointer(key)}`).value;
  if (header?.example !== undefined) return { value: header.example };
  const schema = header?.schema as { example?: unknown; $ref?: unknown } | undefined;
  return schema?.example !== undefined ? { value: schema.example } : undefined;
}

/**
 * Why an example cannot be sent as a header value, or undefined when it can: HTTP field values
 * hold no line breaks or other control characters, and Node refuses to write text beyond
 * Latin-1 (Velopayments' `Location` examples hold a line break: written as they are, every
 * answer of those operations was a 500).
 */
function unsendableHeaderValue(value: unknown): string | undefined {
  const texts: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') texts.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') Object.entries(v).forEach(([k, x]) => (texts.push(k), walk(x)));
  };
  walk(value);
  for (const text of texts) {
    const bad = /[^\t\x20-\x7e\x80-\xff]/.exec(text);
    if (bad) {
      const code = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      return `its example holds U+${code}${bad[0] === '\n' || bad[0] === '\r' ? ' (a line break)' : ''}, which no header value may`;
    }
  }
  return undefined;
}

/**
 * True when the generated handler of `op` returns its body alone: one output, no headers, an
 * exact status and one media type group; otherwise it returns `{ status, body, headers }`.
 */
export const plainOutput = (op: Operation): boolean =>
  op.outputs.length <= 1 &&
  (op.outputs[0]?.headers.length ?? 0) === 0 &&
  /^\d{3}$/.test(op.outputs[0]?.key ?? '200') &&
  !op.outputs[0]?.content?.variants;

/** The model's response of a status key: an output, or a declared error (`error` true). */
export function modelResponseOf(op: Operation, key: string): { response: Response; error: boolean } | undefined {
  const same = (r: Response) => r.key.toUpperCase() === key.toUpperCase();
  const output = op.outputs.find(same);
  if (output) return { response: output, error: false };
  const error = op.errors.find(same);
  return error ? { response: error, error: true } : undefined;
}

/** The content map of a declared response (media type → media type object). */
export function contentOf(
  doc: OpenApiDocument,
  pointer: string,
): Record<string, { schema?: unknown; example?: unknown; examples?: unknown }> {
  return (follow(doc, pointer).value?.content ?? {}) as Record<string, { schema?: unknown }>;
}

/** Where a body of one media type of a declared response is described, and how kitgen's model reads it. */
function bodyShape(dop: DeclaredResponses, response: Response, tools: AnswerTools, key: string, mediaType: string) {
  const pointer = `${dop.responses[key]}/content/${escapePointer(mediaType)}/schema`;
  // The generated type says what the handler returns: bytes where kitgen's model made the body
  // bytes (XML, images, some `*/*`), text for text/*, else the value in the generated types.
  const shape = response.content!.variants?.find((v) =>
    v.mediaTypes.some((m) => mediaEssence(m) === mediaEssence(mediaType)),
  );
  const node = shape?.schema ?? response.content!.schema;
  // A vendor type that names no syntax (GitHub's `application/vnd.github.object`) carries a JSON
  // value when its schema describes one, as the model reads it: its example is judged as JSON's is.
  const vendorJson =
    isVendorJsonType(mediaEssence(mediaType)) && !['bytes', 'string'].includes(tools.typed.kindOf(node));
  const kind = vendorJson ? 'json' : bodyKind(mediaType);
  return { pointer, shape, node, kind, xml: /xml/.test(mediaEssence(mediaType)) };
}

/**
 * Why the document's example `value` of the body of response `key` in `mediaType` cannot be
 * answered (it breaks its own schema, as ajv or kitgen's model reads it), or undefined when it
 * can. An XML body's example is its text; a JSON-shaped one is no XML example (and no refusal).
 */
export function exampleRefusal(
  doc: OpenApiDocument,
  dop: DeclaredResponses,
  op: Operation,
  tools: AnswerTools,
  place: { readonly key: string; readonly mediaType: string },
  value: unknown,
): string | undefined {
  const response = modelResponseOf(op, place.key)?.response;
  if (response?.content === undefined) return undefined;
  const { pointer, node, kind, xml } = bodyShape(dop, response, tools, place.key, place.mediaType);
  if (xml || kind !== 'json' || tools.typed.kindOf(node) === 'bytes') return undefined;
  if (contentOf(doc, dop.responses[place.key])[place.mediaType]?.schema === undefined) return undefined;
  // A schema without `type` takes any JSON type for ajv, but kitgen's model reads its
  // `properties` as an object's: an example that is JSON text (quotes.rest), or holds an array
  // where the model has an object (Azure's `actionGroups`), is no answer.
  return tools.samples.judge(pointer, 'response', value) ?? tools.typed.misfit(node, value);
}

/** The handler's answer for one declared response of `op`. */
export function responseAnswer(
  doc: OpenApiDocument,
  dop: DeclaredResponses,
  op: Operation,
  tools: AnswerTools,
  choice: AnswerChoice,
): Answer | NoAnswer {
  const { key } = choice;
  const found = modelResponseOf(op, key);
  if (!found) return { owner: 'harness', message: `kitgen's model has no response ${key}` };
  const modelResponse = found.response;
  const content = contentOf(doc, dop.responses[key]);
  const mediaType = choice.mediaType ?? Object.keys(content).find(isJsonMediaType) ?? Object.keys(content)[0];
  let body: unknown;
  let variant: string | undefined;
  let json: Answer['json'];
  let unchecked: string | undefined;
  let exampleRefused: string | undefined;
  if (mediaType !== undefined && modelResponse.content) {
    const { pointer, shape, node, kind, xml } = bodyShape(dop, modelResponse, tools, key, mediaType);
    let sampled: unknown = kind === 'json' ? {} : 'text';
    let example = choice.example !== undefined && (!xml || typeof choice.example.value === 'string');
    // A JSON body's example that breaks its own schema (a file's text under `type: object`) is no
    // answer the generated server can send, nor one the document promises: a sample is answered instead.
    if (example) {
      exampleRefused = exampleRefusal(doc, dop, op, tools, { key, mediaType }, choice.example!.value);
      example = exampleRefused === undefined;
    }
    if (example) sampled = choice.example!.value;
    else if (content[mediaType]?.schema !== undefined) {
      // An object without properties samples as no XML at all, which goes out as no body: one empty element.
      if (xml) sampled = tools.samples.xml(pointer, 'response', choice.dynamic) || '<root/>';
      else {
        let s = tools.samples.valid(pointer, 'response', choice.sparse, choice.dynamic);
        // A full sample the schema refuses (a recursion cut deep in optional properties, BBC's
        // `nitro`) may have a sparse one it accepts: better than a body the document refuses.
        if (!s.ok && !choice.sparse) {
          const sparse = tools.samples.valid(pointer, 'response', true, choice.dynamic);
          if (sparse.ok) s = sparse;
        }
        if (!s.ok && !(choice.lenient && s.unchecked)) return s;
        if (!s.ok) unchecked = s.message;
        sampled = s.ok ? s.value : s.unchecked!.value;
      }
    }
    variant = shape?.mediaTypes[0];
    const asText = typeof sampled === 'string' ? sampled : JSON.stringify(sampled);
    if (tools.typed.kindOf(node) === 'bytes') body = new TextEncoder().encode(asText);
    else if (kind === 'text') body = asText;
    else {
      body = tools.typed.lift(node, sampled);
      // Projected when read (the wire test compares it); the mock itself never reads it, and
      // walking a large answer at every request cost as much as lifting it.
      if (kind === 'json') {
        let projected: { value: unknown } | undefined;
        json = {
          get value() {
            return (projected ??= { value: tools.typed.project(node, sampled) }).value;
          },
          sampled,
        };
      }
    }
  }
  const extra = {
    ...(json ? { json } : {}),
    ...(unchecked !== undefined ? { unchecked } : {}),
    ...(exampleRefused !== undefined ? { exampleRefused } : {}),
  };
  if (!found.error && plainOutput(op)) return { value: body, accept: mediaType, ...extra };
  const headerRefusals: Record<string, string> = {};
  const headers =
    modelResponse.headers.length > 0
      ? {
          headers: Object.fromEntries(
            modelResponse.headers
              .filter((h) => !framingHeaders.has(h.name.toLowerCase()))
              .map((h) => {
                let example =
                  choice.headerExamples && !choice.dynamic ? headerExample(doc, dop.responses[key], h.name) : undefined;
                const unsendable = example && unsendableHeaderValue(example.value);
                if (unsendable) {
                  headerRefusals[h.name] = unsendable;
                  example = undefined;
                }
                return [h.prop, example ? tools.typed.lift(h.schema, example.value) : tools.kitgen.value(h.schema)];
              }),
          ),
        }
      : {};
  const status = /^\d{3}$/.test(key) ? modelResponse.status : (choice.status ?? modelResponse.status);
  return {
    value: {
      status,
      ...(variant !== undefined ? { mediaType: variant } : {}),
      ...(modelResponse.content ? { body } : {}),
      ...headers,
    },
    accept: mediaType,
    ...extra,
    ...(Object.keys(headerRefusals).length > 0 ? { headerExamplesRefused: headerRefusals } : {}),
  };
}

/** The handler's answer for `op`: its first declared success (2xx–3xx, else `default`); `sparse` leaves the body's optional properties out. */
export function answerFor(
  doc: OpenApiDocument,
  dop: DeclaredResponses,
  op: Operation,
  tools: AnswerTools,
  sparse = false,
): Answer | NoAnswer {
  // With no 2xx–3xx response, `default` describes the successes too (kitgen's model makes it an
  // output covering 200–399): its handler must answer one.
  const key =
    Object.keys(dop.responses).find((k) => /^[23]/.test(k)) ?? ('default' in dop.responses ? 'default' : undefined);
  if (key === undefined || op.outputs.length === 0) return { value: undefined };
  if (!op.outputs.some((r) => r.key.toUpperCase() === key.toUpperCase()))
    return { owner: 'harness', message: `kitgen's model has no output ${key}` };
  return responseAnswer(doc, dop, op, tools, { key, sparse });
}
