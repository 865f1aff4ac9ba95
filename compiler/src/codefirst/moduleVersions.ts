import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { FileFacts } from './fileFacts.ts';
import { hashText } from './diskCache.ts';
import { TextHashes } from './textHashes.ts';

/** Text that may load a module the import declarations do not name (`import(x)`, `require(x)`). */
export const unlistedLoad = /\bimport\s*\(|\brequire\s*\(/;

interface Node {
  /** Hash of the text the loader serves for the module (its expansion, or the file as it is). */
  readonly own: string;
  /** The user's modules it imports (relative specifiers resolved to source files). */
  readonly imports: readonly string[];
  /** It may load something outside the graph: its version cannot be known ahead, so it loads anew each time. */
  readonly volatile: boolean;
}

function nodeOf(path: string, facts: FileFacts, served: string | undefined, hashes: TextHashes): Node {
  const imports: string[] = [];
  let volatile = served !== undefined ? unlistedLoad.test(served) : facts.dynamicLoad;
  for (const i of facts.imports) {
    // `import type`/`export type` are erased: the loader never loads them (a type the module's
    // derivations read is in its expanded text, so the module's own hash follows it).
    if (i.typeOnly) continue;
    // A relative import TypeScript cannot resolve to a source (a .json, a .js without allowJs) is
    // still loaded by Node: its changes are invisible here, so the importer is never reused.
    if (i.target === null || i.external) volatile = true;
    else imports.push(i.target);
  }
  const own = served !== undefined ? hashes.of(path, served) : facts.hash;
  return { own, imports, volatile };
}

/** The versions of the user's modules, and whether every module reached has one. */
export interface ModuleVersions {
  /** File URL → version. */
  readonly versions: Record<string, string>;
  /** False when a module may load what the graph does not see: the same versions then do not mean the same modules. */
  readonly complete: boolean;
}

/**
 * The version of each of the user's modules reached from `roots` (file URL → version): a hash of
 * the text the loader serves for it (`served`, the expanded text by path, or the file on disk) and
 * of every module it imports, directly or not. A module whose version did not change since the
 * last load is the same module: the loading thread keeps it, and loads again only the modules an
 * edit reaches (the edited one and those importing it). Modules that may load what the graph does
 * not see (`import(x)`, `require`, an import TypeScript does not resolve), and those importing
 * them, get no version: they load anew every time, as every module did before. `hashes` keeps
 * the served texts' hashes from one call to the next (a watch's session).
 */
export function moduleVersions(
  facts: (path: string) => FileFacts,
  roots: readonly string[],
  served: ReadonlyMap<string, string>,
  hashes = new TextHashes(hashText),
): ModuleVersions {
  const nodes = new Map<string, Node>();
  const queue = [...roots];
  while (queue.length > 0) {
    const path = queue.pop()!;
    if (nodes.has(path)) continue;
    const node = nodeOf(path, facts(path), served.get(path), hashes);
    nodes.set(path, node);
    for (const i of node.imports) if (!nodes.has(i)) queue.push(i);
  }
  const versions: Record<string, string> = {};
  let complete = true;
  for (const path of nodes.keys()) {
    // The closure, not a recursive hash: cycles between modules are allowed in ESM.
    const closure = new Set<string>([path]);
    const stack = [path];
    let volatile = false;
    while (stack.length > 0) {
      const node = nodes.get(stack.pop()!)!;
      volatile ||= node.volatile;
      for (const i of node.imports) {
        if (closure.has(i)) continue;
        closure.add(i);
        stack.push(i);
      }
    }
    if (volatile) {
      complete = false;
      continue;
    }
    const hash = createHash('sha1');
    for (const member of [...closure].sort()) hash.update(`${member}\0${nodes.get(member)!.own}\0`);
    versions[pathToFileURL(path).href] = hash.digest('base64url');
  }
  return { versions, complete };
}
