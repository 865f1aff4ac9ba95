// What `kitgen check` prints and writes: each violation (operation, what was sent as curl, the
// status, what the document expects) and a summary table; for CI, a JUnit XML report with one
// test case per operation and run.
import type { CheckReport, OperationResult, Violation } from './runCheck.ts';

/** The lines of one violation. */
export function violationLines(v: Violation): string[] {
  return [
    `✗ ${v.operation} — ${v.run}: ${v.category}${v.status !== undefined ? ` (status ${v.status})` : ''}`,
    `  ${v.message}`,
    `  ${v.curl}`,
  ];
}

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const padLeft = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

/** The summary table: one row per operation (requests sent, valid and invalid, and violations), then the totals. */
export function summaryLines(report: CheckReport): string[] {
  const rows = report.operations.map((o) => [
    o.label,
    String(o.valid),
    String(o.invalid),
    o.unbuildable !== undefined ? 'skipped' : String(o.violations.length),
  ]);
  const total = (f: (o: OperationResult) => number) => String(report.operations.reduce((n, o) => n + f(o), 0));
  rows.push(['total', total((o) => o.valid), total((o) => o.invalid), total((o) => o.violations.length)]);
  const head = ['operation', 'valid', 'invalid', 'violations'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? pad(c, widths[i]) : padLeft(c, widths[i]))).join('  ');
  return [
    line(head),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.slice(0, -1).map(line),
    widths.map((w) => '-'.repeat(w)).join('  '),
    line(rows.at(-1)!),
  ];
}

const xml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // XML 1.0 has no place for most control characters, which a server's answer may hold.
    // eslint-disable-next-line no-control-regex -- these are the characters to replace
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '?');

/** The run as JUnit XML: a test suite, a test case per operation and run (valid requests, each way of spoiling them). */
export function junitXml(report: CheckReport, seconds: number): string {
  const cases: string[] = [];
  let failures = 0;
  let skipped = 0;
  for (const o of report.operations) {
    if (o.unbuildable !== undefined) {
      skipped++;
      cases.push(
        `    <testcase classname="${xml(o.label)}" name="valid requests"><skipped message="${xml(o.unbuildable)}"/></testcase>`,
      );
      continue;
    }
    const runs = new Map<string, Violation[]>(o.runs.map((r) => [r, []]));
    for (const v of o.violations) runs.set(v.run, [...(runs.get(v.run) ?? []), v]);
    for (const [run, violations] of runs) {
      if (violations.length > 0) failures++;
      const failure = violations
        .map(
          (v) =>
            `<failure type="${xml(v.category)}" message="${xml(v.message.slice(0, 500))}">${xml(violationLines(v).join('\n'))}</failure>`,
        )
        .join('');
      cases.push(`    <testcase classname="${xml(o.label)}" name="${xml(run)}">${failure}</testcase>`);
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="kitgen check" tests="${cases.length}" failures="${failures}" skipped="${skipped}" time="${seconds.toFixed(3)}">`,
    `  <testsuite name="kitgen check (seed ${report.seed})" tests="${cases.length}" failures="${failures}" skipped="${skipped}" time="${seconds.toFixed(3)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
