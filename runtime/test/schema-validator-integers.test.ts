// Integer formats are ranges the validator enforces, on JSON numbers (`type: integer` with
// `format: int32`…, as the compiler emits from OpenAPI documents) and on Int64's bigints alike,
// when a server decodes and when a client validates what it is about to send.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Either, JsonCodec, Schema, validatorFor } from '@kitgen/runtime';

// CPU milliseconds of this process: other work on a loaded machine does not count.
const elapsed = (run: () => unknown): number => {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

test('format int32 and uint32 bound a JSON integer', () => {
  const int32 = validatorFor({ type: 'integer', format: 'int32' });
  assert.equal(int32.check(2 ** 31 - 1), true);
  assert.equal(int32.check(-(2 ** 31)), true);
  assert.equal(int32.check(2 ** 31), false);
  assert.equal(int32.check(2 ** 40), false);
  assert.equal(int32.firstError(2 ** 40)?.message, 'value: must be a 32-bit integer (-2147483648 to 2147483647)');
  const uint32 = validatorFor({ type: 'integer', format: 'uint32' });
  assert.equal(uint32.check(2 ** 32 - 1), true);
  assert.equal(uint32.check(-1), false);
  assert.equal(uint32.firstError(-1)?.message, 'value: must be an unsigned 32-bit integer (0 to 4294967295)');
  // A format does not make a non-number valid or invalid: `type` says what is wrong.
  assert.equal(int32.firstError('7')?.message, 'value: must be integer');
});

test('format int64 on a JSON number accepts what rounds to the int64 range, and nothing beyond', () => {
  const codec = JsonCodec.schemaBasedBinaryCodec(Schema.Object({ n: Schema.Integer({ format: 'int64' }) }));
  assert.ok(Either.isRight(codec.decodeString('{"n":9007199254740993}')));
  // 2^63 - 1 is not a double: JSON.parse gives 2^63, which stands for it, as in ajv-formats.
  assert.ok(Either.isRight(codec.decodeString('{"n":9223372036854775807}')));
  const beyond = codec.decodeString('{"n":18446744073709551616}');
  assert.ok(Either.isLeft(beyond));
  assert.equal(beyond.left.pointer, '/n');
  assert.equal(
    beyond.left.message,
    'value at /n: must be a 64-bit integer (-9223372036854775808 to 9223372036854775807)',
  );
});

test('Int64 refuses 2^63 and 2^64 with the pointer, and accepts the whole int64 range exactly', () => {
  const codec = JsonCodec.schemaBasedBinaryCodec(Schema.Object({ id: Schema.Int64() }));
  for (const text of ['9223372036854775808', '18446744073709551616', '-9223372036854775809']) {
    const r = codec.decodeString(`{"id":${text}}`, 'request body');
    assert.ok(Either.isLeft(r), text);
    assert.equal(r.left.pointer, '/id');
    assert.equal(
      r.left.message,
      'request body at /id: must be a 64-bit integer (-9223372036854775808 to 9223372036854775807)',
    );
  }
  for (const text of ['9223372036854775807', '-9223372036854775808', '0', '"42"']) {
    const r = codec.decodeString(`{"id":${text}}`);
    assert.ok(Either.isRight(r), text);
    assert.equal(r.right.id, BigInt(text.replaceAll('"', '')));
  }
});

test('a million-digit integer is refused without being parsed', () => {
  const codec = JsonCodec.schemaBasedBinaryCodec(Schema.Object({ id: Schema.Int64() }));
  const huge = `{"id":${'9'.repeat(1_000_000)}}`;
  codec.decodeString(huge); // compiled and warm
  let result: ReturnType<typeof codec.decodeString> | undefined;
  const ms = elapsed(() => (result = codec.decodeString(huge, 'request body')));
  assert.ok(result && Either.isLeft(result));
  assert.equal(result.left.pointer, '/id');
  assert.match(result.left.message, /^request body: \/id: expected a 64-bit integer$/);
  assert.ok(ms < 50, `took ${ms.toFixed(1)} ms`);
  // 21 digits are refused the same way; a string of digits is read like a number.
  assert.ok(Either.isLeft(codec.decodeString('{"id":"123456789012345678901"}')));
  assert.ok(Either.isLeft(codec.decodeString('{"id":"-"}')));
});

test('the client side: encoding validation refuses out-of-range integers too', () => {
  const codec = JsonCodec.schemaBasedBinaryCodec(
    Schema.Object({ id: Schema.Int64(), small: Schema.Integer({ format: 'int32' }) }),
  );
  assert.equal(codec.check({ id: 2n ** 63n - 1n, small: 1 }), true);
  assert.equal(codec.check({ id: 2n ** 63n, small: 1 }), false);
  assert.equal(codec.check({ id: 1n, small: 2 ** 31 }), false);
  const v = validatorFor(Schema.Int64());
  assert.equal(
    v.firstError(-(2n ** 63n) - 1n)?.message,
    'value: must be a 64-bit integer (-9223372036854775808 to 9223372036854775807)',
  );
});

test('a uint64 bigint schema is bounded by its own range', () => {
  const v = validatorFor(Schema.BigInt({ format: 'uint64' }));
  assert.equal(v.check(2n ** 64n - 1n), true);
  assert.equal(v.check(2n ** 64n), false);
  assert.equal(v.check(-1n), false);
});

test('a client refuses a response whose Int64 is out of range, naming the pointer (over the wire)', async () => {
  const { createServer } = await import('node:http');
  const { Endpoint, EndpointExecutor, RoutePattern } = await import('@kitgen/runtime');
  const hostile = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"id":18446744073709551616}');
  });
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = hostile.address() as { port: number };
    const getThing = Endpoint(RoutePattern.GET('thing')).out(Schema.Object({ id: Schema.Int64() }));
    const call = EndpointExecutor.make({ baseUrl: `http://127.0.0.1:${port}` });
    await assert.rejects(call(getThing, undefined), (error: Error) => {
      assert.match(error.message, /\/id: must be a 64-bit integer/);
      return true;
    });
  } finally {
    hostile.close();
  }
});
