// The Node loader (`node --import kitgen/register app.ts`), for real: a server program whose
// endpoint file calls DeriveSchema.gen<T>() (the type in another file) runs as it is, with no
// generate step; the document it serves has the derived schema, and the endpoint answers. A file
// whose type cannot be derived stops the program with file:line:column.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { modelsText, writePluginProject } from './support/pluginProject.ts';

const register = fileURLToPath(new URL('../src/register/register.ts', import.meta.url));

/** Runs `node --import <register> server.ts` in the project; resolves with the port it prints, or the exit and its stderr. */
function start(dir: string): {
  port: Promise<number>;
  exited: Promise<{ code: number | null; stderr: string }>;
  stop(): void;
} {
  // NODE_OPTIONS is the test process's: tsx and the kitgen-source condition, so this repository's TypeScript loads.
  const child = spawn(process.execPath, ['--import', register, 'server.ts'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  const exited = new Promise<{ code: number | null; stderr: string }>((r) =>
    child.on('exit', (code) => r({ code, stderr })),
  );
  const port = new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /listening on (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    void exited.then(({ code, stderr: e }) => reject(new Error(`exited ${code}: ${e}`)));
  });
  port.catch(() => {}); // a test that waits for the exit instead does not read the port
  return { port, exited, stop: () => child.kill() };
}

const server = `import { DocsUI, OpenAPIGen, Routes, Server } from '@kitgen/runtime';
import { showPet } from './src/api/pets.endpoints.ts';

const api = OpenAPIGen.fromEndpoints({ title: 'Pets', version: '1' }, showPet);
const routes = Routes(showPet.implement((id) => ({ name: \`pet \${String(id)}\`, age: 3 }))).concat(DocsUI.routes('docs', api));
const port = await Server.install(routes, Server.defaultWithPort(0));
console.log(\`listening on \${port}\`);
`;

test(
  'node --import register: a program runs its endpoint file, DeriveSchema.gen<T>() expanded',
  { timeout: 60_000 },
  async () => {
    const p = await writePluginProject('plugin-register', '.ts', false);
    await writeFile(p.models, modelsText('  name: string;\n  age?: number;'));
    await writeFile(join(p.dir, 'server.ts'), server);
    const s = start(p.dir);
    try {
      const port = await s.port;
      const doc = (await (await fetch(`http://127.0.0.1:${port}/docs/openapi.json`)).json()) as {
        components: { schemas: Record<string, { properties: object; required?: string[] }> };
      };
      assert.deepEqual(Object.keys(doc.components.schemas.Pet.properties), ['name', 'age']);
      assert.deepEqual(doc.components.schemas.Pet.required, ['name']);
      const pet = await (await fetch(`http://127.0.0.1:${port}/pets/7`)).json();
      assert.deepEqual(pet, { name: 'pet 7', age: 3 });
    } finally {
      s.stop();
    }
  },
);

test(
  'node --import register: a type that cannot be derived stops the program at file:line:column',
  { timeout: 60_000 },
  async () => {
    const p = await writePluginProject('plugin-register-error', '.ts', false);
    await writeFile(p.models, modelsText('  name: string;\n  feed: () => void;'));
    await writeFile(join(p.dir, 'server.ts'), server);
    const { code, stderr } = await start(p.dir).exited;
    assert.notEqual(code, 0);
    assert.match(
      stderr,
      /models\.ts:4:9: error: cannot derive a schema for Pet\.feed: a function type \(\(\) => void\) has no JSON form\n  path: showPet → Pet\.feed/,
    );
  },
);
