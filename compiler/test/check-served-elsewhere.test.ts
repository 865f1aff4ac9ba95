// Spoiled requests `kitgen check` must not judge as this operation's invalid ones, against
// `kitgen mock`: a body one operation refuses that a sibling on the same method and path takes
// (box's `PUT /files/{file_id}#add_shared_link`, addressed by its required `fields`, whose body
// schema takes any other property), a wrong path segment that makes the path another template's
// (channel4's `/search/page-zz-invalid.atom` is `/search/{q}.atom`), and a spoiled flag that tells
// siblings apart (Azure Data Lake's `op`), a request of none of them, whose refusal is in the
// shape of a sibling's (JSON), not OPEN's octet-stream. The check had reported each: the first
// two as invalid requests accepted, the third as an error in an undeclared Content-Type. A valid
// request that is also a sibling's (box's shared items, told apart by nothing sent) may be
// answered as that sibling: the check had judged the file the mock sent against the folder. And a
// spoiled path that fits another template as text is a request of neither, refused as either.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { OpenApiDocument } from '../src/check/documentReferee.ts';
import type { CheckReport } from '../src/check/runCheck.ts';
import { checkAgainstMock } from './support/checkAgainstMock.ts';

const id = { name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 8 } };
const file = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 8 } } };
const json = (schema: unknown) => ({ description: 'ok', content: { 'application/json': { schema } } });
const bytes = { description: 'bytes', content: { 'application/octet-stream': { schema: { type: 'string' } } } };
const flag = (value: string) => ({
  name: 'op',
  in: 'query',
  required: true,
  schema: { type: 'string', enum: [value] },
});
const lang = (name: string, ...more: string[]) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string', enum: ['en', 'es', ...more] },
});
const word = { name: 'word_id', in: 'path', required: true, schema: { type: 'string', maxLength: 8 } };
const boxapi = { name: 'boxapi', in: 'header', required: true, schema: { type: 'string', maxLength: 8 } };
const typed = (type: string) => ({
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'string', enum: [type] } },
});
const error = json({ type: 'object', properties: { message: { type: 'string' } } });
const doc = {
  openapi: '3.0.3',
  info: { title: 'elsewhere', version: '1' },
  paths: {
    '/files/{id}': {
      put: {
        operationId: 'updateFile',
        parameters: [id, { name: 'fields', in: 'query', schema: { type: 'string', maxLength: 8 } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['permissions'],
                properties: { permissions: { type: 'object', properties: { download: { type: 'boolean' } } } },
              },
            },
          },
        },
        responses: { '200': json(file), '400': error },
      },
    },
    '/files/{id}#add_shared_link': {
      put: {
        operationId: 'addSharedLink',
        parameters: [id, { name: 'fields', in: 'query', required: true, schema: { type: 'string', maxLength: 8 } }],
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', properties: { shared_link: { type: 'object' } } },
            },
          },
        },
        responses: { '200': json(file), '400': error },
      },
    },
    '/search/page-{pageno}.atom': {
      get: {
        operationId: 'searchPage',
        parameters: [{ name: 'pageno', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
        responses: { '200': json(file) },
      },
    },
    '/search/{q}.atom': {
      get: {
        operationId: 'search',
        parameters: [{ name: 'q', in: 'path', required: true, schema: { type: 'string', maxLength: 20 } }],
        responses: { '200': json(file) },
      },
    },
    // oxforddictionaries' entries: `/entries/zz-invalid/x/translations=es` fits both templates as
    // text, and both refuse `zz-invalid`; the server answered the first's refusal (an undeclared
    // 400, in the runtime's JSON) where the second declares its 400 without a body.
    '/entries/{source_lang}/{word_id}/{filters}': {
      get: {
        operationId: 'filtered',
        parameters: [
          lang('source_lang'),
          word,
          { name: 'filters', in: 'path', required: true, schema: { type: 'string' } },
        ],
        responses: { '200': json(file) },
      },
    },
    '/entries/{source_translation_language}/{word_id}/translations={target_translation_language}': {
      get: {
        operationId: 'translations',
        parameters: [lang('source_translation_language', 'de'), word, lang('target_translation_language')],
        responses: { '200': json(file), '400': { description: 'bad language' } },
      },
    },
    // box's shared items: a file, a folder or a web link, each asked for with the same required
    // header; nothing the request sends says which, so any of the three is a fitting answer.
    '/shared_items': {
      get: { operationId: 'sharedFile', parameters: [boxapi], responses: { '200': json(typed('file')) } },
    },
    '/shared_items#folders': {
      get: { operationId: 'sharedFolder', parameters: [boxapi], responses: { '200': json(typed('folder')) } },
    },
    '/fs/{id}#op=OPEN': {
      get: { operationId: 'open', parameters: [id, flag('OPEN')], responses: { '200': bytes, default: bytes } },
    },
    '/fs/{id}#op=LIST': {
      get: { operationId: 'list', parameters: [id, flag('LIST')], responses: { '200': json(file), default: error } },
    },
  },
} as unknown as OpenApiDocument;

const runsOf = (report: CheckReport, operationId: string) =>
  report.operations.find((o) => o.label.includes(`(${operationId})`))!.runs;

test('a spoiled request another operation serves, or none owns, is judged as such', async () => {
  const report = await checkAgainstMock(doc, { maxExamples: 20, seed: 3 });
  assert.deepEqual(
    report.operations.flatMap((o) => o.violations.map((v) => `${v.operation} ${v.run}: ${v.message} ${v.curl}`)),
    [],
  );
  // The spoilers still run where no other operation serves the request.
  const update = runsOf(report, 'updateFile');
  assert.ok(update.includes('invalid: body property of the wrong type'), update.join(', '));
  const translations = runsOf(report, 'translations');
  assert.ok(translations.includes('invalid: path parameter source_translation_language'), translations.join(', '));
  const open = runsOf(report, 'open');
  assert.ok(open.includes('invalid: query parameter op'), open.join(', '));
  assert.ok(open.includes('invalid: required query parameter op left out'), open.join(', '));
});
