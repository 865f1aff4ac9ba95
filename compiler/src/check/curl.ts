// A request as the `curl` command that sends it again, for a violation's report: the user pastes
// it to see the answer for themselves.

/** Quotes a word for a POSIX shell. */
export const shellQuote = (s: string): string =>
  /^[A-Za-z0-9_./:=@%+,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;

/** The curl command of a fetch request (the body as text, bytes through printf; a form's fields as `-F`). */
export function curlCommand(url: string, init: RequestInit): string {
  const words = ['curl', '-i', '-X', init.method ?? 'GET', shellQuote(url)];
  const headers = new Headers(init.headers);
  const form = init.body instanceof FormData ? init.body : undefined;
  for (const [name, value] of headers) {
    // curl writes a form's own multipart Content-Type with its boundary.
    if (form && name === 'content-type') continue;
    words.push('-H', shellQuote(`${name}: ${value}`));
  }
  if (form) {
    for (const [name, value] of form) {
      words.push(
        '-F',
        shellQuote(
          typeof value === 'string'
            ? `${name}=${value}`
            : `${name}=@${value.name};type=${value.type || 'application/octet-stream'}`,
        ),
      );
    }
  } else if (typeof init.body === 'string') words.push('--data-binary', shellQuote(init.body));
  else if (init.body instanceof Uint8Array) {
    const text = readableText(init.body);
    if (text === undefined) {
      // Bytes that are no text (a MessagePack body) reach curl through printf, which writes them exactly.
      words.push('--data-binary', '@-');
      return `printf ${shellQuote(printfBytes(init.body))} | ${words.join(' ')}`;
    }
    words.push('--data-binary', shellQuote(text));
  }
  return words.join(' ');
}

/** The bytes as text, where they are UTF-8 without control characters other than tab and line breaks. */
function readableText(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? undefined : text;
}

/** A printf format writing exactly `bytes`: printable ASCII as itself, every other byte (and `\`, `%`) in octal. */
function printfBytes(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes)
    out +=
      b >= 0x20 && b < 0x7f && b !== 0x5c && b !== 0x25
        ? String.fromCharCode(b)
        : `\\${b.toString(8).padStart(3, '0')}`;
  return out;
}
