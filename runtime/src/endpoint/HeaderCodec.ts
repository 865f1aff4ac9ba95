import Type from 'typebox';
import { Header, type Authorization } from '../http/Header.ts';
import { MediaType } from '../http/MediaType.ts';
import { HttpCodec, HttpCodecs, typedHeader, type HeaderCodec as HeaderCodecType } from './HttpCodec.ts';

/** `HeaderCodec.contentType`: the request's media type; `.expect(type)` requires that one. */
export interface ContentTypeCodec extends HeaderCodecType<[MediaType]> {
  /** Requires the request's Content-Type to be `mediaType` (415 otherwise). */
  expect(mediaType: string | MediaType): HeaderCodecType<[MediaType]>;
}

const contentType = Object.assign(typedHeader(Header.ContentType), {
  expect(mediaType: string | MediaType): HeaderCodecType<[MediaType]> {
    const expected = typeof mediaType === 'string' ? mediaType.toLowerCase() : mediaType.fullType;
    return new HttpCodec({ kind: 'header', name: 'content-type', schema: Type.String(), headerType: Header.ContentType, optional: false, expect: expected });
  },
}) as ContentTypeCodec;

/** Header codecs (the spec's `HeaderCodec.*`); all are required unless `.optional()`. */
export const HeaderCodec = {
  /** `Authorization`, passed to the handler as a parsed `Header.Authorization` value. */
  authorization: typedHeader<Authorization>(Header.Authorization),
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
