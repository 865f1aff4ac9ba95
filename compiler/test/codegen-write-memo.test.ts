// A watch writes through one WrittenFiles: a save compares the output with what it wrote last
// instead of reading it back, and whatever changed on disk meanwhile is still put right.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ChunkedText } from '../src/ChunkedText.ts';
import { CodeGen, WrittenFiles } from '../src/CodeGen.ts';

test('writes through a memo leave unchanged files alone and restore files changed on disk', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kitgen-written-'));
  try {
    const written = new WrittenFiles();
    const files = new Map([
      ['openapi.json', '{\n  "openapi": "3.1.0"\n}\n'],
      ['definitions/pets.endpoints.ts', 'export const a = 1;\n'],
      ['index.js', 'export {};\n'],
    ]);
    const first = await CodeGen.write(files, dir, { format: false, written });
    assert.deepEqual([...first.written].sort(), [...files.keys()].sort());

    const again = await CodeGen.write(files, dir, { format: false, written });
    assert.deepEqual(again.written, []);
    assert.equal(again.unchanged.length, 3);

    // Someone edits one output file (the same size, a later time) and deletes another.
    const edited = join(dir, 'definitions/pets.endpoints.ts');
    writeFileSync(edited, 'export const b = 2;\n');
    const later = new Date(statSync(edited).mtimeMs + 5_000);
    utimesSync(edited, later, later);
    rmSync(join(dir, 'index.js'));
    const restored = await CodeGen.write(files, dir, { format: false, written });
    assert.deepEqual([...restored.written].sort(), ['definitions/pets.endpoints.ts', 'index.js']);
    assert.equal(readFileSync(edited, 'utf8'), 'export const a = 1;\n');
    assert.equal(readFileSync(join(dir, 'index.js'), 'utf8'), 'export {};\n');

    // A new text for a file is written even though the memo knew the old one.
    const changed = new Map(files).set('openapi.json', '{\n  "openapi": "3.0.3"\n}\n');
    const next = await CodeGen.write(changed, dir, { format: false, written });
    assert.deepEqual(next.written, ['openapi.json']);
    assert.equal(readFileSync(join(dir, 'openapi.json'), 'utf8'), changed.get('openapi.json'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a chunked text is written from its chunks, and compared by its chunks or its bytes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kitgen-written-'));
  try {
    const written = new WrittenFiles();
    const chunks = ['{\n  "openapi": "3.1.0",\n', '  "info": { "title": "é ✓" }\n', '}\n'].map((t) => Buffer.from(t));
    const text = () => Buffer.concat(chunks).toString();
    const first = await CodeGen.write(new Map([['openapi.json', new ChunkedText(chunks, text)]]), dir, {
      format: false,
      written,
    });
    assert.deepEqual(first.written, ['openapi.json']);
    assert.equal(readFileSync(join(dir, 'openapi.json'), 'utf8'), text());

    // The same chunk objects: the memo vouches, nothing is written.
    const same = await CodeGen.write(new Map([['openapi.json', new ChunkedText([...chunks], text)]]), dir, {
      format: false,
      written,
    });
    assert.deepEqual(same.unchanged, ['openapi.json']);

    // Other chunks with the same bytes, and no memo: the file is read and found the same.
    const copies = chunks.map((c) => Buffer.from(c));
    const read = await CodeGen.write(new Map([['openapi.json', new ChunkedText(copies, text)]]), dir, {
      format: false,
    });
    assert.deepEqual(read.unchanged, ['openapi.json']);

    // One chunk changed: written, and the file holds the new bytes.
    const changed = [chunks[0], Buffer.from('  "info": { "title": "T" }\n'), chunks[2]];
    const next = await CodeGen.write(
      new Map([['openapi.json', new ChunkedText(changed, () => Buffer.concat(changed).toString())]]),
      dir,
      { format: false, written },
    );
    assert.deepEqual(next.written, ['openapi.json']);
    assert.equal(readFileSync(join(dir, 'openapi.json'), 'utf8'), Buffer.concat(changed).toString());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
