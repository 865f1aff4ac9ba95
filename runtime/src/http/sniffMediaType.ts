// Signatures of common image, audio, video and font formats (the WHATWG MIME Sniffing standard's
// tables, trimmed to what servers send): the first bytes of a file name its format whatever the
// file is called. Used when a body is declared with a range (`image/*`) and the server must still
// send one concrete type.

/** One signature: bytes at an offset (`undefined` bytes match anything), and the type per family. */
interface Signature {
  readonly at: number;
  readonly bytes: readonly (number | undefined)[];
  /** The media type by main type; `any` for a format that is one type whatever family asks. */
  readonly types: Readonly<Record<string, string>>;
}

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

const signatures: readonly Signature[] = [
  { at: 0, bytes: [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a], types: { image: 'image/png' } },
  { at: 0, bytes: [0xff, 0xd8, 0xff], types: { image: 'image/jpeg' } },
  { at: 0, bytes: ascii('GIF87a'), types: { image: 'image/gif' } },
  { at: 0, bytes: ascii('GIF89a'), types: { image: 'image/gif' } },
  { at: 8, bytes: ascii('WEBPVP'), types: { image: 'image/webp' } },
  { at: 0, bytes: ascii('BM'), types: { image: 'image/bmp' } },
  { at: 0, bytes: [0, 0, 1, 0], types: { image: 'image/x-icon' } },
  { at: 4, bytes: ascii('ftypavif'), types: { image: 'image/avif' } },
  { at: 0, bytes: ascii('ID3'), types: { audio: 'audio/mpeg' } },
  { at: 0, bytes: ascii('OggS'), types: { audio: 'audio/ogg', video: 'video/ogg' } },
  { at: 8, bytes: ascii('WAVE'), types: { audio: 'audio/wav' } },
  { at: 0, bytes: ascii('fLaC'), types: { audio: 'audio/flac' } },
  { at: 8, bytes: ascii('AIFF'), types: { audio: 'audio/aiff' } },
  { at: 0, bytes: ascii('MThd'), types: { audio: 'audio/midi' } },
  { at: 8, bytes: ascii('AVI '), types: { video: 'video/x-msvideo' } },
  { at: 4, bytes: ascii('ftyp'), types: { audio: 'audio/mp4', video: 'video/mp4' } },
  { at: 0, bytes: [0x1a, 0x45, 0xdf, 0xa3], types: { audio: 'audio/webm', video: 'video/webm' } },
  { at: 0, bytes: ascii('wOFF'), types: { font: 'font/woff' } },
  { at: 0, bytes: ascii('wOF2'), types: { font: 'font/woff2' } },
  { at: 0, bytes: [0, 1, 0, 0, 0], types: { font: 'font/ttf' } },
  { at: 0, bytes: ascii('OTTO'), types: { font: 'font/otf' } },
  { at: 0, bytes: ascii('ttcf'), types: { font: 'font/collection' } },
];

function matchesAt(data: Uint8Array, s: Signature): boolean {
  if (data.length < s.at + s.bytes.length) return false;
  return s.bytes.every((b, i) => b === undefined || data[s.at + i] === b);
}

/** An MPEG audio frame header (no ID3 tag): eleven sync bits, then a layer that is not reserved. */
function isMpegFrame(data: Uint8Array): boolean {
  return data.length >= 2 && data[0] === 0xff && (data[1] & 0xe0) === 0xe0 && (data[1] & 0x06) !== 0;
}

/** SVG is text: `<svg`, or an XML declaration followed by it, after any leading white space. */
function isSvg(data: Uint8Array): boolean {
  const head = new TextDecoder().decode(data.subarray(0, 512)).trimStart();
  return head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'));
}

/**
 * The media type of the family `mainType` (`image`, `audio`, `video`, `font`) that the bytes'
 * signature names, or undefined when they carry none of that family's known signatures.
 */
export function sniffMediaType(data: Uint8Array, mainType: string): string | undefined {
  for (const s of signatures) {
    const type = s.types[mainType];
    if (type !== undefined && matchesAt(data, s)) return type;
  }
  if (mainType === 'audio' && isMpegFrame(data)) return 'audio/mpeg';
  if (mainType === 'image' && isSvg(data)) return 'image/svg+xml';
  return undefined;
}
