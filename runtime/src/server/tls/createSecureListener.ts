import type { Server as NodeHttpServer, ServerOptions } from 'node:http';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import type { SSLConfig } from '../config/SSLConfig.ts';
import { loadTlsOptions } from './loadTlsOptions.ts';

const TLS_HANDSHAKE = 0x16;

/**
 * The listening socket of a TLS server. It looks at each connection's first byte: a TLS
 * handshake goes through TLS into an HTTP server; plain HTTP is served, redirected to https
 * or refused, as `SSLConfig.HttpBehaviour` says (Accept, Redirect, Fail).
 */
export function createSecureListener(ssl: SSLConfig, makeHttp: (extra?: object) => NodeHttpServer, _options: ServerOptions): NetServer {
  const secureHttp = makeHttp();
  const tlsServer = createTlsServer({ ...loadTlsOptions(ssl), ALPNProtocols: ['http/1.1'] }, (tlsSocket) => {
    secureHttp.emit('connection', tlsSocket);
  });
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
  }
  return createNetServer({ pauseOnConnect: true }, (socket: Socket) => {
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      if (first[0] === TLS_HANDSHAKE) tlsServer.emit('connection', socket);
      else if (plainHttp) plainHttp.emit('connection', socket);
      else if (redirectHttp) redirectHttp.emit('connection', socket);
      else {
        const body = '{"error":"Bad Request","message":"This port only accepts HTTPS"}';
        socket.end(`HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`);
        return;
      }
      process.nextTick(() => socket.resume());
    });
    socket.on('error', () => socket.destroy());
    socket.resume();
  });
}
