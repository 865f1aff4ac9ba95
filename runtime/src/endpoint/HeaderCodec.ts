import * as Type from 'typebox';
import { Header, type Authorization } from '../http/Header.ts';
import { MediaType } from '../http/MediaType.ts';
import { Secret } from '../util/Secret.ts';
import { HttpCodec, HttpCodecs, typedHeader, type HeaderCodec as HeaderCodecType } from './HttpCodec.ts';

/** `HeaderCodec.contentType`: the request's media type; `.expect(type)` requires that one. */
export interface ContentTypeCodec extends HeaderCodecType<[MediaType]> {
  /** Requires the request's Content-Type to be `mediaType` (415 otherwise). */
  expect(mediaType: string | MediaType): HeaderCodecType<[MediaType]>;
}

const contentType = Object.assign(typedHeader(Header.ContentType), {
  expect(mediaType: string | MediaType): HeaderCodecType<[MediaType]> {
    const expected = typeof mediaType === 'string' ? mediaType.toLowerCase() : mediaType.fullType;
    return new HttpCodec({
      kind: 'header',
      name: 'content-type',
      schema: Type.String(),
      headerType: Header.ContentType,
      optional: false,
      expect: expected,
    });
  },
}) as ContentTypeCodec;

/** Header codecs (the spec's `HeaderCodec.*`); all are required unless `.optional()`. */
export const HeaderCodec = {
  /**
   * `Authorization`, passed to the handler as a parsed `Header.Authorization` value. A credential
   * that does not parse (e.g. bad base64 after `Basic`) reaches the handler as `Unparsed`, so the
   * handler, not the codec, decides how to refuse it.
   */
  authorization: typedHeader<Authorization>({
    name: 'authorization',
    parse: (text) => {
      const parsed = Header.Authorization.parse(text);
      if (parsed) return parsed;
      const m = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?:\s+(.*))?$/.exec(text.trim());
      return m ? { scheme: 'Unparsed', authScheme: m[1], params: new Secret(m[2] ?? '') } : undefined;
    },
    render: Header.Authorization.render,
  }),
  /** `Authorization: Bearer <token>`: the token text. */
  bearerAuth: typedHeader<string>({
    name: 'authorization',
    parse: (t) => {
      const m = /^bearer\s+(\S.*)$/i.exec(t.trim());
      return m ? m[1] : undefined;
    },
    render: (token) => `Bearer ${token}`,
  }),
  /** `Content-Type`, with `.expect(mediaType)`. */
  contentType,
  /** `Location`. */
  location: typedHeader(Header.Location),
  /** Any named header, typed by its schema (text unless given). */
  name: HttpCodecs.header,
} as const;
