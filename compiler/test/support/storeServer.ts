// The server the kitgen check tests hold to compiler/test/check/store.openapi.yaml: kitgen generates
// it from a document (the contract itself, or a mutant of it with a planted bug) into a folder of
// the repository, and it runs on a free loopback port with handlers over an in-memory store. A
// mutant is a change of the document the server is generated from (a status, a required
// property, a header, a bound, security) and, where the bug is the handler's, a fault of it.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { EndpointGen } from '../../src/index.ts';
import { serve, type Running } from './e2e.ts';
import { repoRoot } from './fixtures.ts';

/** The contract of the tests. */
export const storeDocument = join(repoRoot, 'compiler', 'test', 'check', 'store.openapi.yaml');

/** An OpenAPI document as the mutants edit it: any path into it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a mutant reaches anywhere into the document
export type DocumentObject = Record<string, any>;

/** A fault of the handlers (beside the document the server is generated from). */
export type HandlerFault = 'none' | 'omit-price' | 'price-as-text' | 'throw-on-get' | 'no-total-header';

/** A planted contract bug: how the generation document differs, and the handlers' fault. */
export interface Mutant {
  readonly name: string;
  readonly mutate: (doc: DocumentObject) => void;
  readonly fault: HandlerFault;
}

interface Item {
  id: number;
  name: string;
  price: number | string;
  tags?: string[];
}

type Generated = {
  routes: (handlers: object, options?: { basePath?: string }) => Parameters<typeof serve>[0];
};
type Endpoints = Record<string, { fail(failure: { status: number; body: unknown }): unknown }>;

let folders = 0;

/** The contract as an object (a fresh copy each time). */
export async function storeContract(): Promise<DocumentObject> {
  return parse(await readFile(storeDocument, 'utf8')) as DocumentObject;
}

/** Starts the store generated from `mutant`'s document with its handlers; `shutdown` removes the generated files too. */
export async function startStore(mutant: Mutant): Promise<Running> {
  const doc = await storeContract();
  mutant.mutate(doc);
  const code = EndpointGen.fromOpenAPI(doc as never, { targets: ['server'], file: `store-${mutant.name}` });
  const dir = join(repoRoot, '.tmp', 'check-test', `${mutant.name}-${process.pid}-${folders++}`);
  for (const [path, text] of code.files) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  const server = (await import(pathToFileURL(join(dir, 'server.js')).href)) as Generated;
  const endpoints = (await import(pathToFileURL(join(dir, 'endpoints.js')).href)) as Endpoints;
  const status201 = doc.paths['/items'].post.responses['201'] !== undefined ? 201 : 200;
  const items = new Map<number, Item>([[1, { id: 1, name: 'Hammer', price: 12.5, tags: ['tool'] }]]);
  let next = 2;
  const shown = (item: Item): Item => {
    const { price, ...rest } = item;
    if (mutant.fault === 'omit-price') return rest as Item;
    return { ...rest, price: mutant.fault === 'price-as-text' ? String(price) : price };
  };
  const handlers = {
    listItems: (params: { limit?: number; kind?: string }) => {
      const all = [...items.values()].filter((i) => params.kind === undefined || i.tags?.includes(params.kind));
      const page = all.slice(0, params.limit ?? 50).map(shown);
      // Without the header in its document, the generated output is the body alone.
      return mutant.fault === 'no-total-header' ? page : { status: 200, body: page, headers: { xTotal: all.length } };
    },
    createItem: (params: { body: { name?: string; price?: number; tags?: string[] } }) => {
      const item: Item = {
        id: next++,
        name: params.body.name ?? 'unnamed',
        price: params.body.price ?? 0,
        ...(params.body.tags ? { tags: params.body.tags } : {}),
      };
      items.set(item.id, item);
      return { status: status201, body: shown(item), headers: { location: `/items/${item.id}` } };
    },
    getItem: (params: { itemId: number }) => {
      if (mutant.fault === 'throw-on-get') throw new Error('planted: the store lost its database');
      const item = items.get(params.itemId);
      if (!item) throw endpoints.getItem.fail({ status: 404, body: { message: `no item ${params.itemId}` } });
      return shown(item);
    },
    deleteItem: (params: { itemId: number }) => {
      if (!items.delete(params.itemId))
        throw endpoints.deleteItem.fail({ status: 404, body: { message: `no item ${params.itemId}` } });
      return undefined;
    },
  };
  const running = await serve(server.routes(handlers, { basePath: '' }));
  return {
    ...running,
    shutdown: async () => {
      await running.shutdown();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
