import { mediaTypeEssence } from '../../http/mediaTypeRules.ts';

// RFC 2046 §5.1.1: a boundary is 1 to 70 of these characters, not ending in a space.
const boundaryLine = /^--([0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?])\r?\n/;
const tokenText = /^[0-9A-Za-z'+_\-.]+$/;

/**
 * The Content-Type of a multipart body a handler framed itself (a multipart response is its
 * bytes): a declared `multipart/…` type without a `boundary` gets the one the body opens with, so
 * a reader can split it. Any other type, or a body that opens with no delimiter line, is left as is.
 */
export function withBodyBoundary(contentType: string, bytes: Uint8Array): string {
  if (!mediaTypeEssence(contentType).startsWith('multipart/') || /;\s*boundary=/i.test(contentType)) return contentType;
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 76));
  const found = boundaryLine.exec(head)?.[1];
  if (found === undefined) return contentType;
  return `${contentType}; boundary=${tokenText.test(found) ? found : `"${found}"`}`;
}
