// Counts of a real-world wire run: totals, findings by owner and by category, the documents with
// the most of kitgen's findings, and where the time went — as data (for --json) and as text.
import { categories, describe, type Category, type DocumentReport, type Owner } from './wireFindings.ts';

/** The counts of a run. */
export interface Summary {
  readonly documents: number;
  readonly generated: number;
  readonly started: number;
  /** Operations the documents declare. */
  readonly operations: number;
  /** Requests answered, judged by the referee, and invalid ones sent. */
  readonly called: number;
  readonly judged: number;
  readonly refusalsTried: number;
  readonly byOwner: Readonly<Record<Owner, number>>;
  readonly byCategory: ReadonlyArray<{
    readonly category: Category;
    readonly owner: Owner;
    readonly count: number;
    readonly documents: number;
  }>;
  /** Documents by kitgen's findings, most first (those with none left out). */
  readonly byDocument: ReadonlyArray<{
    readonly document: string;
    readonly kitgen: number;
    readonly categories: Readonly<Record<string, number>>;
  }>;
  readonly seconds: {
    readonly total: number;
    readonly median: number;
    readonly p90: number;
    readonly max: number;
    readonly slowest: string;
  };
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Sums the reports of a run. */
export function summarise(reports: readonly DocumentReport[]): Summary {
  const byOwner: Record<Owner, number> = { kitgen: 0, decision: 0, sampler: 0, document: 0, harness: 0 };
  const byCategory = new Map<Category, { count: number; documents: Set<string> }>();
  const byDocument: Array<{ document: string; kitgen: number; categories: Record<string, number> }> = [];
  for (const r of reports) {
    const mine: Record<string, number> = {};
    let kitgen = 0;
    for (const v of r.violations) {
      byOwner[v.owner]++;
      const c = byCategory.get(v.category) ?? { count: 0, documents: new Set<string>() };
      c.count++;
      c.documents.add(r.document);
      byCategory.set(v.category, c);
      if (v.owner === 'kitgen') {
        kitgen++;
        mine[v.category] = (mine[v.category] ?? 0) + 1;
      }
    }
    if (kitgen > 0) byDocument.push({ document: r.document, kitgen, categories: mine });
  }
  const times = reports.map((r) => r.seconds).sort((a, b) => a - b);
  const slowest = reports.reduce<DocumentReport | undefined>(
    (a, r) => (a === undefined || r.seconds > a.seconds ? r : a),
    undefined,
  );
  const sum = (f: (r: DocumentReport) => number) => reports.reduce((a, r) => a + f(r), 0);
  return {
    documents: reports.length,
    generated: reports.filter((r) => r.generated).length,
    started: reports.filter((r) => r.started).length,
    operations: sum((r) => r.operations),
    called: sum((r) => r.called),
    judged: sum((r) => r.judged),
    refusalsTried: sum((r) => r.refusalsTried),
    byOwner,
    byCategory: [...byCategory]
      .map(([category, c]) => ({ category, owner: categories[category], count: c.count, documents: c.documents.size }))
      .sort((a, b) => a.owner.localeCompare(b.owner) || b.count - a.count),
    byDocument: byDocument.sort((a, b) => b.kitgen - a.kitgen || a.document.localeCompare(b.document)),
    seconds: {
      total: sum((r) => r.seconds),
      median: quantile(times, 0.5),
      p90: quantile(times, 0.9),
      max: times.at(-1) ?? 0,
      slowest: slowest?.document ?? '',
    },
  };
}

/** The summary as text: totals, categories, the top documents, and up to `examples` findings of each of kitgen's categories. */
export function formatSummary(
  s: Summary,
  reports: readonly DocumentReport[],
  options: { top?: number; examples?: number } = {},
): string {
  const lines: string[] = [];
  const top = options.top ?? 20;
  const examples = options.examples ?? 3;
  lines.push(
    `documents ${s.documents}, generated ${s.generated}, started ${s.started}; operations ${s.operations}, requests answered ${s.called} (${s.refusalsTried} invalid ones sent), judged ${s.judged}`,
    `findings: kitgen ${s.byOwner.kitgen}, decisions (warned) ${s.byOwner.decision}, sampler ${s.byOwner.sampler}, document ${s.byOwner.document}, harness ${s.byOwner.harness}`,
    `time per document: median ${s.seconds.median.toFixed(2)} s, p90 ${s.seconds.p90.toFixed(2)} s, max ${s.seconds.max.toFixed(1)} s (${s.seconds.slowest}), total ${(s.seconds.total / 60).toFixed(1)} min`,
    '',
    'by category (owner, findings, documents):',
  );
  for (const c of s.byCategory)
    lines.push(
      `  ${c.owner.padEnd(8)} ${c.category.padEnd(22)} ${String(c.count).padStart(6)} ${String(c.documents).padStart(5)}`,
    );
  lines.push('', `documents with the most of kitgen's findings (top ${top}):`);
  for (const d of s.byDocument.slice(0, top)) {
    const detail = Object.entries(d.categories)
      .map(([c, n]) => `${c} ${n}`)
      .join(', ');
    lines.push(`  ${String(d.kitgen).padStart(5)}  ${d.document}  (${detail})`);
  }
  if (examples > 0) {
    lines.push('', `examples of kitgen's findings (up to ${examples} per category, from as many documents):`);
    const all = reports.flatMap((r) => r.violations).filter((v) => v.owner === 'kitgen');
    for (const c of s.byCategory.filter((x) => x.owner === 'kitgen')) {
      // One per document first, so that one document's many findings do not hide the others'.
      const found = all.filter((x) => x.category === c.category);
      const firsts = found.filter((v, i) => found.findIndex((w) => w.document === v.document) === i);
      const shown = [...firsts, ...found.filter((v) => !firsts.includes(v))].slice(0, examples);
      for (const v of shown) lines.push(`  ${describe(v).slice(0, 400)}`);
    }
  }
  return lines.join('\n');
}
