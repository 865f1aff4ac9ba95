import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Body, DecodeError, Form, FormField, HttpError, type StreamingFormField } from '@kitgen/runtime';

const enc = new TextEncoder();
const bytes = (text: string) => enc.encode(text);

/** A multipart body written by hand, so the decoder is tested against bytes it did not produce. */
function handMade(boundary: string, parts: string[], closing = `--${boundary}--\r\n`): Uint8Array {
  return bytes(parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('') + closing);
}

/** A byte source the test releases step by step, recording how far it was pulled. */
function gatedSource(chunks: Uint8Array[]) {
  const gates = chunks.map(() => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  });
  let pulled = 0;
  let returned = false;
  const stream = (async function* () {
    try {
      for (let i = 0; i < chunks.length; i++) {
        await gates[i].promise;
        pulled = i + 1;
        yield chunks[i];
      }
    } finally {
      returned = true;
    }
  })();
  return {
    stream,
    open: (i: number) => gates[i].resolve(),
    get pulled() {
      return pulled;
    },
    get returned() {
      return returned;
    },
  };
}

/** Collects an async iterable (Array.fromAsync needs Node 22). */
async function fromAsync<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const within = <T>(p: Promise<T>, ms = 2000): Promise<T> =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

test('a form round-trips through Body.fromMultipartForm and asMultipartForm', async () => {
  const png = new Uint8Array(70_000).map((_, i) => (i * 7) & 0xff);
  const form = Form.of(
    FormField.textField('title', 'Grüße, "quoted" \r\n text'),
    FormField.binaryField('file', png, 'image/png', 'pic ü.png'),
    FormField.binaryField('file', new Uint8Array(0), 'application/octet-stream', 'empty.bin'),
    FormField.textField('meta', '{"a":1}', 'application/json'),
    FormField.textField('empty', ''),
  );
  const body = Body.fromMultipartForm(form);
  assert.match(body.contentType!, /^multipart\/form-data; boundary=kitgen-[0-9a-f]{32}$/);
  assert.equal(body.contentLength, (await body.asBytes()).byteLength);
  const back = await body.asMultipartForm();
  assert.deepEqual(back.names(), ['title', 'file', 'meta', 'empty']);
  assert.equal(back.text('title'), 'Grüße, "quoted" \r\n text');
  assert.equal(back.text('empty'), '');
  const files = back.getAll('file');
  assert.equal(files.length, 2);
  assert.ok(files[0]._tag === 'Binary' && files[1]._tag === 'Binary');
  assert.deepEqual(new Uint8Array(files[0].data), png);
  assert.equal(files[0].filename, 'pic ü.png');
  assert.equal(files[0].contentType.fullType, 'image/png');
  assert.equal(files[1].data.byteLength, 0);
  assert.equal(files[1].filename, 'empty.bin');
  const meta = back.get('meta');
  assert.ok(meta?._tag === 'Text');
  assert.equal(meta.contentType.fullType, 'application/json');
  // Two forms get two boundaries.
  assert.notEqual(Body.fromMultipartForm(form).contentType, body.contentType);
});

test('streaming fields are encoded as they are read, with a caller-chosen boundary', async () => {
  async function* parts() {
    yield bytes('abc');
    yield bytes('def');
  }
  const body = Body.fromMultipartForm(
    Form.of(FormField.textField('a', '1'), FormField.streamingBinaryField('s', parts(), 'text/csv', 's.csv')),
    'my-boundary',
  );
  assert.equal(body.contentType, 'multipart/form-data; boundary=my-boundary');
  assert.equal(body.contentLength, undefined);
  const text = Buffer.from(await body.asBytes()).toString('latin1');
  assert.equal(
    text,
    '--my-boundary\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n' +
      '--my-boundary\r\nContent-Disposition: form-data; name="s"; filename="s.csv"\r\nContent-Type: text/csv\r\n\r\nabcdef\r\n' +
      '--my-boundary--\r\n',
  );
});

test('names and file names cannot break out of their quoted parameter', async () => {
  const form = Form.of(
    FormField.binaryField('x"\r\nContent-Type: text/evil', bytes('v'), undefined, 'a"\r\n\r\nb.txt'),
  );
  const raw = Buffer.from(await Body.fromMultipartForm(form, 'B').asBytes()).toString('latin1');
  assert.equal(
    raw.split('\r\n')[1],
    'Content-Disposition: form-data; name="x%22%0D%0AContent-Type: text/evil"; filename="a%22%0D%0A%0D%0Ab.txt"',
  );
  const back = await Body.fromBytes(bytes(raw), 'multipart/form-data; boundary=B').asMultipartForm();
  assert.equal(back.size, 1);
  assert.equal(back.fields[0].contentType.fullType, 'application/octet-stream');
});

test('a hand-written form: file parts by filename or octet-stream, text parts otherwise', async () => {
  const body = handMade('XyZ', [
    'Content-Disposition: form-data; name="note"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nhéllo',
    'Content-Disposition: form-data; name="doc"; filename="C:\\\\Users\\\\a\\\\r.txt"\r\nContent-Type: text/plain\r\n\r\nfile text',
    'Content-Disposition: form-data; name="raw"\r\nContent-Type: application/octet-stream\r\n\r\n\x00\x01',
    'content-disposition: form-data; name=bare\r\n\r\nunquoted name',
  ]);
  const fields: StreamingFormField[] = [];
  const seen: Array<[string, string, string | undefined, string]> = [];
  for await (const f of Body.fromBytes(body, 'multipart/form-data; boundary="XyZ"').asMultipartFormStream()) {
    fields.push(f);
    const content = f._tag === 'Text' ? f.value : Buffer.concat(await fromAsync(f.data)).toString('latin1');
    seen.push([f._tag, f.name, f._tag === 'Text' ? undefined : f.filename, content]);
  }
  assert.deepEqual(seen, [
    ['Text', 'note', undefined, 'héllo'],
    ['StreamingBinary', 'doc', 'r.txt', 'file text'], // only the base name of a path is kept
    ['StreamingBinary', 'raw', undefined, '\x00\x01'],
    ['Text', 'bare', undefined, 'unquoted name'],
  ]);
});

test('fields are delivered as their bytes arrive, not after the whole body', async () => {
  const boundary = 'b0undary';
  // A text field is complete at the next boundary; the file's first bytes follow in the same chunk.
  const source = gatedSource([
    bytes(
      `--${boundary}\r\nContent-Disposition: form-data; name="first"\r\n\r\none\r\n--${boundary}\r\nContent-Disposition: form-data; name="up"; filename="u.bin"\r\n\r\nCHUNK-1`,
    ),
    bytes('CHUNK-2'),
    bytes(`\r\n--${boundary}--\r\n`),
  ]);
  const fields = Body.fromStream(source.stream, { contentType: `multipart/form-data; boundary=${boundary}` })
    .asMultipartFormStream()
    [Symbol.asyncIterator]();
  source.open(0);
  const first = await within(fields.next());
  assert.ok(!first.done && first.value._tag === 'Text' && first.value.value === 'one');
  const up = await within(fields.next());
  assert.ok(!up.done && up.value._tag === 'StreamingBinary');
  const data = up.value.data[Symbol.asyncIterator]();
  const c1 = await within(data.next());
  // Both fields and the file's first bytes are readable while the rest of the body is unsent.
  assert.equal(Buffer.from(c1.value as Uint8Array).toString(), 'CHUNK-1');
  assert.equal(source.pulled, 1);
  source.open(1);
  source.open(2);
  const rest: Uint8Array[] = [];
  for (let r = await within(data.next()); !r.done; r = await within(data.next())) rest.push(r.value);
  assert.equal(Buffer.concat(rest).toString(), 'CHUNK-2');
  assert.equal((await within(fields.next())).done, true);
});

test('a slow reader holds the parser back: the source is not read far ahead of the reader', async () => {
  const boundary = 'bp';
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const total = 128; // 8 MiB in 64 KiB chunks
  let produced = 0;
  async function* source() {
    yield bytes(`--${boundary}\r\nContent-Disposition: form-data; name="big"; filename="big.bin"\r\n\r\n`);
    for (let i = 0; i < total; i++) {
      produced += chunk.byteLength;
      yield chunk;
    }
    yield bytes(`\r\n--${boundary}--\r\n`);
  }
  let consumed = 0;
  let maxAhead = 0;
  for await (const f of Body.fromStream(source(), {
    contentType: `multipart/form-data; boundary=${boundary}`,
  }).asMultipartFormStream()) {
    assert.equal(f._tag, 'StreamingBinary');
    if (f._tag !== 'StreamingBinary') continue;
    for await (const c of f.data) {
      consumed += c.byteLength;
      maxAhead = Math.max(maxAhead, produced - consumed);
      await new Promise((r) => setImmediate(r));
    }
  }
  assert.equal(consumed, chunk.byteLength * total);
  assert.ok(maxAhead < 1024 * 1024, `the source ran ${maxAhead} bytes ahead of the reader`);
});

test('a binary field left unread is drained when the next field is requested', async () => {
  const form = Form.of(
    FormField.binaryField('skipped', new Uint8Array(300_000).fill(1), undefined, 'a.bin'),
    FormField.binaryField('half', new Uint8Array(300_000).fill(2), undefined, 'b.bin'),
    FormField.textField('after', 'still here'),
  );
  const body = Body.fromMultipartForm(form);
  const bytesOut = await body.asBytes();
  async function* slow() {
    for (let i = 0; i < bytesOut.length; i += 8192) yield bytesOut.subarray(i, i + 8192);
  }
  const held: StreamingFormField[] = [];
  let halfRead = 0;
  for await (const f of Body.fromStream(slow(), { contentType: body.contentType }).asMultipartFormStream()) {
    held.push(f);
    if (f.name === 'half' && f._tag === 'StreamingBinary') {
      for await (const c of f.data) {
        halfRead += c.byteLength;
        break; // stops early: the rest must be drained, not stall the form
      }
    }
  }
  assert.deepEqual(
    held.map((f) => f.name),
    ['skipped', 'half', 'after'],
  );
  assert.ok(halfRead > 0 && halfRead < 300_000);
  assert.equal(held[2]._tag === 'Text' && held[2].value, 'still here');
  // Data of a field left behind cannot be read later, and says why.
  const skipped = held[0];
  assert.ok(skipped._tag === 'StreamingBinary');
  await assert.rejects(fromAsync(skipped.data), /was not read before the next field was requested/);
});

test("a binary field's data can be read once", async () => {
  const body = Body.fromMultipartForm(Form.of(FormField.binaryField('f', bytes('xyz'), undefined, 'f.txt')));
  for await (const f of body.asMultipartFormStream()) {
    assert.ok(f._tag === 'StreamingBinary');
    assert.equal(Buffer.concat(await fromAsync(f.data)).toString(), 'xyz');
    assert.throws(() => f.data[Symbol.asyncIterator](), /can be read only once/);
  }
});

test('stopping early releases the byte source', async () => {
  const boundary = 'rel';
  const source = gatedSource([
    bytes(
      `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${boundary}\r\nContent-Disposition: form-data; name="b"\r\n\r\n2\r\n`,
    ),
    bytes(`--${boundary}--\r\n`),
  ]);
  source.open(0);
  for await (const f of Body.fromStream(source.stream, {
    contentType: `multipart/form-data; boundary=${boundary}`,
  }).asMultipartFormStream()) {
    assert.equal(f.name, 'a');
    break;
  }
  source.open(1); // lets the pending read finish so the generator can run its finally
  await within(
    (async () => {
      while (!source.returned) await new Promise((r) => setTimeout(r, 5));
    })(),
  );
  assert.equal(source.returned, true);
});

function assertDecodeError(pattern: RegExp) {
  return (e: unknown) => {
    assert.ok(e instanceof DecodeError, `expected a DecodeError, got ${String(e)}`);
    assert.match(e.message, pattern);
    return true;
  };
}

test('a Content-Type without multipart or boundary is a DecodeError naming the problem', async () => {
  const data = handMade('B', ['Content-Disposition: form-data; name="a"\r\n\r\n1']);
  await assert.rejects(Body.fromReceived(data, undefined).asMultipartForm(), assertDecodeError(/no Content-Type/));
  await assert.rejects(
    Body.fromBytes(data, 'application/json').asMultipartForm(),
    assertDecodeError(/not a multipart form/),
  );
  await assert.rejects(
    Body.fromBytes(data, 'multipart/mixed; boundary=B').asMultipartForm(),
    assertDecodeError(/not a multipart form/),
  );
  await assert.rejects(
    Body.fromBytes(data, 'multipart/form-data').asMultipartForm(),
    assertDecodeError(/no boundary parameter/),
  );
  await assert.rejects(
    Body.fromBytes(data, `multipart/form-data; boundary=${'x'.repeat(71)}`).asMultipartForm(),
    assertDecodeError(/boundary is invalid/),
  );
  await assert.rejects(
    fromAsync(Body.fromBytes(data, 'text/plain').asMultipartFormStream()),
    assertDecodeError(/not a multipart form/),
  );
});

test('truncated and malformed bodies are DecodeErrors', async () => {
  const good = handMade('B', [
    'Content-Disposition: form-data; name="a"\r\n\r\nvalue',
    'Content-Disposition: form-data; name="f"; filename="f"\r\n\r\n' + 'z'.repeat(1000),
  ]);
  const type = 'multipart/form-data; boundary=B';
  const cut = (n: number) => Body.fromBytes(good.subarray(0, n), type);
  await assert.rejects(cut(good.length - 4).asMultipartForm(), assertDecodeError(/truncated/)); // no closing "--"
  await assert.rejects(cut(500).asMultipartForm(), assertDecodeError(/truncated/)); // inside the file
  await assert.rejects(cut(20).asMultipartForm(), assertDecodeError(/truncated|malformed/)); // inside a part header
  await assert.rejects(Body.fromBytes(new Uint8Array(0), type).asMultipartForm(), assertDecodeError(/truncated/));
  // Truncation seen while streaming a file's data fails the data stream itself.
  await assert.rejects(
    (async () => {
      for await (const f of cut(500).asMultipartFormStream())
        if (f._tag === 'StreamingBinary') for await (const _ of f.data);
    })(),
    assertDecodeError(/truncated/),
  );
  const badHeader = handMade('B', ['Content-Disposition: form-data; name="a"\r\nNot a header line\r\n\r\nv']);
  await assert.rejects(Body.fromBytes(badHeader, type).asMultipartForm(), assertDecodeError(/malformed header/));
  const noName = handMade('B', ['Content-Disposition: form-data\r\n\r\nv']);
  await assert.rejects(Body.fromBytes(noName, type).asMultipartForm(), assertDecodeError(/has no name/));
  const wrongBoundary = handMade('Other', ['Content-Disposition: form-data; name="a"\r\n\r\nv']);
  await assert.rejects(Body.fromBytes(wrongBoundary, type).asMultipartForm(), assertDecodeError(/truncated/));
});

test('an error of the byte source keeps its meaning', async () => {
  const tooLarge = new HttpError(413, 'The request body is larger than 10 bytes');
  async function* failing() {
    yield bytes('--B\r\nContent-Disposition: form-data; name="a"\r\n\r\n');
    throw tooLarge;
  }
  await assert.rejects(
    Body.fromStream(failing(), { contentType: 'multipart/form-data; boundary=B' }).asMultipartForm(),
    (e) => e === tooLarge,
  );
  async function* reset() {
    yield bytes('--B\r\n');
    throw new Error('socket hang up');
  }
  await assert.rejects(
    Body.fromStream(reset(), { contentType: 'multipart/form-data; boundary=B' }).asMultipartForm(),
    assertDecodeError(/could not be read: socket hang up/),
  );
});

function assert413(pattern: RegExp) {
  return (e: unknown) => {
    assert.ok(e instanceof HttpError, `expected an HttpError, got ${String(e)}`);
    assert.equal(e.status, 413);
    assert.match(e.message, pattern);
    return true;
  };
}

test('limits: parts, text field size and file size; at the limit is fine, past it is 413', async () => {
  const threeParts = Body.fromMultipartForm(Form.fromStrings({ a: '1', b: '2', c: '3' }));
  const raw = await threeParts.asBytes();
  const again = () => Body.fromBytes(raw, threeParts.contentType!);
  assert.equal((await again().asMultipartForm({ maxParts: 3 })).size, 3);
  await assert.rejects(again().asMultipartForm({ maxParts: 2 }), assert413(/more than 2 parts/));
  await assert.rejects(fromAsync(again().asMultipartFormStream({ maxParts: 1 })), assert413(/more than 1 parts/));

  const text = Body.fromMultipartForm(Form.fromStrings([['t', 'x'.repeat(100)]]));
  const textBytes = await text.asBytes();
  assert.equal(
    (await Body.fromBytes(textBytes, text.contentType!).asMultipartForm({ maxFieldSize: 100 })).text('t')?.length,
    100,
  );
  await assert.rejects(
    Body.fromBytes(textBytes, text.contentType!).asMultipartForm({ maxFieldSize: 99 }),
    assert413(/field "t" is larger than 99 bytes/),
  );

  const file = Body.fromMultipartForm(Form.of(FormField.binaryField('f', new Uint8Array(5000), undefined, 'f.bin')));
  const fileBytes = await file.asBytes();
  const fileBody = () => Body.fromBytes(fileBytes, file.contentType!);
  assert.equal((await fileBody().asMultipartForm({ maxFileSize: 5000 })).size, 1);
  await assert.rejects(
    fileBody().asMultipartForm({ maxFileSize: 4999 }),
    assert413(/field "f" is larger than 4999 bytes/),
  );
  // Streaming: the reader of the data sees the 413, and so does the field stream.
  await assert.rejects(
    (async () => {
      for await (const f of fileBody().asMultipartFormStream({ maxFileSize: 1000 }))
        if (f._tag === 'StreamingBinary') for await (const _ of f.data);
    })(),
    assert413(/larger than 1000 bytes/),
  );
});

test('default limits: 1000 parts and 1 MiB per text field', async () => {
  const many = Body.fromMultipartForm(
    Form.of(...Array.from({ length: 1001 }, (_, i) => FormField.textField(`f${i}`, 'v'))),
  );
  await assert.rejects(many.asMultipartForm(), assert413(/more than 1000 parts/));
  const big = Body.fromMultipartForm(Form.fromStrings({ big: 'x'.repeat((1 << 20) + 1) }));
  await assert.rejects(big.asMultipartForm(), assert413(/larger than 1048576 bytes/));
});

test('Form: lookup by name, order, repeats, building', () => {
  const form = Form.fromStrings([
    ['a', '1'],
    ['b', '2'],
    ['a', '3'],
  ]).append(FormField.binaryField('bin', bytes('x')));
  assert.equal(form.size, 4);
  assert.deepEqual(form.names(), ['a', 'b', 'bin']);
  assert.equal(form.text('a'), '1');
  assert.deepEqual(
    form.getAll('a').map((f) => (f._tag === 'Text' ? f.value : '')),
    ['1', '3'],
  );
  assert.equal(form.text('bin'), undefined);
  assert.ok(form.has('bin') && !form.has('zzz'));
  assert.equal(form.get('zzz'), undefined);
  assert.deepEqual(
    [...form].map((f) => f._tag),
    ['Text', 'Text', 'Text', 'Binary'],
  );
  assert.equal(Form.empty.size, 0);
  assert.equal(Form.fromStrings({ k: 'v' }).text('k'), 'v');
  assert.ok(FormField.isBinary(form.get('bin')!));
  assert.equal(form.get('bin')!.contentType.fullType, 'application/octet-stream');
  assert.throws(() => FormField.textField('a', 'b', 'not a type'), /not a media type/);
});
