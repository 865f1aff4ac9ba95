// An urlencoded form body whose schema is a oneOf of objects several values fit (SoundCloud's
// token request: client credentials, an authorization code or a refresh token, none requiring a
// field the others forbid) is checked as a JSON body is: by the alternative the fields fit, so
// a request fitting two members is served and one fitting none is refused, naming the field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TSchema } from '@kitgen/runtime';
import { formCodec } from '../src/codec/body/formCodec.ts';

const Token = {
  oneOf: [
    {
      type: 'object',
      properties: { grant_type: { type: 'string' }, client_id: { type: 'string' } },
      required: ['grant_type'],
    },
    {
      type: 'object',
      properties: { grant_type: { type: 'string' }, code: { type: 'string' }, client_id: { type: 'string' } },
      required: ['grant_type', 'client_id'],
    },
  ],
} as unknown as TSchema;

const decode = (body: string) => formCodec(Token).decode(new TextEncoder().encode(body));

test('a oneOf form body that fits two members is served; one that fits none is refused', () => {
  const both = decode('grant_type=client_credentials&client_id=abc');
  assert.equal(both._tag, 'right', both._tag === 'left' ? both.left.message : '');
  assert.deepEqual(both._tag === 'right' ? both.right : undefined, {
    grant_type: 'client_credentials',
    client_id: 'abc',
  });
  const none = decode('client_id=abc');
  assert.equal(none._tag, 'left');
  assert.match(none._tag === 'left' ? none.left.message : '', /grant_type/);
});
