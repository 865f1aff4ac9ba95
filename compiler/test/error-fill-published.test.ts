// Declared error shapes of published documents that the runtime's own 400 now fills, judged over
// the wire by ajv against the document: an identifier of the occurrence or the request (here.com's
// uuid `id`, ShipEngine's 36-character `request_id`, frankiefinancial's `ulid` `requestId`,
// Mailchimp's `instance`), a format no validator checks (GoDaddy's `constant`), a message named by
// the end of its name (Vimeo's `developer_message`, neutrinoapi's `api-error-msg`) and an integer
// `api-error`, a plain-text time (BBC's `replied_at`), a required text's own default (unicourt's
// `object`), and an empty `allOf` member (ix-api's `{}`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { EndpointGen } from '../src/index.ts';
import { unmetDeclaredError } from '../src/model/declaredErrors.ts';
import { checkedFormats } from '../src/model/errorFillText.ts';
import { registeredFormats } from '../../runtime/src/schema/lightFormats.ts';
import { DocumentReferee } from './support/documentReferee.ts';
import { repoRoot } from './support/fixtures.ts';
import { serve } from './support/e2e.ts';
import { importGeneratedServer } from './support/generatedServer.ts';

const uuid = { type: 'string', format: 'uuid', minLength: 36, maxLength: 36, pattern: '^[0-9a-fA-F-]{36}$' };
const shapes: Record<string, object> = {
  hereTracking: {
    type: 'object',
    required: ['error', 'code', 'id'],
    properties: { code: { type: 'integer' }, error: { type: 'string' }, id: { type: 'string', format: 'uuid' } },
  },
  shipEngine: {
    type: 'object',
    additionalProperties: false,
    required: ['request_id', 'errors'],
    properties: { request_id: { allOf: [uuid] }, errors: { type: 'array', items: { type: 'object' } } },
  },
  frankie: {
    type: 'object',
    required: ['requestId', 'errorCode', 'errorMsg'],
    properties: {
      requestId: { type: 'string', format: 'ulid', minLength: 26, maxLength: 26 },
      errorCode: { type: 'string' },
      errorMsg: { type: 'string' },
    },
  },
  mailchimp: {
    type: 'object',
    required: ['type', 'title', 'status', 'detail', 'instance'],
    properties: {
      type: { type: 'string' },
      title: { type: 'string' },
      status: { type: 'integer' },
      detail: { type: 'string' },
      instance: { type: 'string' },
    },
  },
  herePositioning: {
    type: 'object',
    required: ['title', 'status', 'code', 'action', 'cause'],
    properties: {
      title: { type: 'string' },
      status: { type: 'integer' },
      code: { type: 'string' },
      action: { type: 'string' },
      cause: { type: 'string' },
    },
  },
  godaddy: {
    type: 'object',
    required: ['code'],
    properties: { code: { type: 'string', format: 'constant' }, message: { type: 'string' } },
  },
  vimeo: {
    type: 'object',
    required: ['developer_message', 'error', 'error_code', 'link'],
    properties: {
      developer_message: { type: 'string' },
      error: { type: 'string' },
      error_code: { type: 'number' },
      link: { type: 'string' },
    },
  },
  neutrino: {
    type: 'object',
    required: ['api-error', 'api-error-msg'],
    properties: { 'api-error': { type: 'integer', format: 'int32' }, 'api-error-msg': { type: 'string' } },
  },
  bbc: {
    type: 'object',
    required: ['$schema', 'href', 'id', 'message', 'replied_at'],
    properties: {
      $schema: { type: 'string' },
      href: { type: 'string' },
      id: { type: 'string' },
      message: { type: 'string' },
      replied_at: { type: 'string' },
    },
  },
  unicourt: {
    type: 'object',
    required: ['object', 'code', 'message'],
    properties: {
      object: { type: 'string', default: 'Exception', minLength: 9, maxLength: 9 },
      code: { type: 'string', minLength: 1, maxLength: 75 },
      message: { type: 'string', minLength: 1, maxLength: 255 },
    },
  },
  ixApi: {
    allOf: [
      {
        type: 'object',
        required: ['type', 'title'],
        properties: { type: { type: 'string' }, title: { type: 'string' } },
      },
      { type: 'object', properties: { status: { example: 400 } } },
      {},
    ],
  },
};

const document = {
  openapi: '3.0.3',
  info: { title: 'published error shapes', version: '1' },
  paths: Object.fromEntries(
    Object.keys(shapes).map((name) => [
      `/${name}`,
      {
        get: {
          operationId: name,
          parameters: [{ name: 'limit', in: 'query', required: true, schema: { type: 'integer' } }],
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { type: 'string' } } } },
            '400': { description: 'refused', content: { 'application/json': { schema: shapes[name] } } },
          },
        },
      },
    ]),
  ),
};

test('published error shapes are filled: no warning, and every refusal fits the document', async () => {
  const code = EndpointGen.fromOpenAPI(document, { targets: ['server'] });
  for (const op of code.api.operations) assert.equal(unmetDeclaredError(code.api, op, 400), undefined, op.ident);
  assert.deepEqual(
    code.warnings.map((w) => w.message),
    [],
  );
  const dir = join(repoRoot, '.tmp', `error-fill-published-${process.pid}`);
  const referee = new DocumentReferee(document as never, (source) => new RegExp(source, 'u'));
  try {
    const generated = await importGeneratedServer(code.files, dir);
    const handlers = Object.fromEntries(Object.keys(shapes).map((name) => [name, () => 'ok']));
    const server = await serve(generated.routes(handlers));
    try {
      const seen = new Map<string, Record<string, unknown>>();
      for (const name of Object.keys(shapes)) {
        const answer = await fetch(`${server.url}/${name}?limit=many`);
        assert.equal(answer.status, 400, name);
        assert.match(answer.headers.get('content-type') ?? '', /^application\/json/, name);
        const body = (await answer.json()) as Record<string, unknown>;
        const pointer = `/paths/~1${name}/get/responses/400/content/application~1json/schema`;
        assert.equal(referee.check(pointer, 'response', body), undefined, `${name}: ${JSON.stringify(body)}`);
        seen.set(name, body);
      }
      // The fills carry what the runtime knows, not placeholders.
      assert.match(String(seen.get('hereTracking')?.id), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-/);
      assert.equal(seen.get('hereTracking')?.code, 400);
      assert.match(String(seen.get('frankie')?.requestId), /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
      assert.match(String(seen.get('frankie')?.errorMsg), /limit/);
      assert.match(String(seen.get('vimeo')?.developer_message), /limit/);
      assert.equal(seen.get('neutrino')?.['api-error'], 400);
      assert.equal(seen.get('unicourt')?.object, 'Exception');
      assert.match(String(seen.get('herePositioning')?.action), /^Correct the request/);
      assert.equal(seen.get('bbc')?.$schema, 'about:blank');
      assert.ok(!Number.isNaN(Date.parse(String(seen.get('bbc')?.replied_at))));
      assert.notEqual(
        seen.get('mailchimp')?.instance,
        ((await (await fetch(`${server.url}/mailchimp`)).json()) as Record<string, unknown>).instance,
      );
    } finally {
      await server.shutdown();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('every format the runtime checks is one the fill treats as checked', () => {
  // A format the runtime checks and the fill took for an annotation would have a failure's text
  // written where the runtime itself refuses it.
  for (const format of registeredFormats) assert.ok(checkedFormats.has(format), format);
});
