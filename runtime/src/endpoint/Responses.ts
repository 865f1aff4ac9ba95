import type { TSchema } from 'typebox';
import type { Status } from '../http/Status.ts';
import { andNodes, type CodecNode, type HeaderNode, type StatusNode } from './CodecNode.ts';
import { HttpCodec } from './HttpCodec.ts';
import { ConfigErrors, configError } from '../errors/catalogue.ts';
import { isStatusKey, statusCovered } from '../http/StatusRange.ts';
import type { BodyVariantSpec } from './Bodies.ts';

/** One status of a {@link Responses.of} codec: its body schema (none for empty) and response headers. */
export interface ResponseSpec {
  readonly body?: TSchema;
  readonly mediaTypes?: readonly string[];
  /**
   * Instead of `body`: one body per media type, each with its own schema (OpenAPI's `content`
   * with several shapes). The value then names its `mediaType`; the client reads the one the
   * response's Content-Type names.
   */
  readonly content?: Readonly<Record<string, BodyVariantSpec>>;
  readonly doc?: string;
  /** Response headers by the property name they take in `headers`; optional ones may be absent. */
  readonly headers?: Readonly<
    Record<string, HttpCodec<[unknown], 'header'> | HttpCodec<[unknown | undefined], 'header'>>
  >;
}

/** The value of one status: `{ status, body, headers }` (body and headers present when declared). */
export interface ResponseValue {
  readonly status: number;
  /** For a status declared with `content` (several media types with their own schemas): which one. */
  readonly mediaType?: string;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, unknown>>;
}

/** A value whose status no key of this alternative covers (a union tries the next one). */
class NotThisStatus extends Error {
  constructor(status: unknown, key: string) {
    super(
      `status ${typeof status === 'number' ? status : JSON.stringify(status)} is not covered by the declared response "${key}"`,
    );
  }
}

/** Which side of an endpoint a `Responses.of` codec declares: `default` covers 200–399 in outputs, 400–599 in errors. */
export type ResponsesSide = 'outputs' | 'errors';

/** Status code for a key: `200`, `'201'`, or a range (`'2XX'` → 200; `'default'` → 200 in outputs, 500 in errors) as its representative. */
export function representativeStatus(key: string, side: ResponsesSide = 'errors'): Status {
  if (/^\d{3}$/.test(key)) return Number(key);
  if (/^[1-5]XX$/.test(key)) return Number(key[0]) * 100;
  if (key === 'default') return side === 'outputs' ? 200 : 500;
  throw configError(ConfigErrors.BAD_RESPONSE_KEY, key);
}

/** The status leaf of one key: fixed for a code, else covering the key's statuses (the value's `status` is written). */
function statusNode(key: string, keys: readonly string[], side: ResponsesSide): StatusNode {
  const status = representativeStatus(key, side);
  if (!isStatusKey(key)) return { kind: 'status', status };
  const others = keys.filter((k) => k !== key);
  return { kind: 'status', status, range: { key, covers: (s) => statusCovered(key, s, others, side) } };
}

/** The alternatives of one key: one, or one per media type of its `content`. */
function alternativesOf(statusLeaf: StatusNode, spec: ResponseSpec): CodecNode[] {
  if (!spec.content) return [alternative(statusLeaf, spec, undefined)];
  return Object.entries(spec.content).map(([mediaType, v]) =>
    alternative(statusLeaf, { ...spec, body: v.schema, mediaTypes: v.mediaTypes ?? [mediaType] }, mediaType),
  );
}

function alternative(statusLeaf: StatusNode, spec: ResponseSpec, tag: string | undefined): CodecNode {
  const headerEntries = Object.entries(spec.headers ?? {});
  for (const [name, codec] of headerEntries) {
    if (codec.node.kind === 'header' && codec.node.cookie)
      throw configError(ConfigErrors.RESPONSE_REQUEST_COOKIE, name);
  }
  const range = statusLeaf.range;
  const fixed = statusLeaf.status;
  // A range's status travels as a value of its own, ahead of the body and headers.
  let node: CodecNode = spec.body
    ? {
        kind: 'content',
        schema: spec.body,
        name: undefined,
        status: range ? undefined : fixed,
        mediaTypes: spec.mediaTypes,
        stream: false,
        ...(spec.doc ? { doc: spec.doc } : {}),
      }
    : range
      ? { kind: 'empty' }
      : statusLeaf;
  if (range) node = andNodes(statusLeaf, node);
  for (const [, codec] of headerEntries) node = andNodes(node, codec.node as HeaderNode);
  const hasBody = spec.body !== undefined;
  const names = headerEntries.map(([name]) => name);
  const count = (range ? 1 : 0) + (hasBody ? 1 : 0) + names.length;
  return {
    kind: 'transform',
    inner: node,
    encode: (value) => {
      const v = value as ResponseValue;
      if (typeof v !== 'object' || v === null || !(range ? range.covers(v.status) : v.status === fixed))
        throw new NotThisStatus(typeof v === 'object' && v !== null ? v.status : v, range ? range.key : String(fixed));
      if (tag !== undefined && v.mediaType !== tag)
        throw new NotThisStatus(v.status, `${range ? range.key : fixed} ${tag}`);
      const values = [...(range ? [v.status] : []), ...(hasBody ? [v.body] : []), ...names.map((n) => v.headers?.[n])];
      return values.length === 1 ? values[0] : values;
    },
    decode: (decoded) => {
      const values = count === 1 ? [decoded] : ((decoded ?? []) as unknown[]);
      let i = 0;
      const out: { status: number; mediaType?: string; body?: unknown; headers?: Record<string, unknown> } = {
        status: range ? (values[i++] as number) : fixed,
      };
      if (tag !== undefined) out.mediaType = tag;
      if (hasBody) out.body = values[i++];
      if (names.length > 0) out.headers = Object.fromEntries(names.map((n) => [n, values[i++]]));
      return out;
    },
  };
}

/**
 * A codec for operations answering several statuses or carrying response headers (generated
 * code uses it): the value is `{ status, body?, headers? }`, one shape per declared key, chosen
 * by `status` when encoding and by the response status when decoding. A range (`4XX`) answers
 * and reads any status of its hundred that no other key declares; `default` any status no other
 * key covers, on its side (`side`: 200–399 for outputs, 400–599 for errors, the default).
 */
export const Responses = {
  of<V extends ResponseValue>(
    specs: Readonly<Record<string, ResponseSpec>>,
    side: ResponsesSide = 'errors',
  ): HttpCodec<[V], 'mixed'> {
    const keys = Object.keys(specs);
    const alts = Object.entries(specs).flatMap(([key, spec]) => alternativesOf(statusNode(key, keys, side), spec));
    if (alts.length === 0) throw configError(ConfigErrors.NO_RESPONSES);
    return new HttpCodec(alts.length === 1 ? alts[0] : { kind: 'union', alts });
  },
} as const;
