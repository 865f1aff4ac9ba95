/**
 * Reading a `.cpuprofile`: self and total time per function, time per category (kitgen's own
 * code, Node internals, dependencies, GC…), and hot source lines, with positions mapped back
 * to the TypeScript sources through the source maps the server dumped (tsx compiles in memory).
 */
import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import type { CpuProfile } from './profiler.ts';

/** Time attributed to one function. */
export interface FunctionCost {
  readonly name: string;
  /** `file:line` in the original source, relative to the repository. */
  readonly where: string;
  readonly category: Category;
  readonly selfMs: number;
  readonly totalMs: number;
}

/** Where code comes from. */
export type Category =
  | 'kitgen runtime'
  | 'bench harness'
  | 'node internals'
  | 'dependencies'
  | 'V8 builtins/native'
  | 'GC'
  | 'idle'
  | 'program';

/** The whole analysis. */
export interface ProfileReport {
  readonly sampledMs: number;
  readonly byCategory: ReadonlyArray<{ readonly category: Category; readonly ms: number }>;
  readonly functions: readonly FunctionCost[];
  /** Hot lines of kitgen's own code: `file:line` and self time. */
  readonly kitgenLines: ReadonlyArray<{ readonly where: string; readonly ms: number }>;
}

/**
 * Analyses a profile; `repoRoot` makes paths relative, `maps` are the dumped source maps by
 * script URL.
 */
export function analyse(
  profile: CpuProfile,
  maps: Readonly<Record<string, SourceMapPayload>>,
  repoRoot: string,
): ProfileReport {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  // Self time per node: each sample's delta goes to the node sampled.
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const total = new Map<number, number>();
  const totalOf = (id: number): number => {
    const cached = total.get(id);
    if (cached !== undefined) return cached;
    const node = byId.get(id)!;
    let t = self.get(id) ?? 0;
    for (const c of node.children ?? []) t += totalOf(c);
    total.set(id, t);
    return t;
  };

  const sourceMaps = new Map<string, SourceMap>();
  const mapOf = (url: string) => {
    if (!maps[url]) return undefined;
    let m = sourceMaps.get(url);
    if (!m) sourceMaps.set(url, (m = new SourceMap(maps[url])));
    return m;
  };
  const pathOf = (url: string) => {
    if (!url.startsWith('file:')) return url;
    const rel = relative(repoRoot, fileURLToPath(url));
    return rel.startsWith('..') ? fileURLToPath(url) : rel;
  };
  /**
   * Original `file:line` (1-based) of a generated position (0-based line and column), or the
   * generated one when no mapping starts on that generated line (helper code a compiler added).
   */
  const original = (url: string, line0: number, column0: number): string => {
    const entry = mapOf(url)?.findEntry(line0, column0) as
      { generatedLine?: number; originalSource?: string; originalLine?: number } | undefined;
    if (entry?.originalSource !== undefined && entry.originalLine !== undefined && entry.generatedLine === line0) {
      return `${pathOf(entry.originalSource)}:${entry.originalLine + 1}`;
    }
    return `${pathOf(url)}:${line0 + 1}`;
  };
  const isKitgen = (where: string) => where.startsWith('runtime/src/') || where.startsWith('.tmp/bench-runtime/');

  const categoryOf = (n: CpuProfile['nodes'][number], where: string): Category => {
    const { url, functionName } = n.callFrame;
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)' || functionName === '(root)') return 'program';
    if (url === '') return 'V8 builtins/native';
    if (url.startsWith('node:')) return 'node internals';
    if (url.includes('/node_modules/')) return 'dependencies';
    if (isKitgen(where)) return 'kitgen runtime';
    return 'bench harness';
  };

  const keyOf = (n: CpuProfile['nodes'][number]) =>
    `${n.callFrame.functionName}|${n.callFrame.url}|${n.callFrame.lineNumber}|${n.callFrame.columnNumber}`;
  const costs = new Map<string, { name: string; where: string; category: Category; selfMs: number; totalMs: number }>();
  const categories = new Map<Category, number>();
  const lines = new Map<string, number>();
  // Total time counts a function once per stack, even when it recurses.
  const onStack = (id: number, key: string): boolean => {
    for (let p = parent.get(id); p !== undefined; p = parent.get(p)) if (keyOf(byId.get(p)!) === key) return true;
    return false;
  };

  for (const n of profile.nodes) {
    const key = keyOf(n);
    const s = self.get(n.id) ?? 0;
    let c = costs.get(key);
    if (!c) {
      const { url, lineNumber, columnNumber, functionName } = n.callFrame;
      const where = url === '' ? '(native)' : original(url, lineNumber, columnNumber);
      costs.set(
        key,
        (c = { name: functionName || '(anonymous)', where, category: categoryOf(n, where), selfMs: 0, totalMs: 0 }),
      );
    }
    const category = c.category;
    categories.set(category, (categories.get(category) ?? 0) + s);
    c.selfMs += s;
    if (!onStack(n.id, key)) c.totalMs += totalOf(n.id);
    if (category === 'kitgen runtime' && n.positionTicks && s > 0) {
      const sum = n.positionTicks.reduce((a, t) => a + t.ticks, 0);
      for (const t of n.positionTicks) {
        // A large column finds the last mapping on the generated line: the statement's original line.
        const where = original(n.callFrame.url, t.line - 1, 1_000);
        lines.set(where, (lines.get(where) ?? 0) + (s * t.ticks) / sum);
      }
    }
  }

  const sampledMs = [...self.values()].reduce((a, b) => a + b, 0);
  return {
    sampledMs,
    byCategory: [...categories].map(([category, ms]) => ({ category, ms })).sort((a, b) => b.ms - a.ms),
    functions: [...costs.values()].sort((a, b) => b.selfMs - a.selfMs),
    kitgenLines: [...lines].map(([where, ms]) => ({ where, ms })).sort((a, b) => b.ms - a.ms),
  };
}

/** The report as text: categories, top functions by self time, kitgen's by total time, hot lines. */
export function formatReport(r: ProfileReport, top: number): string {
  const busy = r.sampledMs - (r.byCategory.find((c) => c.category === 'idle')?.ms ?? 0);
  const pct = (ms: number) => `${((100 * ms) / busy).toFixed(1).padStart(5)}%`;
  const out: string[] = [
    `sampled ${(r.sampledMs / 1000).toFixed(1)} s, busy (not idle) ${(busy / 1000).toFixed(1)} s; percentages are of busy time`,
    '',
  ];
  out.push('time by category (self):');
  for (const c of r.byCategory) if (c.category !== 'idle') out.push(`  ${pct(c.ms)}  ${c.category}`);
  out.push('', `top ${top} functions by self time:`);
  for (const f of r.functions.filter((f) => f.category !== 'idle').slice(0, top)) {
    out.push(`  ${pct(f.selfMs)} self ${pct(f.totalMs)} total  ${f.name}  ${f.where}  [${f.category}]`);
  }
  out.push('', `kitgen runtime functions by total time (self + callees):`);
  for (const f of [...r.functions]
    .filter((f) => f.category === 'kitgen runtime')
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, top)) {
    out.push(`  ${pct(f.totalMs)} total ${pct(f.selfMs)} self  ${f.name}  ${f.where}`);
  }
  out.push('', 'hot lines in kitgen runtime (self time):');
  for (const l of r.kitgenLines.slice(0, top)) out.push(`  ${pct(l.ms)}  ${l.where}`);
  return out.join('\n');
}
