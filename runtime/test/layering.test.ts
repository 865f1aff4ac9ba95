// The runtime's folders are layers and imports point one way (docs/decisions.md, "Layering"):
// this test reads every import in runtime/src and fails on an arrow the table does not allow.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

const src = new URL('../src/', import.meta.url).pathname;

/** What each folder may import (besides itself), lowest layers first. */
const allowed: Record<string, readonly string[]> = {
  util: [],
  errors: ['util'],
  schema: ['errors', 'util'],
  http: ['errors', 'util'],
  codec: ['http', 'schema', 'errors', 'util'],
  log: ['errors', 'util'],
  routing: ['http', 'schema', 'errors', 'util'],
  endpoint: ['log', 'routing', 'codec', 'http', 'schema', 'errors', 'util'],
  middleware: ['log', 'routing', 'codec', 'http', 'schema', 'errors', 'util'],
  openapi: ['endpoint', 'routing', 'codec', 'http', 'schema', 'errors', 'util'],
  docs: ['openapi', 'routing', 'http', 'errors', 'util'],
  client: ['endpoint', 'routing', 'codec', 'http', 'schema', 'errors', 'util'],
  cli: ['client', 'endpoint', 'routing', 'codec', 'http', 'schema', 'errors', 'util'],
  // The server's upgrade handling (server/WebSocketUpgrades.ts) uses the WebSocket app layer.
  server: ['websocket', 'log', 'routing', 'http', 'errors', 'util'],
  websocket: ['routing', 'http', 'errors', 'util'],
};

/** Type-only arrows allowed against the layering: `Body.to/from` take a BinaryCodec (erased at run time). */
const typeOnly: Record<string, readonly string[]> = { http: ['codec'] };

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

const folderOf = (path: string): string => {
  const rel = relative(src, path);
  return rel.includes(sep) ? rel.split(sep)[0] : 'index';
};

test('imports point one way: every folder imports only the layers below it', () => {
  const wrong: string[] = [];
  for (const file of files(src)) {
    const from = folderOf(file);
    if (from === 'index') continue; // the package's entry assembles everything
    assert.ok(from in allowed, `folder ${from} is missing from the layering table`);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^(import type|import|export)\b[^;]*?from\s+'(\.[^']+)'/gm)) {
      const to = folderOf(normalize(join(dirname(file), m[2])));
      if (to === from) continue;
      if (allowed[from].includes(to)) continue;
      if (m[1] === 'import type' && typeOnly[from]?.includes(to)) continue;
      wrong.push(`${relative(src, file)} → ${to} (${m[2]})`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('internal symbol keys are declared in util/symbols.ts only', () => {
  const elsewhere = files(src)
    .filter((f) => !f.endsWith(join('util', 'symbols.ts')))
    .filter((f) => /\bSymbol\(\s*'kitgen\./.test(readFileSync(f, 'utf8')))
    .map((f) => relative(src, f));
  assert.deepEqual(elsewhere, []);
});
