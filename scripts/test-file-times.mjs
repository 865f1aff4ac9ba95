// A second reporter for `npm test`: the wall time of each test file, slowest first, so that the
// files which hold CI's duration can be found from any run's log (scripts/test.mjs prints the top).
// Node 20 wraps each file in a top-level test named by its path; later versions report the file's
// own top-level tests: summing the top-level durations per file gives the file's time in both.
export default async function* testFileTimes(source) {
  const times = new Map();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { nesting, file, details } = event.data;
    if (nesting !== 0 || !file) continue;
    times.set(file, (times.get(file) ?? 0) + (details?.duration_ms ?? 0));
  }
  const rows = [...times].sort((a, b) => b[1] - a[1]);
  for (const [file, ms] of rows) yield `${(ms / 1000).toFixed(1)}\t${file}\n`;
}
