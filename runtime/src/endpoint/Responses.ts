import type { TSchema } from 'typebox';
import type { Status } from '../http/Status.ts';
import { andNodes, type CodecNode, type HeaderNode } from './CodecNode.ts';
import { HttpCodec } from './HttpCodec.ts';
import { ConfigErrors, configError } from '../errors/catalogue.ts';

/** One status of a {@link Responses.of} codec: its body schema (none for empty) and response headers. */
export interface ResponseSpec {
  readonly body?: TSchema;
  readonly mediaTypes?: readonly string[];
  readonly doc?: string;
  /** Response headers by the property name they take in `headers`; optional ones may be absent. */
  readonly headers?: Readonly<Record<string, HttpCodec<[unknown], 'header'> | HttpCodec<[unknown | undefined], 'header'>>>;
}

/** The value of one status: `{ status, body, headers }` (body and headers present when declared). */
export interface ResponseValue {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, unknown>>;
}

class NotThisStatus extends Error {}

/** Status code for a key: `200`, `'201'`, or a range (`'2XX'` → 200, `'default'` → 500) as its representative. */
export function representativeStatus(key: string): Status {
  if (/^\d{3}$/.test(key)) return Number(key);
  if (/^[1-5]XX$/i.test(key)) return Number(key[0]) * 100;
  if (key === 'default') return 500;
  throw configError(ConfigErrors.BAD_RESPONSE_KEY, key);
}

function alternative(status: Status, spec: ResponseSpec): CodecNode {
  const headerEntries = Object.entries(spec.headers ?? {});
  for (const [name, codec] of headerEntries) {
    if (codec.node.kind === 'header' && codec.node.cookie) throw configError(ConfigErrors.RESPONSE_REQUEST_COOKIE, name);
  }
  let node: CodecNode = spec.body
    ? { kind: 'content', schema: spec.body, name: undefined, status, mediaTypes: spec.mediaTypes, stream: false, ...(spec.doc ? { doc: spec.doc } : {}) }
    : { kind: 'status', status };
  for (const [, codec] of headerEntries) node = andNodes(node, codec.node as HeaderNode);
  const hasBody = spec.body !== undefined;
  const names = headerEntries.map(([name]) => name);
  return {
    kind: 'transform',
    inner: node,
    encode: (value) => {
      const v = value as ResponseValue;
      if (typeof v !== 'object' || v === null || v.status !== status) throw new NotThisStatus();
      const headerValues = names.map((n) => v.headers?.[n]);
      const values = hasBody ? [v.body, ...headerValues] : headerValues;
      return values.length === 1 ? values[0] : values;
    },
    decode: (decoded) => {
      const values = hasBody && names.length === 0 ? [decoded] : !hasBody && names.length === 1 ? [decoded] : ((decoded ?? []) as unknown[]);
      const out: { status: number; body?: unknown; headers?: Record<string, unknown> } = { status };
      let i = 0;
      if (hasBody) out.body = values[i++];
      if (names.length > 0) out.headers = Object.fromEntries(names.map((n) => [n, values[i++]]));
      return out;
    },
  };
}

/**
 * A codec for operations answering several statuses or carrying response headers (generated
 * code uses it): the value is `{ status, body?, headers? }`, one shape per declared status,
 * chosen by `status` when encoding and by the response status when decoding. Ranges and
 * `default` answer with their representative status (2XX → 200, default → 500).
 */
export const Responses = {
  of<V extends ResponseValue>(specs: Readonly<Record<string, ResponseSpec>>): HttpCodec<[V], 'mixed'> {
    const alts = Object.entries(specs).map(([key, spec]) => alternative(representativeStatus(key), spec));
    if (alts.length === 0) throw configError(ConfigErrors.NO_RESPONSES);
    return new HttpCodec(alts.length === 1 ? alts[0] : { kind: 'union', alts });
  },
} as const;
