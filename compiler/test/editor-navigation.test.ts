// What an editor shows on generated code (the values live in JavaScript, the types in
// declaration files): go-to-definition on a generated type, a client method and a handler lands on
// readable declarations, and hover shows the operation's documentation. TypeScript's own language
// service (what tsserver answers editors with) over the Pets API's generated modules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { repoRoot } from './support/fixtures.ts';

const dir = join(repoRoot, 'fixtures', 'pets', 'expected');
const user = join(dir, '..', 'editor-user.ts');
const userText = `import { createClient, type Pet, type Handlers } from './expected/index.js';
const client = createClient({ baseUrl: 'http://localhost:8080' });
export const shown: Promise<Pet> = client.showPetById({ petId: 1 });
export const handlers: Partial<Handlers> = { listPets: async () => ({ status: 200, body: [], headers: {} }) };
export const either = client.either.showPetById({ petId: 1 });
`;

function service(): ts.LanguageService {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
    customConditions: ['kitgen-source'],
  };
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => [user],
    getScriptVersion: () => '1',
    getScriptSnapshot: (f) => ts.ScriptSnapshot.fromString(f === user ? userText : (ts.sys.readFile(f) ?? '')),
    getCurrentDirectory: () => repoRoot,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (f) => f === user || ts.sys.fileExists(f),
    readFile: (f) => (f === user ? userText : ts.sys.readFile(f)),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  return ts.createLanguageService(host);
}

/** The line a definition lands on, trimmed, and its file's name. */
function definitionAt(ls: ts.LanguageService, word: string, occurrence = 0): { file: string; line: string } {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) at = userText.indexOf(word, at + 1);
  const defs = ls.getDefinitionAtPosition(user, at) ?? [];
  assert.ok(defs.length > 0, `a definition for ${word}`);
  const text = readFileSync(defs[0].fileName, 'utf8');
  const line = text.slice(0, defs[0].textSpan.start).split('\n').length - 1;
  return { file: defs[0].fileName.slice(dir.length + 1), line: text.split('\n')[line].trim() };
}

test('go-to-definition on generated names lands on readable declarations', () => {
  const ls = service();
  assert.deepEqual(
    ls.getSemanticDiagnostics(user).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
    [],
  );
  assert.deepEqual(definitionAt(ls, 'Pet', 1), { file: 'endpoints.d.ts', line: 'export interface Pet {' });
  assert.deepEqual(definitionAt(ls, 'Handlers', 1), {
    file: 'server.d.ts',
    line: 'export interface Handlers extends NamedHandlers<',
  });
  assert.deepEqual(definitionAt(ls, 'createClient', 1), {
    file: 'client.d.ts',
    line: 'export declare function createClient(options: ClientOptions): Client;',
  });
  // Client and Handlers are mapped over the endpoints: a method, the same method under `either`
  // and a handler land on the endpoint's declaration, beside its params, output and error types.
  const endpoint = { file: 'endpoints.d.ts', line: 'export declare const showPetById: DeclaredEndpoint<' };
  assert.deepEqual(definitionAt(ls, 'showPetById'), endpoint);
  assert.deepEqual(definitionAt(ls, 'showPetById', 1), endpoint);
  assert.deepEqual(definitionAt(ls, 'listPets'), {
    file: 'endpoints.d.ts',
    line: "export declare const listPets: DeclaredEndpoint<[], ListPetsParams, ListPetsError, ListPetsOutput, 'None'>;",
  });
});

test('hover on a client method shows the operation and its types', () => {
  const ls = service();
  const info = ls.getQuickInfoAtPosition(user, userText.indexOf('showPetById'));
  assert.ok(info);
  const shown = ts.displayPartsToString(info.displayParts);
  assert.equal(shown, '(property) showPetById: (params: ShowPetByIdParams, options?: CallOptions) => Promise<Pet>');
  assert.match(ts.displayPartsToString(info.documentation), /^Info for a specific pet\n\n`GET \/pets\/\{petId\}`$/);
  // The same method under `either`: its declared error and output by name, and the same documentation.
  const viaEither = ls.getQuickInfoAtPosition(user, userText.indexOf('showPetById', userText.indexOf('either')));
  assert.ok(viaEither);
  assert.equal(
    ts.displayPartsToString(viaEither.displayParts),
    '(property) showPetById: (params: ShowPetByIdParams, options?: CallOptions) => Promise<Either<ShowPetByIdError, Pet>>',
  );
  assert.match(ts.displayPartsToString(viaEither.documentation), /Info for a specific pet/);
  const members =
    ls.getCompletionsAtPosition(user, userText.indexOf('showPetById'), {})?.entries.map((e) => e.name) ?? [];
  for (const op of ['listPets', 'createPet', 'showPetById', 'deletePet', 'either'])
    assert.ok(members.includes(op), `completion lists ${op}`);
  // A handler: its params, context and result, and the operation's documentation.
  const handler = ls.getQuickInfoAtPosition(user, userText.indexOf('listPets'));
  assert.ok(handler);
  assert.equal(
    ts.displayPartsToString(handler.displayParts),
    '(property) listPets?: ((input: ListPetsParams, context: HandlerContext<"None">) => ListPetsOutput | EndpointFailure<ListPetsError> | Promise<ListPetsOutput | EndpointFailure<ListPetsError>>) | undefined',
  );
  assert.match(ts.displayPartsToString(handler.documentation), /^List all pets\n\n`GET \/pets`$/);
});
