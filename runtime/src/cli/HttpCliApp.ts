import { readFile } from 'node:fs/promises';
import type { Command, Option } from 'commander';
import { commander } from './commander.ts';
import { CodecConfig } from '../codec/json/CodecConfig.ts';
import { ClientError } from '../client/ClientError.ts';
import { EndpointExecutor, type ExecutorOptions } from '../client/EndpointExecutor.ts';
import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import { credentialsFromEnv, defaultBaseUrl, envNames, resolveBaseUrl } from './cliEnvironment.ts';
import { commandNames, type CliStyle } from './commandNames.ts';
import {
  commandSummary,
  endpointCommand,
  UsageError,
  type BodySources,
  type EndpointCommand,
} from './endpointCommand.ts';
import { printBody, printRequestHead, printResponseHead, type CliOutput } from './printResponse.ts';

/** Options of {@link HttpCliApp.fromEndpoints} (the spec's parameters, plus how requests are made). */
export interface HttpCliAppOptions {
  readonly name: string;
  readonly version: string;
  readonly summary: string;
  readonly footer?: string;
  readonly host: string;
  readonly port: number;
  readonly endpoints: readonly AnyEndpoint[];
  /** Naming of commands without an operationId: `'method'` (default, `post-users`) or `'verb'`/`true` (`create-users`); one with an operationId is named from it (`create-user`). */
  readonly cliStyle?: CliStyle;
  /** `http` unless given. */
  readonly scheme?: 'http' | 'https';
  /** A path prefix the API is served under (`/v1`). */
  readonly basePath?: string;
  /**
   * The prefix of the environment variables the app reads (`PETS`): `PETS_BASE_URL` (scheme,
   * host, port and base path, instead of the options), `PETS_TOKEN` (Bearer), `PETS_USER`
   * (`name:password`, Basic). Named in `--help`.
   */
  readonly envPrefix?: string;
  /** Executor settings for every call (headers, timeout, credentials, a custom fetch, codec config). */
  readonly executor?: Omit<ExecutorOptions, 'baseUrl' | 'onRequest' | 'onResponse'>;
}

/** Where a run reads and writes (the process's streams unless a test gives others). */
export interface CliIO {
  readonly stdout: CliOutput;
  readonly stderr: CliOutput;
  readonly stdin: AsyncIterable<Uint8Array>;
  /** Help text width (80 unless given). */
  readonly columns?: number;
  /** The environment (`process.env` unless given). */
  readonly env?: NodeJS.ProcessEnv;
}

/** A command-line application: `run(argv)` executes one command line and resolves with its exit code. */
export interface CliApp {
  /**
   * Runs `argv` (the arguments after the program name). Exit codes: 0 success, 1 a declared
   * error (its body on standard error), 2 a usage error, 3 the call failed (network, timeout,
   * undeclared status, undecodable response).
   */
  run(argv: readonly string[], io?: Partial<CliIO>): Promise<number>;
}

/** The spec's `HttpCliApp`: holds the command-line application in `.cliApp`. */
export interface HttpCliApp {
  readonly cliApp: CliApp;
}

/** Exit codes of {@link CliApp.run}. */
export const CliExitCode = { Ok: 0, DeclaredError: 1, Usage: 2, CallFailed: 3 } as const;

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * The command a command line runs (`<command> …` or `help <command>`), so only that one is
 * built in full: building every command's options and validators costs a large API (hundreds of
 * operations) more time than the call itself.
 */
function commandAsked(argv: readonly string[]): string | undefined {
  const first = argv.findIndex((a) => !a.startsWith('-'));
  if (first < 0) return undefined;
  return argv[first] === 'help' ? argv[first + 1] : argv[first];
}

function build(
  options: HttpCliAppOptions,
  io: CliIO,
  argv: readonly string[],
): { program: Command; exit: () => number } {
  const { Command, Option } = commander();
  let exitCode = 0;
  const optional = new WeakSet<Option>();
  const config = options.executor?.codecConfig ?? CodecConfig.current();
  const width = io.columns ?? 80;
  const program = new Command(options.name)
    .version(options.version, '-V, --version', 'output the version number')
    .description(options.summary)
    .usage('<command> [options]')
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => width,
      getErrHelpWidth: () => width,
      getOutHasColors: () => false,
      getErrHasColors: () => false,
    })
    .configureHelp({ optionTerm: (option) => (optional.has(option) ? `[${option.flags}]` : option.flags) })
    .showHelpAfterError('(add --help for usage)')
    .exitOverride()
    .addHelpText('before', `${options.name} ${options.version}\n`);
  const env = io.env ?? process.env;
  const names = envNames(options);
  const needs = new Set(options.endpoints.map((e) => e.state.authType));
  const envHelp = [
    ...(names.baseUrl
      ? [
          `  ${names.baseUrl}  the API's base URL: scheme, host, port, base path (default ${defaultBaseUrl(options)}; --base-url wins)`,
        ]
      : []),
    ...(names.token && needs.has('Bearer') ? [`  ${names.token}  the bearer token (instead of --token)`] : []),
    ...(names.user && needs.has('Basic')
      ? [`  ${names.user}  name:password for Basic authentication (instead of --user)`]
      : []),
  ];
  // Aligned like commander's own option list.
  const nameWidth = Math.max(0, ...envHelp.map((l) => l.indexOf('  ', 2)));
  const aligned = envHelp.map((l) => {
    const at = l.indexOf('  ', 2);
    return `${l.slice(0, at).padEnd(nameWidth)}${l.slice(at)}`;
  });
  if (envHelp.length > 0) program.addHelpText('after', `\nEnvironment:\n${aligned.join('\n')}`);
  if (options.footer) program.addHelpText('after', `\n${options.footer}`);
  const sources: BodySources = {
    readFile: async (path) => {
      if (path === '-') return readAll(io.stdin);
      try {
        return new Uint8Array(await readFile(path));
      } catch (error) {
        throw new UsageError(`cannot read ${path}: ${(error as Error).message}`);
      }
    },
    fetchUrl: async (url) => {
      const fetchFn = options.executor?.fetch ?? globalThis.fetch;
      const response = await fetchFn(url, { method: 'GET' }).catch((error: unknown) => {
        throw new UsageError(
          `could not fetch the body from ${url}: ${(error as { cause?: Error }).cause?.message ?? (error as Error).message}`,
        );
      });
      if (!response.ok) throw new UsageError(`could not fetch the body from ${url}: status ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    },
  };

  const execute = async (plan: EndpointCommand, opts: Record<string, unknown>): Promise<number> => {
    let parsed;
    try {
      parsed = await plan.read(opts, sources);
    } catch (error) {
      if (error instanceof UsageError)
        plan.command.error(`error: ${error.message}`, { exitCode: CliExitCode.Usage, code: 'kitgen.usage' });
      throw error;
    }
    let baseUrl: string;
    let auth = parsed.auth ?? options.executor?.auth;
    try {
      baseUrl = resolveBaseUrl(options, env, opts.baseUrl as string | undefined);
      auth ??= credentialsFromEnv(plan.endpoint.state.authType, options, env, String(plan.endpoint.state.route));
    } catch (error) {
      if (error instanceof UsageError)
        plan.command.error(`error: ${error.message}`, { exitCode: CliExitCode.Usage, code: 'kitgen.usage' });
      throw error;
    }
    const executor = EndpointExecutor.make({
      ...options.executor,
      baseUrl,
      auth,
      onRequest: parsed.verbose ? (request) => printRequestHead(request, io.stderr) : undefined,
      onResponse: parsed.verbose ? (response) => printResponseHead(response, io.stderr) : undefined,
    });
    try {
      const invocation = await executor.invokeValues(plan.endpoint, parsed.values);
      await printBody(invocation, invocation.isError ? io.stderr : io.stdout, config);
      return invocation.isError ? CliExitCode.DeclaredError : CliExitCode.Ok;
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      io.stderr.write(`error: ${error.message}\n`);
      return error instanceof ClientError && (error.kind === 'encode' || error.kind === 'credentials')
        ? CliExitCode.Usage
        : CliExitCode.CallFailed;
    }
  };

  const commands = commandNames(
    options.endpoints.map((e) => ({ route: e.route, operationId: e.state.docs.operationId })),
    options.cliStyle,
  );
  const asked = commandAsked(argv);
  options.endpoints.forEach((endpoint, i) => {
    if (commands[i] !== asked) {
      // Listed in help, never run: a name, the summary and an option so the list says [options].
      program.addCommand(new Command(commands[i]).summary(commandSummary(endpoint)).option('--verbose'));
      return;
    }
    const plan = endpointCommand(endpoint, commands[i], config, optional, names);
    const baseUrlOption = new Option(
      '--base-url <url>',
      `the API's base URL: scheme, host, port, base path${names.baseUrl ? ` (instead of ${names.baseUrl})` : ''}`,
    );
    optional.add(baseUrlOption);
    plan.command.addOption(baseUrlOption);
    plan.command.copyInheritedSettings(program);
    plan.command.action(async (opts: Record<string, unknown>) => {
      exitCode = await execute(plan, opts);
    });
    program.addCommand(plan.command);
  });
  return { program, exit: () => exitCode };
}

/** Builds command-line applications from endpoints (the spec's `HttpCliApp.fromEndpoints`). */
export const HttpCliApp = {
  /**
   * A command-line application calling `endpoints` on `host:port`: one command per endpoint
   * (`get-users`), its inputs as typed options, the body from `-f`, `-u`, `-d` or `--.<field>`
   * options; the response body on standard output, a declared error on standard error.
   */
  fromEndpoints(options: HttpCliAppOptions): HttpCliApp {
    const cliApp: CliApp = {
      async run(argv, partial = {}) {
        const io: CliIO = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, ...partial };
        // A fresh command tree per run: commander keeps option values between parses.
        const { program, exit } = build(options, io, argv);
        try {
          await program.parseAsync([...argv], { from: 'user' });
          return exit();
        } catch (error) {
          if (error instanceof commander().CommanderError)
            return error.exitCode === 0 ? CliExitCode.Ok : CliExitCode.Usage;
          throw error;
        }
      },
    };
    return { cliApp };
  },
} as const;
