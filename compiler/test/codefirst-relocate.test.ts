// The expanded copies under `definitions/` keep pointing at the user's modules: relocating one
// reads only the text before the expansion, and each specifier lands at its place in the copy
// whether it comes before or after the derived schemas.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { relocateImports } from '../src/codefirst/relocateImports.ts';
import type { Insertion } from '../src/derive/insertions.ts';

const original = [
  "import { Endpoint, RoutePattern, DeriveSchema } from '@kitgen/runtime';",
  "import type { Pet } from './pets.types.js';",
  "export const getPet = Endpoint(RoutePattern.GET('pets')).out(DeriveSchema.gen<Pet>());",
  "export * as shared from './shared.js';",
  "export const list = Endpoint(RoutePattern.GET('all')).out(DeriveSchema.gen<import('./pets.types.js').Pet[]>());",
  "export const later = () => import('../lib/later.js');",
  '',
].join('\n');

/** The expansion's way: each schema text put in the call's parentheses, the original kept around it. */
function expand(text: string, schemas: readonly string[]): { code: string; insertions: Insertion[] } {
  const insertions: Insertion[] = [];
  let code = '';
  let at = 0;
  let i = 0;
  for (let call = text.indexOf('>()'); call !== -1; call = text.indexOf('>()', call + 3)) {
    const offset = call + 2;
    code += text.slice(at, offset) + schemas[i];
    insertions.push([offset, schemas[i].length]);
    at = offset;
    i += 1;
  }
  return { code: code + text.slice(at), insertions };
}

test('relocating an expanded copy parses only the original text and moves every specifier', () => {
  // A schema text that holds what looks like a specifier: it must stay as the expansion wrote it.
  const schemas = ['{"type":"object","description":"see \'./pets.types.js\'"}', '{"type":"array","items":{}}'];
  const { code, insertions } = expand(original, schemas);
  const from = '/p/src/pets.endpoints.ts';
  const to = '/p/out/definitions/pets.endpoints.ts';
  // No file exists here, so the specifier's own path is the key of a moved module.
  const moved = new Map([['/p/src/shared.js', '/p/out/definitions/shared.ts']]);
  const fromOriginal = relocateImports(code, from, to, moved, insertions);
  // The same as parsing the whole expanded text.
  assert.equal(fromOriginal, relocateImports(code, from, to, moved));
  assert.match(fromOriginal, /import type \{ Pet \} from '\.\.\/\.\.\/src\/pets\.types\.js';/);
  assert.match(fromOriginal, /export \* as shared from '\.\/shared\.js';/);
  assert.match(
    fromOriginal,
    /DeriveSchema\.gen<import\('\.\.\/\.\.\/src\/pets\.types\.js'\)\.Pet\[\]>\(\{"type":"array"/,
  );
  assert.match(fromOriginal, /import\('\.\.\/\.\.\/lib\/later\.js'\)/);
  assert.ok(fromOriginal.includes(schemas[0]), 'the inserted schema text is left as it was');
  assert.match(fromOriginal, /from '@kitgen\/runtime'/);
});
