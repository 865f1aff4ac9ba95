// The codec libraries are optional peers: importing the runtime loads none of them; building a
// codec loads its own; a missing one fails with the package to install.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { AvroCodec, MessagePackCodec, ProtobufCodec, Schema, ThriftCodec } from '@kitgen/runtime';
import { loadPeer } from '../src/codec/schemaWalk/loadPeer.ts';

const loaded = (pkg: string) =>
  Object.keys(createRequire(import.meta.url).cache).some((path) => path.includes(`/node_modules/${pkg}/`));

test('each codec library is loaded when the first codec of its format is built, not before', () => {
  const packages = ['protobufjs', 'avsc', 'thrift', '@msgpack/msgpack'];
  for (const pkg of packages) assert.equal(loaded(pkg), false, `${pkg} loaded by importing the runtime`);
  const schema = Schema.Object({ a: Schema.String() });
  const builders = [
    () => ProtobufCodec.protobufCodec(schema),
    () => AvroCodec.schemaBasedBinaryCodec(schema),
    () => ThriftCodec.thriftBinaryCodec(schema),
    () => MessagePackCodec.messagePackCodec(schema),
  ];
  builders.forEach((build, i) => {
    build();
    for (const [j, pkg] of packages.entries()) assert.equal(loaded(pkg), j <= i, `${pkg} after building codec ${i}`);
  });
});

test('a missing optional peer names the package and how to install it', () => {
  assert.throws(
    () => loadPeer('kitgen-no-such-codec-library', 'SomeCodec.someCodec'),
    (error: unknown) =>
      error instanceof Error &&
      error.message.includes('SomeCodec.someCodec needs the optional peer dependency "kitgen-no-such-codec-library"') &&
      error.message.includes('npm install kitgen-no-such-codec-library'),
  );
});
