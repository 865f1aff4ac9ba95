// The compiler reads a body's kind by the same rules the runtime picks its codec by: the vendor
// types read as JSON and the misnamed text types, in two copies (the compiler cannot import the
// runtime), held equal here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bodyKind,
  isVendorJsonType as compilerVendorJson,
  notJsonWords as compilerWords,
} from '../src/model/mediaTypes.ts';
import { isMisnamedText, isVendorJsonType, notJsonWords } from '../../runtime/src/codec/body/mediaFamilies.ts';

const samples = [
  'application/vnd.goa.error',
  'application/vnd.github.object',
  'application/vnd.github.v3.object',
  'application/x-amz-json-1.1',
  'application/prs.example',
  'application/json+sarif',
  'application/vnd.ms-excel',
  'application/vnd.docker.distribution.manifest.v1+prettyjws',
  'application/vnd.docker.raw-stream',
  'application/vnd.oai.openapi',
  'application/x-json-smile',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/x-yaml',
  'application/x-ndjson',
  'application/vnd.apache.thrift.binary',
  'application/x-protobuf',
  'application/x-pkcs12',
  'application/xml',
  'application/octet-stream',
  'application/pdf',
  'application/javascript',
  'application/text',
  'image/jpeg',
  'text/csv',
];

test('media families: the compiler and the runtime agree on vendor JSON types', () => {
  assert.deepEqual([...compilerWords], [...notJsonWords]);
  for (const mt of samples) assert.equal(compilerVendorJson(mt), isVendorJsonType(mt), mt);
});

test('media families: a vendor type is JSON over a JSON value only; binary families are bytes whatever the schema', () => {
  const json = samples.filter((mt) => bodyKind(mt, 'json') === 'json');
  assert.deepEqual(json, [
    'application/vnd.goa.error',
    'application/vnd.github.object',
    'application/vnd.github.v3.object',
    'application/x-amz-json-1.1',
    'application/prs.example',
    'application/json+sarif',
  ]);
  assert.equal(
    bodyKind('application/vnd.goa.error', 'string'),
    'binary',
    'a string under a vendor type is its text, not JSON',
  );
  assert.equal(bodyKind('application/vnd.goa.error', 'none'), 'binary');
  assert.equal(bodyKind('image/jpeg', 'json'), 'binary');
  assert.equal(bodyKind('application/octet-stream', 'json'), 'binary');
});

test('media families: application/text and plain/text are text, on both sides', () => {
  for (const mt of ['application/text', 'plain/text']) {
    assert.equal(bodyKind(mt, 'string'), 'text');
    assert.equal(isMisnamedText(mt), true);
  }
  assert.equal(isMisnamedText('application/json'), false);
});
