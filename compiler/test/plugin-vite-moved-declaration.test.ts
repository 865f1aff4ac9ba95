// The build-step plugin under Vite's dev server, for real: two modules derive a schema for one type
// declared below another in a shared types file; an edit above that declaration (a field added to
// the first type) moves it, and both modules must come back with the new schemas, not a false
// "two different types are named …" from the claim the other module made before the edit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer } from 'vite';
import kitgen from '../src/plugin/vite.ts';
import { writePluginProject } from './support/pluginProject.ts';

const models = (extra: string) =>
  `export interface First {\n  id: number;${extra}\n}\n\nexport interface Shared {\n  name: string;\n}\n`;

test('vite dev: an edit that moves a type two modules derive reaches both', { timeout: 120_000 }, async () => {
  const p = await writePluginProject('plugin-vite-moved-declaration');
  await writeFile(p.models, models(''));
  const header = `import { DeriveSchema } from '@kitgen/runtime';\nimport type * as M from './models.js';\n`;
  await writeFile(
    p.endpoints,
    `${header}export const first = DeriveSchema.gen<M.First>();\nexport const sharedA = DeriveSchema.gen<M.Shared>();\n`,
  );
  await writeFile(
    join(p.dir, 'src', 'api', 'other.ts'),
    `${header}export const sharedB = DeriveSchema.gen<M.Shared>();\n`,
  );
  await writeFile(p.entry, `export * from './api/pets.endpoints.js';\nexport * from './api/other.js';\n`);
  const server = await createServer({
    root: p.dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [kitgen({ input: 'store.yaml', out: 'src/generated', config: false, quiet: true })],
    ssr: { external: ['@kitgen/runtime'], resolve: { externalConditions: ['kitgen-source'] } },
    server: { middlewareMode: true, hmr: false },
  });
  type Main = Record<'first' | 'sharedA' | 'sharedB', { properties: object }>;
  const fields = (m: Main) => ({
    first: Object.keys(m.first.properties),
    sharedA: Object.keys(m.sharedA.properties),
    sharedB: Object.keys(m.sharedB.properties),
  });
  try {
    const load = async () => (await server.ssrLoadModule('/src/main.ts')) as unknown as Main;
    assert.deepEqual(fields(await load()), { first: ['id'], sharedA: ['name'], sharedB: ['name'] });
    await writeFile(p.models, models('\n  added?: string;'));
    let last: unknown;
    for (const until = Date.now() + 60_000; Date.now() < until;) {
      try {
        const now = fields(await load());
        if (now.first.includes('added')) {
          assert.deepEqual(now, { first: ['id', 'added'], sharedA: ['name'], sharedB: ['name'] });
          return;
        }
      } catch (error) {
        last = error;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.fail(`the edit never reached the module: ${String(last)}`);
  } finally {
    await server.close();
  }
});
