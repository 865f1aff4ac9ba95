// A codec constructor stays synchronous while its library is loaded only when the first codec of
// that format is built (a JSON-only app never pays for it). On Node the library comes from
// `require` (nodePeerRequire.ts, installed by the package's main entry); where there is no
// `require` (browsers, workers) the application hands it over with `provideCodecLibrary`.
const loaded = new Map<string, unknown>();
let requirePeer: ((packageName: string) => unknown) | undefined;

/** Installs the synchronous loader of peer packages (Node's `require`; the main entry does it). */
export function providePeerRequire(load: (packageName: string) => unknown): void {
  requirePeer = load;
}

/**
 * Gives the runtime a codec library the application imported itself, for places without
 * `require`: `provideCodecLibrary('@msgpack/msgpack', await import('@msgpack/msgpack'))`.
 */
export function provideCodecLibrary(
  packageName: 'protobufjs' | '@msgpack/msgpack' | 'avsc' | 'thrift',
  library: unknown,
): void {
  loaded.set(packageName, library);
}

/**
 * Loads an optional peer dependency on first use; when it is missing, throws an error that names
 * the package to install and the codec that needs it.
 */
export function loadPeer<T>(packageName: string, neededBy: string): T {
  const cached = loaded.get(packageName);
  if (cached !== undefined) return cached as T;
  if (requirePeer === undefined) {
    throw new Error(
      `${neededBy} needs the optional peer dependency "${packageName}"; here there is no require() to load it, so give it to the runtime: ` +
        `import * as library from '${packageName}'; provideCodecLibrary('${packageName}', library)`,
    );
  }
  let module: unknown;
  try {
    module = requirePeer(packageName);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'MODULE_NOT_FOUND' && String((error as Error).message).includes(packageName)) {
      throw new Error(
        `${neededBy} needs the optional peer dependency "${packageName}", which is not installed; ` +
          `add it to your application: npm install ${packageName}`,
        { cause: error },
      );
    }
    throw error;
  }
  loaded.set(packageName, module);
  return module as T;
}
