import { runtimeRequire } from '../../util/lazyRequire.ts';

// CommonJS `require` so that a codec constructor can stay synchronous while its library is
// loaded only when the first codec of that format is built (a JSON-only app never pays for it).
const loaded = new Map<string, unknown>();

/**
 * Loads an optional peer dependency on first use; when it is missing, throws an error that names
 * the package to install and the codec that needs it.
 */
export function loadPeer<T>(packageName: string, neededBy: string): T {
  const cached = loaded.get(packageName);
  if (cached !== undefined) return cached as T;
  let module: unknown;
  try {
    module = runtimeRequire()(packageName);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'MODULE_NOT_FOUND' && String((error as Error).message).includes(packageName)) {
      throw new Error(
        `${neededBy} needs the optional peer dependency "${packageName}", which is not installed; ` + `add it to your application: npm install ${packageName}`,
        { cause: error },
      );
    }
    throw error;
  }
  loaded.set(packageName, module);
  return module as T;
}
