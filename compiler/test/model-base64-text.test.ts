// A base64 string (`format: byte`, or 3.1's `contentEncoding: base64`) is bytes in memory and
// written back in canonical base64 — unless the document constrains its spelling (Adyen's
// `CardStatusWords`, `pattern: ^.{2,2}$`): bytes would be written back padded, breaking the
// pattern the document holds the text to, so such a string stays the text the handler gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EndpointGen } from '../src/index.ts';
import type { SchemaNode } from '../src/model/Schema.ts';

test('base64 strings are bytes unless their spelling is constrained', () => {
  const built = EndpointGen.fromOpenAPI({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {},
    components: {
      schemas: {
        Apdu: {
          type: 'object',
          properties: {
            words: { type: 'string', contentEncoding: 'base64', pattern: '^.{2,2}$' },
            data: { type: 'string', contentEncoding: 'base64', pattern: '^.+$' },
            short: { type: 'string', format: 'byte', maxLength: 8 },
            blob: { type: 'string', contentEncoding: 'base64' },
            raw: { type: 'string', format: 'byte' },
          },
        },
      },
    },
  });
  const apdu = built.api.schemas.find((s) => s.key === 'Apdu')?.schema as Extract<SchemaNode, { kind: 'object' }>;
  const kinds = Object.fromEntries(apdu.properties.map((p) => [p.name, p.schema.kind]));
  assert.deepEqual(kinds, { words: 'string', data: 'string', short: 'string', blob: 'bytes', raw: 'bytes' });
  const words = apdu.properties.find((p) => p.name === 'words')!.schema as Extract<SchemaNode, { kind: 'string' }>;
  assert.equal(words.constraints.pattern, '^.{2,2}$', 'the pattern is kept and checked');
});
