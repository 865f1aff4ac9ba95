// Every WebSocketConfig and SocketDecoder field, acting on the wire: raw TCP clients send what a
// browser never would (partial handshakes, unmasked, oversize, bad UTF-8 or RSV1 frames), the
// `ws` client the rest. Fields the server cannot honour are refused at install, by name.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Middleware,
  Response,
  Route,
  RoutePattern,
  Routes,
  Server,
  ServerConfig,
  SocketDecoder,
  WebSocketConfig,
  WebSocketConfigError,
  type WebSocketMessage,
  webSocketRoute,
} from '@kitgen/runtime';
import { startServer, deferred, sleep, within } from './support/testServer.ts';
import { open } from './support/wsClient.ts';
import { RawWebSocket, frame, upgradeRequest } from './support/rawWebSocket.ts';

/** Echoes data messages: text as text, binary as binary. */
const echo = webSocketRoute(RoutePattern.GET('echo'), async (socket) => {
  for await (const m of socket) {
    if (m.type === 'text') await socket.send(m.text);
    else if (m.type === 'binary') await socket.send(m.data);
  }
});
const hello = Route.handled(RoutePattern.GET('hello'), () => Response.text('hi'));

type WsChange = Partial<Omit<WebSocketConfig, 'decoderConfig'>> & { decoderConfig?: Partial<SocketDecoder> };
/** The default config with these WebSocket settings. */
const withWs = (change: WsChange) => (c: ServerConfig) =>
  c.withWebSocketConfig({
    ...WebSocketConfig.default,
    ...change,
    decoderConfig: { ...SocketDecoder.default, ...change.decoderConfig },
  });

const TEXT = 1;
const BINARY = 2;
const CLOSE = 8;
const PONG = 10;

describe('handshakeTimeoutMillis', () => {
  test('a client whose upgrade request is complete only after the timeout is cut, without an answer', async () => {
    const server = await startServer([echo, hello], withWs({ handshakeTimeoutMillis: 300 }));
    try {
      // Timed from the connection's start; acted on once the head is complete (a partial head
      // gets the request-header timeout's 408 instead, server-slow-heads.test.ts).
      const started = Date.now();
      const raw = await RawWebSocket.open(server.port);
      raw.write('GET /echo HTTP/1.1\r\nhost: 127.0.0.1\r\nupgrade: websocket\r\n');
      await sleep(400);
      raw.write(
        'connection: Upgrade\r\nsec-websocket-version: 13\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      );
      assert.notEqual(await within(raw.ended, 3000), 'timeout', 'the connection attempt was aborted');
      const took = Date.now() - started;
      assert.ok(took >= 250, `cut after ${took} ms`);
      assert.equal(raw.response, '', 'nothing was answered');
    } finally {
      await server.shutdown();
    }
  });

  test('an upgrade that middleware holds past the timeout is aborted; a quick one on the same server completes', async () => {
    const slow = Middleware.perRoute((next) => async (request) => {
      if (request.headers.get('x-slow') !== undefined) await sleep(800);
      return next(request);
    });
    const server = await startServer(Routes(echo).pipe(slow), withWs({ handshakeTimeoutMillis: 300 }));
    try {
      const raw = await RawWebSocket.open(server.port);
      raw.write(upgradeRequest('/echo', 'x-slow: 1\r\n'));
      assert.notEqual(await within(raw.ended, 3000), 'timeout');
      assert.equal(raw.response, '');
      const c = await open(`ws://127.0.0.1:${server.port}/echo`);
      c.ws.send('quick');
      assert.equal(await c.next(), 'quick');
      c.ws.close();
    } finally {
      await server.shutdown();
    }
  });

  test('a keep-alive HTTP connection that was answered and sits idle past the timeout is left open', async () => {
    const server = await startServer([echo, hello], withWs({ handshakeTimeoutMillis: 200 }));
    try {
      const raw = await RawWebSocket.open(server.port);
      raw.write('GET /hello HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
      await raw.until(() => raw.response.includes('\r\n\r\n'));
      assert.match(raw.response, /^HTTP\/1\.1 200 /);
      assert.equal(await within(raw.ended, 600), 'timeout', 'still open after three timeouts');
      raw.socket.destroy();
    } finally {
      await server.shutdown();
    }
  });
});

describe('SocketDecoder', () => {
  test('expectMaskedFrames (true, the only supported value): an unmasked client frame closes with 1002', async () => {
    const server = await startServer(echo);
    try {
      const raw = await RawWebSocket.upgraded(server.port, '/echo');
      raw.write(frame(TEXT, 'hello', { mask: false }));
      assert.equal(await raw.closeCode(), 1002);
      assert.equal(raw.frames.filter((f) => f.opcode === TEXT).length, 0, 'the unmasked message was not delivered');
    } finally {
      await server.shutdown();
    }
  });

  test('maxFramePayloadLength: a frame at the limit is echoed, one byte more closes with 1009 (raw and ws client)', async () => {
    const server = await startServer(echo, withWs({ decoderConfig: { maxFramePayloadLength: 1024 } }));
    try {
      const raw = await RawWebSocket.upgraded(server.port, '/echo');
      raw.write(frame(BINARY, Buffer.alloc(1024, 7)));
      assert.equal((await raw.nextData()).payload.length, 1024);
      raw.write(frame(BINARY, Buffer.alloc(1025, 7)));
      assert.equal(await raw.closeCode(), 1009);
      const c = await open(`ws://127.0.0.1:${server.port}/echo`);
      c.ws.send('x'.repeat(5000));
      assert.equal((await c.closed).code, 1009);
    } finally {
      await server.shutdown();
    }
    // The default, 65536, takes 65536 bytes.
    const d = await startServer(echo);
    try {
      const c = await open(`ws://127.0.0.1:${d.port}/echo`);
      c.ws.send(Buffer.alloc(65536, 1));
      assert.equal(((await c.next()) as Buffer).length, 65536);
      c.ws.send(Buffer.alloc(65537, 1));
      assert.equal((await c.closed).code, 1009);
    } finally {
      await d.shutdown();
    }
  });

  test('withUTF8Validator: true closes on invalid UTF-8 text with 1007; false delivers it', async () => {
    const bad = Buffer.from([0x68, 0x69, 0xc3, 0x28]);
    const checked = await startServer(echo);
    try {
      const raw = await RawWebSocket.upgraded(checked.port, '/echo');
      raw.write(frame(TEXT, bad));
      assert.equal(await raw.closeCode(), 1007);
    } finally {
      await checked.shutdown();
    }
    const unchecked = await startServer(echo, withWs({ decoderConfig: { withUTF8Validator: false } }));
    try {
      const raw = await RawWebSocket.upgraded(unchecked.port, '/echo');
      raw.write(frame(TEXT, bad));
      const back = await raw.nextData();
      assert.equal(back.opcode, TEXT);
      assert.ok(back.payload.toString().startsWith('hi'), 'the message reached the app');
      raw.socket.destroy();
    } finally {
      await unchecked.shutdown();
    }
  });

  test('allowExtensions: false negotiates no extension and closes on an RSV1 frame with 1002; true negotiates permessage-deflate', async () => {
    const off = await startServer(echo);
    try {
      const c = await open(`ws://127.0.0.1:${off.port}/echo`, [], { perMessageDeflate: true });
      assert.equal(c.ws.extensions, '');
      c.ws.close();
      const raw = await RawWebSocket.upgraded(off.port, '/echo', 'sec-websocket-extensions: permessage-deflate\r\n');
      assert.doesNotMatch(raw.response, /sec-websocket-extensions/i);
      raw.write(frame(TEXT, 'x', { rsv1: true }));
      assert.equal(await raw.closeCode(), 1002);
    } finally {
      await off.shutdown();
    }
    const on = await startServer(echo, withWs({ decoderConfig: { allowExtensions: true } }));
    try {
      const c = await open(`ws://127.0.0.1:${on.port}/echo`, [], { perMessageDeflate: true });
      assert.match(c.ws.extensions, /^permessage-deflate/);
      const text = 'compress me '.repeat(500);
      c.ws.send(text);
      assert.equal(await c.next(), text);
      c.ws.close();
    } finally {
      await on.shutdown();
    }
  });

  for (const [field, change] of [
    ['decoderConfig.expectMaskedFrames', { decoderConfig: { expectMaskedFrames: false } }],
    ['decoderConfig.allowMaskMismatch', { decoderConfig: { allowMaskMismatch: true } }],
    ['decoderConfig.closeOnProtocolViolation', { decoderConfig: { closeOnProtocolViolation: false } }],
    ['decoderConfig.maxFramePayloadLength', { decoderConfig: { maxFramePayloadLength: 0 } }],
    ['handshakeTimeoutMillis', { handshakeTimeoutMillis: 0 }],
    ['forceCloseTimeoutMillis', { forceCloseTimeoutMillis: -5 }],
    ['sendCloseFrame', { sendCloseFrame: WebSocketConfig.CloseStatus.Custom(1005, '') }],
    ['subprotocols', { subprotocols: 'chat v2' }],
  ] as Array<[string, WsChange]>) {
    test(`a config the server cannot honour is refused at install, naming ${field}`, async () => {
      const layer = Server.live(withWs(change)(ServerConfig.default.binding('127.0.0.1', 0)));
      const error = await Server.install(Routes(echo), layer).then(
        () => undefined,
        (e: unknown) => e,
      );
      await layer.shutdown();
      assert.ok(error instanceof WebSocketConfigError, `expected a WebSocketConfigError, got ${String(error)}`);
      assert.equal(error.field, field);
      assert.ok(error.message.startsWith(`webSocketConfig.${field}: `), error.message);
      // Without WebSocket routes the same config serves HTTP (no WebSocket is ever accepted).
      const plain = await startServer(hello, withWs(change));
      try {
        assert.equal(await (await fetch(`${plain.url}/hello`)).text(), 'hi');
      } finally {
        await plain.shutdown();
      }
    });
  }
});

describe('WebSocketConfig', () => {
  test('forceCloseTimeoutMillis: a connection silent that long is cut; traffic keeps it open; -1 (default) never cuts', async () => {
    const server = await startServer(echo, withWs({ forceCloseTimeoutMillis: 300 }));
    try {
      const busy = await open(`ws://127.0.0.1:${server.port}/echo`);
      const silent = await open(`ws://127.0.0.1:${server.port}/echo`);
      const started = Date.now();
      for (let i = 0; i < 6; i++) {
        await sleep(100);
        busy.ws.send(`tick ${i}`);
        assert.equal(await busy.next(), `tick ${i}`);
      }
      const cut = await silent.closed;
      assert.equal(cut.code, 1006, 'cut without a close frame');
      assert.ok(Date.now() - started >= 250);
      assert.equal(busy.ws.readyState, busy.ws.OPEN, 'the busy one lives on past the timeout');
      busy.ws.close();
    } finally {
      await server.shutdown();
    }
    const never = await startServer(echo);
    try {
      const c = await open(`ws://127.0.0.1:${never.port}/echo`);
      assert.equal(await within(c.closed, 700), 'timeout');
      c.ws.close();
    } finally {
      await never.shutdown();
    }
  });

  test('handleCloseFrames: false forwards the peer’s close frame to the app as the last message; true keeps it to the server', async () => {
    const seen = (handle: boolean) => {
      const messages = deferred<WebSocketMessage[]>();
      const route = webSocketRoute(RoutePattern.GET('seen'), async (socket) => {
        const all: WebSocketMessage[] = [];
        for await (const m of socket) all.push(m);
        messages.resolve(all);
      });
      return { messages: messages.promise, route, config: withWs({ handleCloseFrames: handle }) };
    };
    for (const handle of [false, true]) {
      const s = seen(handle);
      const server = await startServer(s.route, s.config);
      try {
        const c = await open(`ws://127.0.0.1:${server.port}/seen`);
        c.ws.send('one');
        c.ws.close(4005, 'leaving');
        assert.deepEqual(await c.closed, { code: 4005, reason: 'leaving' }, 'the server answered the close frame');
        const expected: WebSocketMessage[] = [{ type: 'text', text: 'one' }];
        if (!handle) expected.push({ type: 'close', code: 4005, reason: 'leaving' });
        assert.deepEqual(await s.messages, expected, `handleCloseFrames: ${handle}`);
      } finally {
        await server.shutdown();
      }
    }
  });

  test('dropPongFrames: true (default) keeps pongs from the app; false delivers them', async () => {
    for (const drop of [true, false]) {
      const route = webSocketRoute(RoutePattern.GET('pong'), async (socket) => {
        for await (const m of socket) {
          if (m.type === 'pong') await socket.send(`pong:${Buffer.from(m.data).toString()}`);
          else if (m.type === 'text') await socket.send(`text:${m.text}`);
        }
      });
      const server = await startServer(route, withWs({ dropPongFrames: drop }));
      try {
        const raw = await RawWebSocket.upgraded(server.port, '/pong');
        raw.write(frame(PONG, 'beat'));
        raw.write(frame(TEXT, 'after'));
        const first = await raw.nextData();
        assert.equal(first.payload.toString(), drop ? 'text:after' : 'pong:beat', `dropPongFrames: ${drop}`);
        raw.write(frame(CLOSE, Buffer.from([0x03, 0xe8])));
        assert.equal(await raw.closeCode(), 1000);
      } finally {
        await server.shutdown();
      }
    }
  });

  test('pings are answered with pongs whatever dropPongFrames says; the app may ping', async () => {
    const route = webSocketRoute(RoutePattern.GET('ping'), (socket) => socket.ping(Buffer.from('from server')));
    const server = await startServer(route);
    try {
      const raw = await RawWebSocket.upgraded(server.port, '/ping');
      await raw.until(() => raw.frames.some((f) => f.opcode === 9));
      assert.equal(raw.frames.find((f) => f.opcode === 9)!.payload.toString(), 'from server');
      raw.write(frame(9, 'hello?'));
      await raw.until(() => raw.frames.some((f) => f.opcode === PONG));
      assert.equal(raw.frames.find((f) => f.opcode === PONG)!.payload.toString(), 'hello?');
      raw.socket.destroy();
    } finally {
      await server.shutdown();
    }
  });
});
