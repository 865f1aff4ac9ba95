// A browser's own WebSocket against the server: headless Chromium (Debian's, driven through
// playwright-core) opens `new WebSocket(...)`, echoes text and binary, negotiates a subprotocol
// and permessage-deflate, sees the server's close code, and fails on an upgrade that auth
// middleware refuses. Skipped, visibly, when chromium is not installed.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  Middleware,
  PathCodec,
  Response,
  Route,
  RoutePattern,
  Routes,
  SocketDecoder,
  WebSocketConfig,
  webSocketRoute,
} from '@kitgen/runtime';
import { startServer, type TestServer } from './support/testServer.ts';

const executablePath = '/usr/bin/chromium';
const hasChromium = existsSync(executablePath);

let browser: Browser | undefined;
let page: Page | undefined;
let server: TestServer | undefined;

const room = webSocketRoute(RoutePattern.GET('chat', PathCodec.string('room')), async (socket, name) => {
  for await (const m of socket) {
    if (m.type === 'text') {
      if (m.text === 'bye') return socket.close(4000, `bye from ${name}`);
      await socket.send(`${name}: ${m.text} (${socket.protocol}|${socket.extensions})`);
    } else if (m.type === 'binary') await socket.send(Uint8Array.from(m.data, (b) => 255 - b));
  }
});
const secret = webSocketRoute(RoutePattern.GET('secret'), (socket) => socket.close());
const home = Route.handled(RoutePattern.GET(), () => Response.text('home'));

before(async () => {
  if (!hasChromium) return;
  const config = {
    ...WebSocketConfig.default,
    subprotocols: 'echo.v1',
    decoderConfig: { ...SocketDecoder.default, allowExtensions: true },
  };
  server = await startServer(Routes(room, home).concat(Routes(secret).pipe(Middleware.bearerAuth('t'))), (c) =>
    c.withWebSocketConfig(config),
  );
  browser = await chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  page = await browser.newPage();
  await page.goto(`${server.url}/`);
});

after(async () => {
  await browser?.close();
  await server?.shutdown();
});

interface Outcome {
  opened: boolean;
  protocol: string;
  extensions: string;
  texts: string[];
  bytes: number[];
  close: { code: number; reason: string; wasClean: boolean };
}

/** Runs a conversation in the page: sends `sends` (numbers arrays go as binary) after open, then waits for the close. */
function converse(path: string, protocols: string[], sends: Array<string | number[]>): Promise<Outcome> {
  return page!.evaluate(
    ([url, protocols, sends]) =>
      new Promise<Outcome>((resolve) => {
        const out: Outcome = {
          opened: false,
          protocol: '',
          extensions: '',
          texts: [],
          bytes: [],
          close: { code: 0, reason: '', wasClean: false },
        };
        const ws = new WebSocket(url, protocols);
        ws.binaryType = 'arraybuffer';
        ws.onopen = () => {
          out.opened = true;
          out.protocol = ws.protocol;
          out.extensions = ws.extensions;
          for (const s of sends) ws.send(typeof s === 'string' ? s : new Uint8Array(s));
        };
        ws.onmessage = (e) => {
          if (typeof e.data === 'string') out.texts.push(e.data);
          else out.bytes.push(...new Uint8Array(e.data as ArrayBuffer));
        };
        ws.onclose = (e) => {
          out.close = { code: e.code, reason: e.reason, wasClean: e.wasClean };
          resolve(out);
        };
      }),
    [`${server!.url.replace('http:', 'ws:')}${path}`, protocols, sends] as const,
  );
}

test('Chromium: echo of text and binary on a route with a path parameter; subprotocol and permessage-deflate negotiated; the app’s close code arrives', async (t) => {
  if (!hasChromium) return t.skip('chromium not installed at /usr/bin/chromium: browser WebSocket test skipped');
  const out = await converse(
    '/chat/K%C3%BCche',
    ['other', 'echo.v1'],
    ['hello', [0, 1, 2, 255], 'x'.repeat(2000), 'bye'],
  );
  assert.equal(out.opened, true);
  assert.equal(out.protocol, 'echo.v1');
  assert.match(out.extensions, /permessage-deflate/);
  assert.equal(out.texts[0], `Küche: hello (echo.v1|${out.extensions})`);
  assert.equal(out.texts[1], `Küche: ${'x'.repeat(2000)} (echo.v1|${out.extensions})`);
  assert.deepEqual(out.bytes, [255, 254, 253, 0]);
  assert.deepEqual(out.close, { code: 4000, reason: 'bye from Küche', wasClean: true });
});

test('Chromium: an upgrade refused by auth middleware fails in the browser (no open, 1006); an unknown path too', async (t) => {
  if (!hasChromium) return t.skip('chromium not installed at /usr/bin/chromium: browser WebSocket test skipped');
  for (const path of ['/secret', '/nowhere']) {
    const out = await converse(path, [], []);
    assert.equal(out.opened, false, path);
    assert.equal(out.close.code, 1006, path);
    assert.equal(out.close.wasClean, false, path);
  }
  // The page's own origin still serves HTTP.
  assert.equal(await page!.evaluate(async () => (await fetch('/')).text()), 'home');
});
