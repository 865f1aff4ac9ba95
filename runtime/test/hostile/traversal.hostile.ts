// Hostile suite, path traversal: a static folder (Middleware.serveDirectory) with symlinks
// that point out of it (a file, a folder, /etc/passwd) next to a secret outside it; each probe
// is sent byte for byte. None may return the secret or /etc/passwd, and each gets 400, 403 or
// 404; files inside the folder, and symlinks that stay inside it, are still served.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exchange } from './support/exchange.ts';
import { startHostile, type HostileServer } from './support/hostileServer.ts';

const SECRET = 'TOP-SECRET-OUTSIDE-THE-ROOT';
let base: string;
let server: HostileServer;

before(async () => {
  base = mkdtempSync(join(tmpdir(), 'kitgen-traversal-'));
  const root = join(base, 'public');
  mkdirSync(join(root, 'sub'), { recursive: true });
  mkdirSync(join(base, 'outside'));
  writeFileSync(join(base, 'secret.txt'), SECRET);
  writeFileSync(join(base, 'outside', 'secret.txt'), SECRET);
  writeFileSync(join(root, 'hello.txt'), 'hello');
  writeFileSync(join(root, 'sub', 'inner.txt'), 'inner');
  symlinkSync(join(base, 'secret.txt'), join(root, 'link-file'));
  symlinkSync(join(base, 'outside'), join(root, 'link-dir'));
  symlinkSync('/etc/passwd', join(root, 'link-passwd'));
  symlinkSync('../secret.txt', join(root, 'link-relative'));
  symlinkSync(join(root, 'sub', 'inner.txt'), join(root, 'link-inside'));
  server = await startHostile({ HOSTILE_STATIC_DIR: root });
});

after(async () => {
  await server.stop();
  rmSync(base, { recursive: true, force: true });
});

const probes = [
  '/files/../secret.txt',
  '/files/../../secret.txt',
  '/files/%2e%2e/secret.txt',
  '/files/%2E%2E/secret.txt',
  '/files/%2e%2e%2fsecret.txt',
  '/files/..%2fsecret.txt',
  '/files/..%2Fsecret.txt',
  '/files/..%5csecret.txt',
  '/files/..\\secret.txt',
  '/files/%252e%252e/secret.txt',
  '/files/%252e%252e%252fsecret.txt',
  '/files/.%2e/secret.txt',
  '/files/%2e./secret.txt',
  '/files/./../secret.txt',
  '/files//../secret.txt',
  '/files/sub/../../secret.txt',
  '/files/sub/%2e%2e/%2e%2e/secret.txt',
  '/files/%00../secret.txt',
  '/files/..%00/secret.txt',
  '/files/secret.txt%00.txt',
  '/files/..;/secret.txt',
  '/files/%c0%ae%c0%ae/secret.txt',
  '/files/%e0%80%ae%e0%80%ae/secret.txt',
  '/files/..%c0%afsecret.txt',
  '/files/....//secret.txt',
  '/files/...//secret.txt',
  '/files/%u002e%u002e/secret.txt',
  '/files/..%255csecret.txt',
  '/files/link-file',
  '/files/link-dir/secret.txt',
  '/files/link-dir/',
  '/files/link-passwd',
  '/files/link-relative',
  '/files/%6c%69%6e%6b-file',
  '/files/link-dir%2fsecret.txt',
  '/files/sub/../link-file',
  '/files/link-dir/../secret.txt',
  '/files/%2fetc%2fpasswd',
  '/files//etc/passwd',
  '/files/\\etc\\passwd',
  '/files/%5cetc%5cpasswd',
  'http://a.example/files/../secret.txt',
  '/files/.git/../../secret.txt',
  '/files/hello.txt/../../secret.txt',
];

test(`traversal: ${probes.length} probes with encodings and symlinks leak nothing`, async () => {
  const leaks: string[] = [];
  const statuses = new Map<number, number>();
  for (const target of probes) {
    const r = await exchange(server.port, `GET ${target} HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n`);
    statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    if (r.text.includes(SECRET) || /root:x?:0:0/.test(r.text)) leaks.push(`${target}: leaked`);
    else if (![400, 403, 404].includes(r.status)) leaks.push(`${target}: status ${r.status || r.ended}`);
  }
  console.log(`# traversal: ${probes.length} probes, statuses ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`);
  assert.deepEqual(leaks, []);
});

test('traversal: files in the folder and symlinks that stay inside it are served', async () => {
  for (const [target, text] of [
    ['/files/hello.txt', 'hello'],
    ['/files/sub/inner.txt', 'inner'],
    ['/files/link-inside', 'inner'],
  ]) {
    const r = await exchange(server.port, `GET ${target} HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n`);
    assert.equal(r.status, 200, target);
    assert.ok(r.text.endsWith(text), target);
  }
});
