import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileMediaType } from '../http/fileMediaType.ts';
import { lazyRequire, runtimeRequire } from '../util/lazyRequire.ts';

const nodeCrypto = lazyRequire<typeof import('node:crypto')>('node:crypto');

/** A file served by the docs UI, held in memory with its validator. */
export interface Asset {
  readonly bytes: Uint8Array;
  readonly contentType: string;
  /** A strong ETag from the content's hash. */
  readonly etag: string;
}

/**
 * The files of `swagger-ui-dist` the page uses. The package's own `index.html` and
 * `swagger-initializer.js` are never served: its initializer loads the Petstore from the internet.
 */
const served = new Set([
  'swagger-ui.css',
  'swagger-ui.css.map',
  'swagger-ui-bundle.js',
  'swagger-ui-bundle.js.map',
  'swagger-ui-standalone-preset.js',
  'swagger-ui-standalone-preset.js.map',
  'index.css',
  'favicon-16x16.png',
  'favicon-32x32.png',
  'oauth2-redirect.html',
  'oauth2-redirect.js',
]);

let root: { dir: string; version: string } | undefined;

/** Where `swagger-ui-dist` is installed and its version (used to version asset URLs). */
export function swaggerUiDist(): { dir: string; version: string } {
  if (!root) {
    const require = runtimeRequire();
    const pkg = require.resolve('swagger-ui-dist/package.json');
    root = { dir: dirname(pkg), version: (require(pkg) as { version: string }).version };
  }
  return root;
}

/** An asset from bytes: content type from the name, ETag from a hash. */
export function assetOf(name: string, bytes: Uint8Array, contentType = fileMediaType(name)): Asset {
  const hash = nodeCrypto().createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
  return { bytes, contentType, etag: `"${hash}"` };
}

const cache = new Map<string, Promise<Asset | undefined>>();

/** A `swagger-ui-dist` file by name, read once and kept; undefined for anything not on the list. */
export function swaggerAsset(name: string): Promise<Asset | undefined> {
  if (!served.has(name)) return Promise.resolve(undefined);
  let hit = cache.get(name);
  if (!hit) {
    hit = readFile(join(swaggerUiDist().dir, name)).then(
      (bytes) => assetOf(name, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
      () => undefined,
    );
    cache.set(name, hit);
  }
  return hit;
}
