import type { CodecConfig } from '../codec/json/CodecConfig.ts';
import type { JsonBinaryCodec } from '../codec/json/JsonCodec.ts';
import type { EncodedRequest } from '../client/encodeRequest.ts';
import type { Invocation } from '../client/invoke.ts';
import { contentCodecs } from '../endpoint/contentCodecs.ts';
import { isJsonMediaType } from '../http/mediaTypeRules.ts';
import { formatJson } from './formatJson.ts';

/** Where the CLI writes: standard output or error, or a test's capture. */
export interface CliOutput {
  write(chunk: string | Uint8Array): unknown;
  readonly isTTY?: boolean;
}

const isJson = (mediaType: string | undefined) => mediaType !== undefined && isJsonMediaType(mediaType);

/**
 * Prints a response body as received: JSON pretty-printed on a terminal and compact otherwise
 * (numbers kept exactly), text as it is, other media types as raw bytes, a stream item by item
 * (one line each). Nothing for a response without a body.
 */
export async function printBody(invocation: Invocation, out: CliOutput, config: CodecConfig): Promise<void> {
  const { content, mediaType } = invocation;
  if (!content || mediaType === undefined) return;
  const pretty = out.isTTY === true;
  if (content.stream) {
    const codec = contentCodecs(content).codec(mediaType, config)!;
    const json = codec as Partial<JsonBinaryCodec<unknown>>;
    const items = invocation.body as AsyncIterable<unknown>;
    if (json.encodeToString)
      for await (const item of items) out.write(`${formatJson(json.encodeToString(item), pretty ? 2 : 0)}\n`);
    else for await (const chunk of codec.streamEncoder(items)) out.write(chunk);
    return;
  }
  const bytes = invocation.bytes ?? new Uint8Array(0);
  if (isJson(mediaType)) out.write(`${formatJson(Buffer.from(bytes).toString('utf8'), pretty ? 2 : 0)}\n`);
  else if (mediaType.startsWith('text/')) {
    const text = Buffer.from(bytes).toString('utf8');
    out.write(pretty && !text.endsWith('\n') ? `${text}\n` : text);
  } else out.write(bytes);
}

/** `--verbose`: the request line and headers (credentials masked), on standard error. */
export function printRequestHead(request: EncodedRequest, err: CliOutput): void {
  let text = `> ${request.method} ${request.url}\n`;
  request.headers.forEach((value, name) => {
    text += `> ${name}: ${name === 'authorization' ? `${value.split(' ')[0]} ***` : value}\n`;
  });
  err.write(text);
}

/** `--verbose`: the status line and the response headers, on standard error. */
export function printResponseHead(response: globalThis.Response, err: CliOutput): void {
  let text = `< ${response.status} ${response.statusText}\n`;
  response.headers.forEach((value, name) => {
    text += `< ${name}: ${value}\n`;
  });
  err.write(text);
}
