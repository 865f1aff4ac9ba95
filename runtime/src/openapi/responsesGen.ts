import type { TSchema } from 'typebox';
import {
  alternatives,
  type CodecNode,
  type ContentNode,
  type HeaderNode,
  type StatusCoverage,
} from '../endpoint/CodecNode.ts';
import { contentCodecs } from '../endpoint/contentCodecs.ts';
import { concreteMediaType } from '../codec/body/mediaRanges.ts';
import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import { statusHasNoBody } from '../http/Status.ts';
import { splitOutputExample } from './examples.ts';
import { exampleObjects, headerSchema, statusText, type GenContext } from './genContext.ts';
import { bodyExample, bodySchema, MediaCollector, streamNote } from './mediaGen.ts';
import type { HeaderObject, ResponseObject, ResponsesObject } from './model.ts';
import { pascalCase } from './names.ts';

/** One way a response can go out: its status, body and headers. */
interface Alternative {
  readonly status: number;
  /** The response key it is written under: the status, or a range (`4XX`) or `default`. */
  readonly key: string;
  readonly covers: (status: number) => boolean;
  readonly content: ContentNode | undefined;
  readonly headers: readonly HeaderNode[];
  /** A description for answers the server gives by itself. */
  readonly note?: string;
  readonly implicit?: 'input' | 'auth';
}

/** Response keys in the order OpenAPI documents list them: codes by number, then ranges, then `default`. */
function keyOrder(a: string, b: string): number {
  const rank = (k: string) => (k === 'default' ? 2 : /X/.test(k) ? 1 : 0);
  return rank(a) - rank(b) || a.localeCompare(b);
}

/** The alternatives of an output or error node, with statuses as encodeOutput chooses them. */
function alternativesOf(node: CodecNode | undefined, defaultStatus: number): Alternative[] {
  if (!node) return [];
  return alternatives(node).map((leaves) => {
    let status: number | undefined;
    let content: ContentNode | undefined;
    let range: StatusCoverage | undefined;
    const headers: HeaderNode[] = [];
    for (const leaf of leaves) {
      if (leaf.kind === 'content') {
        content = leaf;
        if (leaf.status !== undefined) status = leaf.status;
      } else if (leaf.kind === 'status') {
        status = leaf.status;
        range = leaf.range;
      } else headers.push(leaf);
    }
    // Without a body a success answers 204; a failure keeps its status.
    const effective = status ?? (content || defaultStatus !== 200 ? defaultStatus : 204);
    return range
      ? { status: effective, key: range.key, covers: (s: number) => range.covers(s), content, headers }
      : { status: effective, key: String(effective), covers: (s: number) => s === effective, content, headers };
  });
}

/**
 * The responses of an endpoint: its outputs (200 unless declared, 204 without a body), its
 * errors (their statuses, 500 unless declared), and — unless switched off — the 400 the server
 * answers when an input does not decode and the 401 of Basic/Bearer endpoints. Alternatives that
 * share a status are merged: bodies of one media type into a `oneOf`, headers required only when
 * every alternative carries them (rule 1 is in the alternatives already).
 */
export function responsesDocs(endpoint: AnyEndpoint, ctx: GenContext, hint: string, decodes: boolean): ResponsesObject {
  const { output, error, authType, docs } = endpoint.state;
  const all: Alternative[] = [...alternativesOf(output, 200), ...alternativesOf(error, 500)];
  // The server's own answers keep a key of their own, as specific keys win over a range or
  // default in OpenAPI (merged into the range, the generic error body would make a `oneOf` whose
  // members overlap).
  const implicit = (status: number, note: string, kind: 'input' | 'auth'): Alternative => ({
    status,
    key: String(status),
    covers: (s) => s === status,
    content: undefined,
    headers: [],
    note,
    implicit: kind,
  });
  if (ctx.implicitErrors && decodes) all.push(implicit(400, 'An input did not decode: the message names it.', 'input'));
  if (ctx.implicitErrors && authType !== 'None')
    all.push(implicit(401, `${authType} credentials are missing or wrong.`, 'auth'));
  const outputExamples = Object.entries(docs.outputExamples ?? {}).map(
    ([name, value]) => [name, splitOutputExample(output, value)] as const,
  );

  const byKey = new Map<string, Alternative[]>();
  for (const alt of all) byKey.set(alt.key, [...(byKey.get(alt.key) ?? []), alt]);
  const responses: ResponsesObject = {};
  for (const key of [...byKey.keys()].sort(keyOrder)) {
    const alts = byKey.get(key) as Alternative[];
    const status = alts[0].status;
    const media = new MediaCollector();
    const notes: string[] = [];
    for (const alt of alts) {
      notes.push(
        alt.note ??
          alt.content?.doc ??
          (key === String(status)
            ? statusText(status)
            : key === 'default'
              ? 'Any other status.'
              : `Any ${key} status.`),
      );
      if (alt.implicit) {
        if (!statusHasNoBody(status)) media.add('application/json', ctx.errorSchema());
        continue;
      }
      const node = alt.content;
      if (!node) continue;
      if (node.stream) notes.push(streamNote(ctx.config, 'out'));
      if (statusHasNoBody(status)) continue;
      // Listed as declared (ranges and parameters kept); described as the type each is sent as.
      for (const mt of contentCodecs(node).declared) {
        const as = concreteMediaType(mt, node.schema as TSchema);
        media.add(
          mt,
          bodySchema(ctx.schemas, ctx.config, node, as, `${hint}${pascalCase(key)}Response`, 'out'),
          node.stream,
        );
        if (node.stream) continue;
        for (const [name, value] of Object.entries(node.examples ?? {}))
          media.example(mt, name, bodyExample(ctx.schemas, node.schema as TSchema, as, value));
        for (const [name, split] of outputExamples)
          if (split.content === node)
            media.example(mt, name, bodyExample(ctx.schemas, node.schema as TSchema, as, split.value));
      }
    }
    const response: ResponseObject = { description: [...new Set(notes)].join('\n\n') };
    const headers = responseHeaders(ctx, alts, `${hint}${pascalCase(key)}`, outputExamples);
    if (Object.keys(headers).length > 0) response.headers = headers;
    if (media.size > 0) response.content = media.content();
    responses[key] = response;
  }
  return responses;
}

function responseHeaders(
  ctx: GenContext,
  alts: Alternative[],
  hint: string,
  examples: ReadonlyArray<readonly [string, ReturnType<typeof splitOutputExample>]>,
): Record<string, HeaderObject> {
  const headers: Record<string, HeaderObject> = {};
  const names = [...new Set(alts.flatMap((a) => a.headers.map((h) => h.name)))].filter((n) => n !== 'content-type');
  for (const name of names) {
    const nodes = alts.flatMap((a) => a.headers.filter((h) => h.name === name));
    const first = nodes[0];
    const everywhere = alts.every((a) => a.headers.some((h) => h.name === name && !h.optional));
    const header: HeaderObject = { schema: headerSchema(ctx, first, hint + pascalCase(name)) };
    const doc = nodes.find((n) => n.doc)?.doc;
    if (doc) header.description = doc;
    if (everywhere) header.required = true;
    const render = (v: unknown) =>
      first.headerType ? first.headerType.render(v) : typeof v === 'string' ? v : String(v);
    const own: Record<string, unknown> = { ...first.examples };
    for (const [exName, split] of examples)
      for (const n of nodes) if (split.headers.has(n)) own[exName] ??= split.headers.get(n);
    const ex = exampleObjects(own, render);
    if (ex) header.examples = ex;
    headers[name] = header;
  }
  if (alts.some((a) => a.implicit === 'auth')) {
    headers['www-authenticate'] ??= {
      required: true,
      description: 'The challenge: the scheme to authenticate with and its realm.',
      schema: { type: 'string' },
    };
  }
  return headers;
}
