// Middleware.basicAuth (fixed credentials and a verify function) and bearer auth, over the
// wire with fetch and curl: 401 + WWW-Authenticate when missing or wrong, handler never called.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Middleware, Response, Route, RoutePattern, Routes, Secret } from '@kitgen/runtime';
import { constantTimeEquals } from '../src/middleware/constantTime.ts';
import { rawGet, serve } from './fixtures/middleware/helpers.ts';

const run = promisify(execFile);
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

function counted(): { routes: Routes; calls: () => number } {
  let calls = 0;
  const routes = Routes(
    Route.handled(RoutePattern.GET('secret'), () => {
      calls++;
      return Response.text('the secret');
    }),
  );
  return { routes, calls: () => calls };
}

test('basicAuth(user, password): right credentials pass, anything else is 401 with WWW-Authenticate and no handler call', async () => {
  const { routes, calls } = counted();
  const open = Routes(Route.handled(RoutePattern.GET('public'), () => Response.text('open')));
  const server = await serve(
    routes.pipe(Middleware.basicAuth('admin', 'pa:ss wörd', { realm: 'Back "office"' })).concat(open),
  );
  try {
    const ok = await fetch(`${server.base}/secret`, { headers: { authorization: basic('admin', 'pa:ss wörd') } });
    assert.equal(ok.status, 200);
    assert.equal(await ok.text(), 'the secret');
    assert.equal(calls(), 1);

    const refused: Array<[string, Record<string, string>]> = [
      ['missing', {}],
      ['wrong password', { authorization: basic('admin', 'pa:ss word') }],
      ['wrong user', { authorization: basic('Admin', 'pa:ss wörd') }],
      ['empty password', { authorization: basic('admin', '') }],
      ['password prefix', { authorization: basic('admin', 'pa:ss wör') }],
      ['longer password', { authorization: basic('admin', 'pa:ss wördd') }],
      ['bearer instead', { authorization: 'Bearer pa:ss' }],
      ['not base64', { authorization: 'Basic !!!' }],
      ['no colon', { authorization: `Basic ${Buffer.from('adminpass').toString('base64')}` }],
      ['scheme only', { authorization: 'Basic' }],
    ];
    for (const [name, headers] of refused) {
      const res = await fetch(`${server.base}/secret`, { headers });
      assert.equal(res.status, 401, name);
      assert.equal(res.headers.get('www-authenticate'), 'Basic realm="Back \\"office\\"", charset="UTF-8"', name);
      const body = (await res.json()) as { error: string };
      assert.equal(body.error, 'Unauthorized', name);
    }
    assert.equal(calls(), 1, 'the handler never ran for refused requests');
    // Routes outside the wrapped collection stay open.
    assert.equal(await (await fetch(`${server.base}/public`)).text(), 'open');
  } finally {
    await server.close();
  }
});

test('basicAuth with curl -u, and the scheme name in any case', async (t) => {
  const { routes } = counted();
  const server = await serve(routes.pipe(Middleware.basicAuth('u', new Secret('p'))));
  try {
    const lower = await rawGet(
      server.port,
      '/secret',
      `Authorization: basic ${Buffer.from('u:p').toString('base64')}\r\n`,
    );
    assert.equal(lower.status, 200);
    try {
      const { stdout } = await run('curl', [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code}',
        '-u',
        'u:p',
        `${server.base}/secret`,
      ]);
      assert.equal(stdout, '200');
      const { stdout: bad } = await run('curl', [
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code}',
        '-u',
        'u:x',
        `${server.base}/secret`,
      ]);
      assert.equal(bad, '401');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') t.skip('curl not installed');
      else throw e;
    }
  } finally {
    await server.close();
  }
});

test('basicAuth(verify): an async verify function decides, and sees the request', async () => {
  const { routes, calls } = counted();
  const users = new Map([
    ['ada', 'lovelace'],
    ['alan', 'turing'],
  ]);
  const seen: string[] = [];
  const server = await serve(
    routes.pipe(
      Middleware.basicAuth(async ({ username, password }, request) => {
        seen.push(`${username}@${request.path}`);
        await new Promise((r) => setTimeout(r, 1));
        const expected = users.get(username);
        return expected !== undefined && password.equals(expected);
      }),
    ),
  );
  try {
    assert.equal(
      (await fetch(`${server.base}/secret`, { headers: { authorization: basic('ada', 'lovelace') } })).status,
      200,
    );
    assert.equal(
      (await fetch(`${server.base}/secret`, { headers: { authorization: basic('alan', 'turing') } })).status,
      200,
    );
    const wrong = await fetch(`${server.base}/secret`, { headers: { authorization: basic('ada', 'turing') } });
    assert.equal(wrong.status, 401);
    assert.match(wrong.headers.get('www-authenticate') ?? '', /^Basic realm="kitgen"/);
    assert.equal((await fetch(`${server.base}/secret`)).status, 401);
    assert.equal(calls(), 2);
    assert.deepEqual(seen, ['ada@/secret', 'alan@/secret', 'ada@/secret']);
  } finally {
    await server.close();
  }
});

test('bearerAuth: token or verify function; RFC 6750 challenges', async () => {
  for (const auth of [
    Middleware.bearerAuth('t0k3n'),
    Middleware.bearerAuth(new Secret('t0k3n')),
    Middleware.bearerAuth((token) => token.equals('t0k3n')),
  ]) {
    const { routes, calls } = counted();
    const server = await serve(routes.pipe(auth));
    try {
      assert.equal((await fetch(`${server.base}/secret`, { headers: { authorization: 'Bearer t0k3n' } })).status, 200);
      const missing = await fetch(`${server.base}/secret`);
      assert.equal(missing.status, 401);
      assert.equal(missing.headers.get('www-authenticate'), 'Bearer realm="kitgen"');
      for (const header of ['Bearer t0k3', 'Bearer t0k3n0', 'Basic dDBrM246', 'Bearer ']) {
        const res = await fetch(`${server.base}/secret`, { headers: { authorization: header } });
        assert.equal(res.status, 401, header);
      }
      const invalid = await fetch(`${server.base}/secret`, { headers: { authorization: 'Bearer nope' } });
      assert.equal(invalid.headers.get('www-authenticate'), 'Bearer realm="kitgen", error="invalid_token"');
      assert.equal(calls(), 1);
    } finally {
      await server.close();
    }
  }
});

test('constantTimeEquals compares whole values of any length', () => {
  assert.equal(constantTimeEquals('abc', 'abc'), true);
  assert.equal(constantTimeEquals('abc', 'abd'), false);
  assert.equal(constantTimeEquals('abc', 'abcd'), false);
  assert.equal(constantTimeEquals('', ''), true);
  assert.equal(constantTimeEquals(new Secret('wörd'), 'wörd'), true);
  assert.equal(constantTimeEquals('x'.repeat(10_000), 'x'.repeat(9_999) + 'y'), false);
});
