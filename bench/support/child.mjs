// Runs one tool in this process (its bin entry imported with the given arguments) and, at exit,
// appends this process's peak memory and CPU time to the file named by KITGEN_BENCH_OUT.
import { appendFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [entry, ...args] = process.argv.slice(2);
process.argv = [process.argv[0], entry, ...args];
process.on('exit', (code) => {
  const usage = process.resourceUsage();
  appendFileSync(
    process.env.KITGEN_BENCH_OUT,
    `${JSON.stringify({ code, maxRssKb: usage.maxRSS, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 })}\n`,
  );
});
await import(pathToFileURL(entry).href);
