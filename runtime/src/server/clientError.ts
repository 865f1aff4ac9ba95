import type { Socket } from 'node:net';
import { reasonPhrase } from '../http/HttpError.ts';
import type { ServerConfig } from './config/ServerConfig.ts';

interface ParserError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

/**
 * Answers requests Node's parser refused, before any handler: 431/414 for oversized heads, 408
 * for header timeouts, 400 for everything malformed or smuggling-shaped (conflicting
 * Content-Length and Transfer-Encoding, bad chunking, invalid characters). Never a stack trace.
 */
export function clientErrorHandler(config: ServerConfig) {
  return (error: ParserError, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    let status = 400;
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      const raw = error.rawPacket;
      const lineEnd = raw ? raw.indexOf('\r\n') : -1;
      status = lineEnd < 0 || lineEnd > config.maxInitialLineLength ? 414 : 431;
    } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      status = 408;
    }
    const body = JSON.stringify({ error: reasonPhrase(status), message: messageFor(error.code) });
    socket.end(
      `HTTP/1.1 ${status} ${reasonPhrase(status)}\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  };
}

function messageFor(code: string | undefined): string {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return 'The request line or headers are too large';
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'The request headers did not arrive in time';
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
    case 'HPE_INVALID_TRANSFER_ENCODING':
      return 'Conflicting or invalid Content-Length / Transfer-Encoding';
    default:
      return 'Malformed HTTP request';
  }
}
