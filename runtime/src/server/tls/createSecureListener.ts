import type { IncomingMessage, Server as NodeHttpServer, ServerOptions } from 'node:http';
import type { Duplex } from 'node:stream';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import type { SSLConfig } from '../config/SSLConfig.ts';
import { loadTlsOptions } from './loadTlsOptions.ts';
import { lazyRequire } from '../../util/lazyRequire.ts';
import { HttpErrors } from '../../errors/catalogue.ts';
import { rawErrorResponse } from '../clientError.ts';

// Loaded when a TLS listener is set up, not at every server's start.
const nodeTls = lazyRequire<typeof import('node:tls')>('node:tls');

const TLS_HANDSHAKE = 0x16;
/** A TLS handshake must finish within this; Node's 120 s default lets stalled clients hold shutdown. */
const HANDSHAKE_TIMEOUT_MS = 10_000;
/** The answer to plain HTTP on a port that only accepts HTTPS (`SSLConfig.HttpBehaviour.Fail`). */
const FAIL_RESPONSE = rawErrorResponse(HttpErrors.HTTPS_ONLY.status, HttpErrors.HTTPS_ONLY.message());

/**
 * The listening socket of a TLS server. It looks at each connection's first byte: a TLS
 * handshake goes through TLS into an HTTP server; plain HTTP is served, redirected to https
 * or refused, as `SSLConfig.HttpBehaviour` says (Accept, Redirect, Fail). Key material is
 * read first, so a bad file fails start-up before anything listens.
 */
export function createSecureListener(
  ssl: SSLConfig,
  makeHttp: (extra?: object) => NodeHttpServer,
  _options: ServerOptions,
): NetServer {
  const tlsOptions = loadTlsOptions(ssl);
  const secureHttp = makeHttp();
  const tlsServer = nodeTls().createServer(
    { ...tlsOptions, ALPNProtocols: ['http/1.1'], handshakeTimeout: HANDSHAKE_TIMEOUT_MS },
    (tlsSocket) => {
      secureHttp.emit('connection', tlsSocket);
    },
  );
  // Refused client certificates and broken handshakes end here; the client sees the TLS alert.
  tlsServer.on('tlsClientError', (_error, socket) => socket.destroy());
  const plainHttp = ssl.behaviour === 'Accept' ? makeHttp() : undefined;
  const redirectHttp = ssl.behaviour === 'Redirect' ? makeHttp() : undefined;
  if (redirectHttp) {
    redirectHttp.removeAllListeners('request');
    redirectHttp.on('request', (req, res) => {
      const host = req.headers.host ?? 'localhost';
      res.writeHead(301, { location: `https://${host}${req.url ?? '/'}`, connection: 'close', 'content-length': '0' });
      res.end();
    });
    // An upgrade (ws://, h2c) gets the same 301; this also keeps WebSocket handling off this server.
    redirectHttp.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
      socket.on('error', () => socket.destroy());
      const host = req.headers.host ?? 'localhost';
      socket.end(
        `HTTP/1.1 301 Moved Permanently\r\nlocation: https://${host}${req.url ?? '/'}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`,
      );
    });
  }
  // Connections whose first byte has not arrived belong to no HTTP server yet; closing the
  // listener ends them, or an idle client would hold graceful shutdown open forever.
  const peeking = new Set<Socket>();
  const listener = createNetServer({ pauseOnConnect: true }, (socket: Socket) => {
    peeking.add(socket);
    socket.on('error', () => socket.destroy());
    socket.once('close', () => peeking.delete(socket));
    socket.once('data', (first: Buffer) => {
      peeking.delete(socket);
      socket.pause();
      if (first[0] !== TLS_HANDSHAKE && !plainHttp && !redirectHttp) {
        // Read and drop the rest so the client's close is seen; cut a client that lingers.
        socket.resume();
        socket.setTimeout(1000, () => socket.destroy());
        socket.end(FAIL_RESPONSE);
        return;
      }
      socket.unshift(first);
      if (first[0] === TLS_HANDSHAKE) tlsServer.emit('connection', socket);
      else (plainHttp ?? redirectHttp)!.emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
    socket.resume();
  });
  const close = listener.close.bind(listener);
  listener.close = (callback?: (error?: Error) => void) => {
    close(callback);
    for (const socket of peeking) socket.destroy();
    return listener;
  };
  return listener;
}
