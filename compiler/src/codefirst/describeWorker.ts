// The thread that loads endpoint definition files: it imports the user's modules (their
// DeriveSchema.gen<T>() calls expanded, served by loaderHooks.ts), takes their exported Endpoint
// values and describes them with the runtime's OpenAPIGen. It runs apart from the compiler so a
// module's side effects and module cache stay out of it; a watch keeps it, and each request loads
// under new URLs only the modules whose version changed (the others are the modules already loaded).
import { MessageChannel, parentPort, type MessagePort } from 'node:worker_threads';
import { register } from 'node:module';
import { getHeapStatistics } from 'node:v8';
import { pathToFileURL } from 'node:url';
import type { DescribeAnswer, DescribeRequest, EndpointFound, LoadFailure } from './describeProtocol.ts';
import { ChangePacker, PartWriter } from './documentParts.ts';
import type { HooksUpdate } from './loaderHooks.ts';
import { debugLog, lapTimer } from './debugLog.ts';

const hooksChannel = new MessageChannel();
// Compiled, the hooks are a .js file beside this one; from the sources, .ts.
const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
register(new URL(`./loaderHooks${ext}`, import.meta.url).href, {
  data: { port: hooksChannel.port2 },
  transferList: [hooksChannel.port2],
});
// tsx again, on top of the hooks, so it compiles the TypeScript they serve.
const tsx = (await import('tsx/esm/api')) as { register: () => unknown };
tsx.register();
const runtime = await import('@kitgen/runtime');
// The runtime's package folder (its sources or dist), whose modules every generation shares.
const runtimeRoot = new URL('.', import.meta.resolve('@kitgen/runtime')).href.replace(/(?:src|dist)\/$/, '');

/** Sends the expanded sources to the hooks and waits until they are in force. */
function updateHooks(port: MessagePort, request: DescribeRequest): Promise<void> {
  return new Promise((done) => {
    const onAck = (message: { ack: number }) => {
      if (message.ack !== request.generation) return;
      port.off('message', onAck);
      done();
    };
    port.on('message', onAck);
    port.postMessage({
      sources: request.sources,
      dropped: request.dropped,
      generation: request.generation,
      versions: request.versions,
      shared: [runtimeRoot],
    } satisfies HooksUpdate);
  });
}

type AnyEndpoint = Parameters<typeof runtime.OpenAPIGen.fromEndpoints>[1];
type Documented = AnyEndpoint & {
  operationId(id: string): AnyEndpoint;
  summary(s: string): AnyEndpoint;
  doc(s: string): AnyEndpoint;
};

// One describer for the thread's life: an endpoint whose module was not loaded again is the same
// object as last time, so OpenAPIGen replays its part of the document instead of converting it.
const openApiGen = runtime.OpenAPIGen.incremental();
// The texts of the last answer's parts: only the parts whose text changed are sent again.
const partWriter = new PartWriter();
// The places of the last answer's parts: an answer whose places did not move sends only the changed texts.
const changePacker = new ChangePacker();
// The endpoint as described (its export name and JSDoc laid over it), kept per exported value so
// an unchanged module gives the same object again.
const documented = new WeakMap<object, { readonly key: string; readonly endpoint: AnyEndpoint }>();

/**
 * The endpoint files' modules as last imported, with their version: a file whose version is the
 * same is the same module (the hooks give it the same URL), taken from here without an `import()`,
 * whose resolution alone is a round trip to the hooks' thread for each of hundreds of files.
 */
const loadedModules = new Map<string, { readonly version: string; readonly module: Record<string, unknown> }>();

function withDocs(value: AnyEndpoint, name: string, docs: { summary?: string; description?: string } | undefined) {
  const key = JSON.stringify([name, docs?.summary, docs?.description]);
  const known = documented.get(value);
  if (known?.key === key) return known.endpoint;
  let endpoint = value as Documented;
  if (endpoint.state.docs.operationId === undefined) endpoint = endpoint.operationId(name) as Documented;
  if (docs?.summary !== undefined && endpoint.state.docs.summary === undefined)
    endpoint = endpoint.summary(docs.summary) as Documented;
  if (docs?.description !== undefined && endpoint.state.docs.description === undefined)
    endpoint = endpoint.doc(docs.description) as Documented;
  documented.set(value, { key, endpoint });
  return endpoint;
}

/** An Endpoint value of any copy of the runtime (the user's may be another install than ours). */
function isEndpoint(value: unknown): value is AnyEndpoint {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { implement?: unknown; state?: { route?: { openApiPath?: unknown } } };
  return typeof v.implement === 'function' && typeof v.state?.route?.openApiPath === 'string';
}

function failure(file: string, error: unknown): LoadFailure {
  const e = error as { message?: unknown; stack?: unknown; name?: unknown };
  return {
    file,
    name: typeof e?.name === 'string' ? e.name : 'Error',
    message: typeof e?.message === 'string' ? e.message : String(error),
    stack: typeof e?.stack === 'string' ? e.stack : '',
  };
}

async function describe(request: DescribeRequest): Promise<DescribeAnswer> {
  const lap = lapTimer();
  await updateHooks(hooksChannel.port1, request);
  debugLog(() => `worker: sources to the hooks ${lap()}`);
  const endpoints: AnyEndpoint[] = [];
  const found: EndpointFound[] = [];
  const imported: string[] = [];
  for (const file of request.files) {
    const url = pathToFileURL(file).href;
    const version = request.versions[url];
    const known = loadedModules.get(file);
    let module: Record<string, unknown>;
    if (version !== undefined && known?.version === version) module = known.module;
    else {
      try {
        module = (await import(url)) as Record<string, unknown>;
      } catch (error) {
        loadedModules.delete(file);
        return { kind: 'load-failed', failure: failure(file, error) };
      }
      imported.push(file);
      if (version === undefined) loadedModules.delete(file);
      else loadedModules.set(file, { version, module });
    }
    for (const [name, value] of Object.entries(module)) {
      if (!isEndpoint(value)) continue;
      const endpoint = withDocs(value, name, request.docs[file]?.[name]);
      endpoints.push(endpoint);
      found.push({
        file,
        exportName: name,
        operationId: endpoint.state.docs.operationId!,
        method: String(endpoint.state.route.method),
        path: endpoint.state.route.openApiPath,
      });
    }
  }
  debugLog(() => `worker: load (${imported.length} of ${request.files.length} files imported) ${lap()}`);
  try {
    const options = { title: request.title, version: request.version };
    // A one-shot run describes once: recording each endpoint's part for a replay would be wasted work and memory.
    const api =
      request.once === true
        ? runtime.OpenAPIGen.fromEndpoints(options, ...endpoints)
        : openApiGen.fromEndpoints(options, ...endpoints);
    debugLog(() => `worker: OpenAPIGen ${lap()}`);
    const changes = partWriter.changes(api.document, request.once !== true);
    debugLog(
      () =>
        `worker: parts ${changes.filter(([, t]) => t !== null).length} changed, ${partWriter.textsWritten} written, ${partWriter.reused} frozen ${lap()}`,
    );
    debugLog(() => {
      const h = getHeapStatistics();
      return `worker: heap used ${Math.round(h.used_heap_size / 2 ** 20)} MB of ${Math.round(h.total_heap_size / 2 ** 20)} MB, external ${Math.round(h.external_memory / 2 ** 20)} MB`;
    });
    return { kind: 'described', changes: changePacker.pack(changes), endpoints: found, imported };
  } catch (error) {
    return { kind: 'describe-failed', failure: failure(request.files[0] ?? '', error), endpoints: found };
  }
}

parentPort!.on('message', (request: DescribeRequest) => {
  describe(request).then(
    (result) => parentPort!.postMessage(result),
    (error: unknown) =>
      parentPort!.postMessage({
        kind: 'load-failed',
        failure: failure(request.files[0] ?? '', error),
      } satisfies DescribeAnswer),
  );
});
