// A request as the `curl` command that sends it again, for a violation's report: the user pastes
// it to see the answer for themselves.

/** Quotes a word for a POSIX shell. */
export const shellQuote = (s: string): string =>
  /^[A-Za-z0-9_./:=@%+,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;

/** The curl command of a fetch request (the body as text; a form's fields as `-F`). */
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
  else if (init.body instanceof Uint8Array)
    words.push('--data-binary', shellQuote(new TextDecoder().decode(init.body)));
  return words.join(' ');
}
