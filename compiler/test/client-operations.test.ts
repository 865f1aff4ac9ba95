// The generated per-operation functions (operations.js) against createClient's methods over the
// wire: the same calls give the same values, the same declared errors and the same ClientErrors
// (kind, message, status, body excerpt), for the pets fixture's compiled operations
// (showPetById, deletePet) and those called through the executor (listPets, createPet). A second
// server answers what a kitgen server never would (undeclared statuses, wrong media types,
// broken or invalid JSON, nesting past the limit, `__proto__` keys) so the response checks of the
// compiled path are compared with the executor's message for message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ClientError,
  CodecConfig,
  EndpointError,
  NameFormat,
  connect,
  connectWithEndpoints,
} from '@kitgen/runtime/client';
import { routes } from '../../fixtures/pets/expected/server.js';
import { createClient } from '../../fixtures/pets/expected/client.js';
import * as endpoints from '../../fixtures/pets/expected/endpoints.js';
import { createPet, deletePet, listPets, showPetById } from '../../fixtures/pets/expected/operations.js';
import { petHandlers, PetStore } from '../demo/petHandlers.ts';
import { serve } from './support/e2e.ts';
import { createClient as createResponsesClient } from '../../fixtures/responses/expected/client.js';
import * as responses from '../../fixtures/responses/expected/operations.js';

/** What a failed call comes to, for comparing the two clients. */
async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    return { value: await call() };
  } catch (error) {
    if (error instanceof ClientError)
      return { name: error.name, kind: error.kind, message: error.message, status: error.status, body: error.body };
    if (error instanceof EndpointError)
      return { name: error.name, message: error.message, status: error.status, value: error.value };
    return { thrown: String(error) };
  }
}

const petRoutes = () => routes(petHandlers(new PetStore()));

test('compiled and executor-backed operation functions give what createClient gives', async () => {
  // A store each, so that calls changing one leave the other as it was; URLs compared without the port.
  const server = await serve(petRoutes());
  const other = await serve(petRoutes());
  try {
    const client = createClient({ baseUrl: server.url });
    const api = connect({ baseUrl: other.url });
    const portless = (value: unknown, url: string) =>
      JSON.parse(JSON.stringify(value).replaceAll(url, 'BASE')) as unknown;
    const cases: Array<[string, () => Promise<unknown>, () => Promise<unknown>]> = [
      ['a pet', () => client.showPetById({ petId: 1 }), () => showPetById(api, { petId: 1 })],
      ['a declared 404', () => client.showPetById({ petId: 99 }), () => showPetById(api, { petId: 99 })],
      [
        'a path parameter that is not an int',
        () => client.showPetById({ petId: 'x' as never }),
        () => showPetById(api, { petId: 'x' as never }),
      ],
      [
        'a path parameter out of range',
        () => client.showPetById({ petId: 2 ** 31 }),
        () => showPetById(api, { petId: 2 ** 31 }),
      ],
      ['a missing path parameter', () => client.showPetById({} as never), () => showPetById(api, {} as never)],
      ['no content', () => client.deletePet({ petId: 1 }), () => deletePet(api, { petId: 1 })],
      // Both gone now: the same 404.
      ['a declared error', () => client.deletePet({ petId: 1 }), () => deletePet(api, { petId: 1 })],
      ['through the executor: a list', () => client.listPets(), () => listPets(api)],
      [
        'through the executor: a body',
        () => client.createPet({ body: { name: 'Tom' } }),
        () => createPet(api, { body: { name: 'Tom' } }),
      ],
      ['either: output', () => client.either.showPetById({ petId: 1 }), () => showPetById.either(api, { petId: 1 })],
      [
        'either: declared error',
        () => client.either.showPetById({ petId: 99 }),
        () => showPetById.either(api, { petId: 99 }),
      ],
    ];
    for (const [what, viaClient, viaOperation] of cases)
      assert.deepEqual(
        portless(await outcome(viaOperation), other.url),
        portless(await outcome(viaClient), server.url),
        what,
      );
  } finally {
    await server.shutdown();
    await other.shutdown();
  }
});

test('a declared error names the operation function, which narrows it', async () => {
  const server = await serve(petRoutes());
  try {
    const error = await showPetById(connect({ baseUrl: server.url }), { petId: 99 }).catch((e: unknown) => e);
    assert.ok(EndpointError.isFrom(showPetById, error));
    assert.equal(EndpointError.isFrom(endpoints.showPetById, error), false);
    assert.deepEqual(error.value, { status: 404, body: { code: 404, message: 'no pet with id 99' } });
    assert.equal(error.message, `GET /pets/{petId} (${server.url}/pets/99): declared error, status 404`);
  } finally {
    await server.shutdown();
  }
});

test('the request: headers of the connection and the call, Accept, hooks', async () => {
  const server = await serve(petRoutes());
  try {
    const seen: Array<[string, string, string | null, string | null]> = [];
    const api = connect({
      baseUrl: `${server.url}/`,
      headers: { 'x-app': 'a' },
      onRequest: (r) => seen.push([r.method, r.url, r.headers.get('x-app'), r.headers.get('accept')]),
    });
    await showPetById(api, { petId: 1 }, { headers: { 'x-app': 'b' } });
    await deletePet(api, { petId: 1 });
    assert.deepEqual(seen, [
      ['GET', `${server.url}/pets/1`, 'b', 'application/json'],
      ['DELETE', `${server.url}/pets/1`, 'a', 'application/json'],
    ]);
    const bad = await outcome(() => showPetById(api, { petId: 1 }, { headers: { 'x-app': 'a\nb' } }));
    assert.deepEqual(
      bad,
      await outcome(() =>
        createClient({ baseUrl: server.url }).showPetById({ petId: 1 }, { headers: { 'x-app': 'a\nb' } }),
      ),
    );
  } finally {
    await server.shutdown();
  }
});

/** A server that answers each request with what `answer` writes. */
async function rawServer(
  answer: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

test('responses a kitgen server would not send fail the same way in both', async () => {
  const answers: Record<string, [number, string | undefined, string]> = {
    undeclared: [500, 'application/json', '{"message":"boom"}'],
    'undeclared, text': [502, 'text/plain', 'bad gateway'],
    'wrong media type': [200, 'text/html', '<p>hi</p>'],
    'no content type': [200, undefined, '{"id":1,"name":"Rex"}'],
    'no content type, no body': [200, undefined, ''],
    'charset parameter': [200, 'application/json; charset=utf-8', '{"id":1,"name":"Rex"}'],
    'broken JSON': [200, 'application/json', '{"id":1,'],
    'missing field': [200, 'application/json', '{"id":1}'],
    'wrong type deep': [200, 'application/json', '{"id":1,"name":""}'],
    'not UTF-8': [200, 'application/json', '\u00ff'],
    'proto key': [200, 'application/json', '{"id":1,"name":"a","__proto__":{"x":1}}'],
    'declared error, invalid body': [404, 'application/json', '{"code":"x"}'],
    'too deep': [200, 'application/json', `{"id":1,"name":"a","tag":${'['.repeat(40)}${']'.repeat(40)}}`],
  };
  const server = await rawServer((req, res) => {
    const [status, type, body] = answers[
      decodeURIComponent(new URL(req.url!, 'http://x').searchParams.get('case') ?? '')
    ] ?? [500, undefined, ''];
    res.writeHead(status, type === undefined ? {} : { 'content-type': type });
    res.end(body === '\u00ff' ? Buffer.from([0xff, 0xfe]) : body);
  });
  try {
    for (const name of Object.keys(answers)) {
      const headers = {};
      const url = `${server.url}/?case=${encodeURIComponent(name)}#`;
      // The fragment swallows the path the call adds: every call reaches `/?case=…`.
      const client = createClient({ baseUrl: url, headers, codecConfig: CodecConfig({ maxDepth: 20 }) });
      const api = connect({ baseUrl: url, headers, codecConfig: CodecConfig({ maxDepth: 20 }) });
      const viaOperation = await outcome(() => showPetById(api, { petId: 1 }));
      assert.deepEqual(viaOperation, await outcome(() => client.showPetById({ petId: 1 })), name);
    }
  } finally {
    await server.close();
  }
});

test('a CodecConfig that changes the JSON form: the call goes through the executor given by connectWithEndpoints', async () => {
  const server = await rawServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"id":1,"name":"Rex","tag":"dog"}');
  });
  try {
    const codecConfig = CodecConfig({
      fieldNameFormat: NameFormat.SnakeCase,
      explicitEmptyCollections: { encoding: true, decoding: true },
    });
    const viaClient = await outcome(() => createClient({ baseUrl: server.url, codecConfig }).showPetById({ petId: 1 }));
    assert.deepEqual(
      await outcome(() =>
        showPetById(connectWithEndpoints(endpoints, { baseUrl: server.url, codecConfig }), { petId: 1 }),
      ),
      viaClient,
    );
    // A plain connection has no executor to send it through (a page without it ships none): it says so.
    const plain = await outcome(() => showPetById(connect({ baseUrl: server.url, codecConfig }), { petId: 1 }));
    assert.deepEqual(plain, {
      name: 'ClientError',
      kind: 'encode',
      message:
        'GET /pets/{petId}: the CodecConfig in effect changes the JSON form, which compiled functions leave to the ' +
        'executor: connect with connectWithEndpoints(endpoints, options)',
      status: undefined,
      body: undefined,
    });
    // The global config counts as a connection's does.
    CodecConfig.configLayer(codecConfig);
    try {
      const global = connectWithEndpoints(endpoints, { baseUrl: server.url });
      assert.deepEqual(await outcome(() => showPetById(global, { petId: 1 })), viaClient);
    } finally {
      CodecConfig.configLayer(CodecConfig.default);
    }
  } finally {
    await server.close();
  }
});

test('timeouts and aborts read as the executor words them', async () => {
  const server = await rawServer(() => {}); // never answers
  try {
    const client = createClient({ baseUrl: server.url });
    const api = connect({ baseUrl: server.url });
    assert.deepEqual(
      await outcome(() => showPetById(api, { petId: 1 }, { timeout: 50 })),
      await outcome(() => client.showPetById({ petId: 1 }, { timeout: 50 })),
    );
    const aborted = AbortSignal.abort(new Error('stop'));
    assert.deepEqual(
      await outcome(() => showPetById(api, { petId: 1 }, { signal: aborted })),
      await outcome(() => client.showPetById({ petId: 1 }, { signal: aborted })),
    );
    const later = new AbortController();
    const pending = outcome(() => showPetById(api, { petId: 1 }, { signal: later.signal }));
    setTimeout(() => later.abort(new Error('later')), 20);
    assert.equal(((await pending) as { kind?: string }).kind, 'aborted');
  } finally {
    await server.close();
  }
});

test('ranges and default responses: the same statuses match, with the same values', async () => {
  const job = '{"id":1,"state":"queued"}';
  const problem = '{"title":"no"}';
  const answers: Record<string, [number, string]> = {
    ok: [200, job],
    accepted: [202, '{"ticket":"t1"}'],
    empty: [204, ''],
    notFound: [404, problem],
    teapot: [418, problem],
    failed: [503, problem],
    'ok, wrong body': [200, problem],
    'range output': [201, job],
    'range output, empty': [206, ''],
    gone: [410, ''],
    redirect: [399, ''],
  };
  const server = await rawServer((req, res) => {
    const [status, body] = answers[new URL(req.url!, 'http://x').searchParams.get('case') ?? ''] ?? [500, ''];
    res.writeHead(status, body === '' ? {} : { 'content-type': 'application/json' });
    res.end(body);
  });
  try {
    for (const name of Object.keys(answers)) {
      const url = `${server.url}/?case=${encodeURIComponent(name)}#`;
      const client = createResponsesClient({ baseUrl: url });
      const api = connect({ baseUrl: url });
      const job = { body: { name: 'x' } } as never;
      assert.deepEqual(
        await outcome(() => responses.startJob(api, job)),
        await outcome(() => client.startJob(job)),
        `startJob: ${name}`,
      );
      assert.deepEqual(
        await outcome(() => responses.getJob(api, { id: 1 })),
        await outcome(() => client.getJob({ id: 1 })),
        `getJob: ${name}`,
      );
    }
  } finally {
    await server.close();
  }
});
