// What the generated server's handler of an operation answers in the real-world wire test: its
// first declared success (2xx–3xx, else `default`), the body sampled from the document's own schema for the
// response's first JSON media type (else its first), in the form the generated types give it —
// `{ status, body, headers }` or the body alone, int64 as bigint, `format: byte` as bytes.
import type { Operation } from '../../src/model/Api.ts';
import { bodyKind } from '../../src/model/mediaTypes.ts';
import { escapePointer, follow, isJsonMediaType, mediaEssence, type OpenApiDocument } from './documentReferee.ts';
import type { DocumentOperation } from './documentOperations.ts';
import type { DocumentSamples } from './documentSamples.ts';
import { plainOutput } from './endToEnd.ts';
import type { Samples } from './samples.ts';
import type { TypedValues } from './typedValues.ts';

/**
 * What a handler answers, the media type the valid request asks for, and (for a JSON body) the
 * JSON it stands for: as sampled, and the part of it the generated types describe.
 */
export interface Answer {
  readonly value: unknown;
  readonly accept?: string;
  readonly json?: { readonly value: unknown; readonly sampled: unknown };
}

/** Why there is no answer, and whose fault that is. */
export interface NoAnswer {
  readonly owner: 'sampler' | 'document' | 'harness';
  readonly message: string;
}

/** The handler's answer for `op`; `sparse` leaves the body's optional properties out. */
export function answerFor(
  doc: OpenApiDocument,
  dop: DocumentOperation,
  op: Operation,
  tools: { readonly samples: DocumentSamples; readonly typed: TypedValues; readonly kitgen: Samples },
  sparse = false,
): Answer | NoAnswer {
  // With no 2xx–3xx response, `default` describes the successes too (kitgen's model makes it an
  // output covering 200–399): its handler must answer one.
  const key = Object.keys(dop.responses).find((k) => /^[23]/.test(k)) ?? ('default' in dop.responses ? 'default' : undefined);
  if (key === undefined || op.outputs.length === 0) return { value: undefined };
  const modelResponse = op.outputs.find((r) => r.key.toUpperCase() === key.toUpperCase());
  if (!modelResponse) return { owner: 'harness', message: `kitgen's model has no output ${key}` };
  const content = (follow(doc, dop.responses[key]).value?.content ?? {}) as Record<string, { schema?: unknown }>;
  const mediaType = Object.keys(content).find(isJsonMediaType) ?? Object.keys(content)[0];
  let body: unknown;
  let variant: string | undefined;
  let json: Answer['json'];
  if (mediaType !== undefined && modelResponse.content) {
    const pointer = `${dop.responses[key]}/content/${escapePointer(mediaType)}/schema`;
    // The generated type says what the handler returns: bytes where kitgen's model made the body
    // bytes (XML, images, some `*/*`), text for text/*, else the value in the generated types.
    const kind = bodyKind(mediaType);
    let sampled: unknown = kind === 'json' ? {} : 'text';
    if (content[mediaType]?.schema !== undefined) {
      if (/xml/.test(mediaEssence(mediaType))) sampled = tools.samples.xml(pointer, 'response') ?? 'text';
      else {
        const s = tools.samples.valid(pointer, 'response', sparse);
        if (!s.ok) return s;
        sampled = s.value;
      }
    }
    const shape = modelResponse.content.variants?.find((v) => v.mediaTypes.some((m) => mediaEssence(m) === mediaEssence(mediaType)));
    variant = shape?.mediaTypes[0];
    const asText = typeof sampled === 'string' ? sampled : JSON.stringify(sampled);
    const node = shape?.schema ?? modelResponse.content.schema;
    if (tools.typed.kindOf(node) === 'bytes') body = new TextEncoder().encode(asText);
    else if (kind === 'text') body = asText;
    else {
      body = tools.typed.lift(node, sampled);
      if (kind === 'json') json = { value: tools.typed.project(node, sampled), sampled };
    }
  }
  const extra = json ? { json } : {};
  if (plainOutput(op)) return { value: body, accept: mediaType, ...extra };
  const headers =
    modelResponse.headers.length > 0 ? { headers: Object.fromEntries(modelResponse.headers.map((h) => [h.prop, tools.kitgen.value(h.schema)])) } : {};
  return {
    value: { status: modelResponse.status, ...(variant !== undefined ? { mediaType: variant } : {}), ...(modelResponse.content ? { body } : {}), ...headers },
    accept: mediaType,
    ...extra,
  };
}
