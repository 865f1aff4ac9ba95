import type { Socket } from 'node:net';
import { errorBodyText, errorMediaType, reasonPhrase } from '../errors/errorBody.ts';
import type { ServerConfig } from './config/ServerConfig.ts';
import { ClientErrorAnsweredKey } from '../util/symbols.ts';
import { HttpErrors } from '../errors/catalogue.ts';
import { requestTimeout } from './requestTimeout.ts';

/** What Node's HTTP parser reports for a request it refused. */
interface ParserError extends Error {
  code?: string;
  /** The chunk being parsed when the error occurred. */
  rawPacket?: Buffer;
}

/** The parts of Node's socket bookkeeping this module reads (`_httpMessage` is Node's own). */
interface ServerSocket extends Socket {
  _httpMessage?: { headersSent: boolean } | null;
  [ClientErrorAnsweredKey]?: true;
}

/** How long a refused client may keep sending before the connection is cut. */
const LINGER_MS = 1000;

/** A request line at the very start of a packet: method, space, then an origin, absolute or `*` target. */
const REQUEST_LINE_START = /^[A-Z]{3,16} (?:\/|\*|[a-z][a-z0-9+.-]*:\/\/)/;

/**
 * Answers requests Node's parser refused, before any handler: 414/431 for oversized heads, 413
 * for oversized chunk extensions, 408 for header/request timeouts, 400 for everything
 * malformed or smuggling-shaped (Content-Length with Transfer-Encoding, differing duplicate
 * Content-Length, bad chunk sizes, invalid characters, obs-fold). Never a stack trace. The
 * connection is half-closed after the answer and what the client still sends is discarded for
 * a moment (a lingering close), so the answer is not lost to a reset.
 */
export function clientErrorHandler(config: ServerConfig): (error: ParserError, socket: Socket) => void {
  return (error: ParserError, s: Socket): void => {
    const socket = s as ServerSocket;
    // Node calls again for every later chunk of a refused connection: keep discarding.
    if (socket[ClientErrorAnsweredKey]) return;
    const inFlight = socket._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || (inFlight && inFlight.headersSent)) {
      // Nothing can be written without corrupting a response under way (or anything at all).
      socket.destroy();
      return;
    }
    socket[ClientErrorAnsweredKey] = true;
    const status = statusFor(error, config);
    // Node's request timeout with a request head already parsed (its response exists, unsent):
    // the body is what did not arrive in time.
    const message =
      status === 408 && inFlight
        ? HttpErrors.BODY_TIMEOUT.message(requestTimeout(config))
        : messageFor(error.code, status);
    socket.end(rawErrorResponse(status, message));
    socket.setTimeout(LINGER_MS, () => socket.destroy());
  };
}

function statusFor(error: ParserError, config: ServerConfig): number {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return overflowStatus(error.rawPacket, config.maxInitialLineLength);
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return 413;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 408;
    default:
      return 400;
  }
}

/**
 * 414 or 431 for a head Node's parser found too large. Node counts request line and headers
 * together and reports only the packet it was parsing, so this reads that packet: when it
 * starts with the request line, that line's length decides; when a line ended in it, the
 * parser was among the headers; when it is the middle of one long line begun earlier, a space
 * means a header value (a request target has none).
 */
export function overflowStatus(packet: Buffer | undefined, maxInitialLineLength: number): 414 | 431 {
  if (!packet || packet.length === 0) return 431;
  const lineEnd = packet.indexOf('\r\n');
  if (REQUEST_LINE_START.test(packet.toString('latin1', 0, Math.min(packet.length, 64)))) {
    return lineEnd < 0 || lineEnd > maxInitialLineLength ? 414 : 431;
  }
  if (lineEnd >= 0) return 431;
  return packet.includes(0x20) ? 431 : 414;
}

function messageFor(code: string | undefined, status: number): string {
  switch (status) {
    case 414:
      return HttpErrors.PARSER_LINE_TOO_LONG.message();
    case 431:
      return HttpErrors.PARSER_HEADERS_TOO_LARGE.message();
    case 413:
      return HttpErrors.CHUNK_EXTENSIONS_TOO_LARGE.message();
    case 408:
      return HttpErrors.HEAD_TIMEOUT.message();
  }
  switch (code) {
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_INVALID_TRANSFER_ENCODING':
      return HttpErrors.BAD_FRAMING.message();
    case 'HPE_INVALID_CHUNK_SIZE':
      return HttpErrors.BAD_CHUNKED_BODY.message();
    default:
      return HttpErrors.MALFORMED_REQUEST.message();
  }
}

/**
 * A whole HTTP/1.1 error answer as text, for a socket no HTTP server will answer on (a request
 * the parser refused, plain HTTP on a TLS-only port): the runtime's error body, then the close.
 */
export function rawErrorResponse(status: number, message: string): string {
  const body = errorBodyText(status, message);
  return `HTTP/1.1 ${status} ${reasonPhrase(status)}\r\nconnection: close\r\ncontent-type: ${errorMediaType}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}
