/** Command-line flags and environment variables of `npm run bench:server`. */
import { parseArgs } from 'node:util';
import type { KitgenFrom } from './buildRuntime.ts';
import type { HandlerMode } from './domain.ts';
import { hasWrk, type LoadGeneratorName } from './loadgen.ts';
import { defaultPinning, type Pinning } from './processes.ts';
import { scenarios, type ScenarioId } from './scenarios.ts';
import { isServerName, serverNames, type ServerName } from './servers/index.ts';

/** Everything a run is configured by. */
export interface BenchOptions {
  readonly durationSec: number;
  readonly warmupSec: number;
  readonly rounds: number;
  /** Concurrent connections; each count is measured in every round (e.g. 50, 100, 200). */
  readonly connections: readonly number[];
  /** Whether the routes' handlers are `async` functions (default) or plain ones, in every server. */
  readonly handlers: HandlerMode;
  readonly threads: number;
  readonly loadGenerator: LoadGeneratorName;
  readonly servers: readonly ServerName[];
  readonly scenarios: readonly ScenarioId[];
  readonly pinning: Pinning | undefined;
  /** Whether kitgen runs from its tsc build or from source through tsx. */
  readonly kitgenFrom: KitgenFrom;
  /** Background CPU (cores) above which a run is repeated. */
  readonly maxBackground: number;
  /** Runs per measurement at most (1: never repeat). */
  readonly attempts: number;
  /** Where to write all samples as JSON, if anywhere. */
  readonly jsonOut: string | undefined;
}

/** Usage text for `--help`. */
export const usage = `npm run bench:server -- [options]

  --duration <s>      seconds per measured run          (BENCH_DURATION, default 8)
  --warmup <s>        seconds of warm-up per server     (BENCH_WARMUP, default 3)
  --rounds <n>        interleaved rounds                (BENCH_ROUNDS, default 5)
  --connections <list>  concurrent connections, a comma list
                      measured in turn, e.g. 50,100,200  (BENCH_CONNECTIONS, default 100)
  --handlers <mode>   async | sync handlers in every server  (BENCH_HANDLERS, default async)
  --threads <n>       wrk threads                       (BENCH_THREADS, default 1)
  --loadgen <name>    wrk | autocannon                  (BENCH_LOADGEN, default wrk if installed)
  --servers <list>    comma list of ${serverNames.join(',')}  (BENCH_SERVERS)
  --scenarios <list>  comma list of ${scenarios.map((s) => s.id).join(',')}  (BENCH_SCENARIOS)
  --kitgen <from>     build (tsc output, as shipped) | source (via tsx)  (BENCH_KITGEN, default build)
                      (the other servers always run compiled, under plain node)
  --no-pin            do not pin servers and generator to separate CPUs (BENCH_PIN=0)
  --max-background <cores>  repeat a run disturbed by more
                      other CPU work than this          (BENCH_MAX_BACKGROUND, default 0.25)
  --attempts <n>      runs per measurement at most      (BENCH_ATTEMPTS, default 3)
  --json <file>       also write every sample as JSON   (BENCH_JSON)
  (env) BENCH_RUNTIME_BUNDLE=<index.js>  run kitgen on a runtime bundle built earlier
                      (scripts/build-runtime.mjs --outDir …), e.g. of the commit before a change
`;

function positive(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name}: expected a positive integer, got '${text}'`);
  return n;
}

function nonNegative(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name}: expected a number ≥ 0, got '${text}'`);
  return n;
}

function list<T extends string>(
  name: string,
  text: string | undefined,
  all: readonly T[],
  valid: (s: string) => s is T,
): T[] {
  if (text === undefined || text === '') return [...all];
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items)
    if (!valid(item)) throw new Error(`${name}: unknown '${item}', expected some of ${all.join(', ')}`);
  return items as T[];
}

/** Parses flags (winning) and BENCH_* variables; throws with a clear message on a bad value. */
export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      rounds: { type: 'string' },
      connections: { type: 'string' },
      handlers: { type: 'string' },
      threads: { type: 'string' },
      loadgen: { type: 'string' },
      servers: { type: 'string' },
      scenarios: { type: 'string' },
      'no-pin': { type: 'boolean' },
      kitgen: { type: 'string' },
      json: { type: 'string' },
      'max-background': { type: 'string' },
      attempts: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const loadgen = values.loadgen ?? env.BENCH_LOADGEN ?? (hasWrk() ? 'wrk' : 'autocannon');
  if (loadgen !== 'wrk' && loadgen !== 'autocannon')
    throw new Error(`--loadgen: expected wrk or autocannon, got '${loadgen}'`);
  if (loadgen === 'wrk' && !hasWrk())
    throw new Error('--loadgen wrk: wrk is not installed (apt-get install wrk), or use --loadgen autocannon');
  const kitgenFrom = values.kitgen ?? env.BENCH_KITGEN ?? 'build';
  if (kitgenFrom !== 'build' && kitgenFrom !== 'source')
    throw new Error(`--kitgen: expected build or source, got '${kitgenFrom}'`);
  const handlers = values.handlers ?? env.BENCH_HANDLERS ?? 'async';
  if (handlers !== 'async' && handlers !== 'sync')
    throw new Error(`--handlers: expected async or sync, got '${handlers}'`);
  const connectionsText = values.connections ?? env.BENCH_CONNECTIONS ?? '100';
  const connections = connectionsText.split(',').map((c) => positive('--connections', c.trim(), 100));
  const scenarioIds = scenarios.map((s) => s.id);
  const noPin = values['no-pin'] === true || env.BENCH_PIN === '0';
  return {
    durationSec: positive('--duration', values.duration ?? env.BENCH_DURATION, 8),
    warmupSec: positive('--warmup', values.warmup ?? env.BENCH_WARMUP, 3),
    rounds: positive('--rounds', values.rounds ?? env.BENCH_ROUNDS, 5),
    connections,
    handlers,
    threads: positive('--threads', values.threads ?? env.BENCH_THREADS, 1),
    loadGenerator: loadgen,
    servers: list('--servers', values.servers ?? env.BENCH_SERVERS, serverNames, isServerName),
    scenarios: list('--scenarios', values.scenarios ?? env.BENCH_SCENARIOS, scenarioIds, (s): s is ScenarioId =>
      (scenarioIds as readonly string[]).includes(s),
    ),
    pinning: noPin ? undefined : defaultPinning(),
    kitgenFrom,
    maxBackground: nonNegative('--max-background', values['max-background'] ?? env.BENCH_MAX_BACKGROUND, 0.25),
    attempts: positive('--attempts', values.attempts ?? env.BENCH_ATTEMPTS, 3),
    jsonOut: values.json ?? env.BENCH_JSON,
  };
}
