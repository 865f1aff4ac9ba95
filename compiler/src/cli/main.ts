import { readFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { defaultCodeFirstTargets, defaultOpenAPITargets, targetHelp } from '../EndpointGen.ts';
import { ExitCode, reportError, UsageError } from '../diagnostics/index.ts';
import { isUrl } from '../input/readSource.ts';
import type { CliIO } from './CliIO.ts';
import { loadConfig } from '../pipeline/config.ts';
import { staleFiles } from './checkOutput.ts';
import { generateRunFrom, type GenerateFlags } from '../pipeline/generateRun.ts';
import { plural } from './plural.ts';
import { cliReporter, type CliReporter } from './reporter.ts';
import { runGenerate, type GenerateRun } from '../pipeline/runGenerate.ts';
import { watchAndGenerate } from './watch.ts';

export { ExitCode } from '../diagnostics/index.ts';
export type { CliIO } from './CliIO.ts';

const version = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

async function generate(input: string | undefined, flags: GenerateFlags, io: CliIO): Promise<number> {
  const { config, file: configFile } = await loadConfig(flags.config, io.cwd);
  const run: GenerateRun = generateRunFrom(config, flags, io.cwd, input, configFile);
  const reporter = cliReporter(run, io, flags.quiet === true);
  if (flags.watch && isUrl(run.input))
    throw new UsageError(
      `--watch needs a file to watch, not a URL (${run.input}); download the document, or leave --watch out`,
    );
  if (flags.watch) return watchAndGenerate(run, reporter, io);
  if (flags.check) return check(run, reporter, io, flags.quiet === true);
  reporter.done(await runGenerate(run, reporter));
  return ExitCode.ok;
}

/** `--check`: generates in memory and fails (exit 1) listing the files on disk that are stale. */
async function check(run: GenerateRun, reporter: CliReporter, io: CliIO, quiet: boolean): Promise<number> {
  const result = await runGenerate({ ...run, dryRun: true }, reporter);
  const stale = await staleFiles(result.output, run.out);
  if (stale.length === 0) {
    if (!quiet) io.stderr(`kitgen: ${run.out} is up to date (${plural(result.output.size, 'file')})`);
    return ExitCode.ok;
  }
  io.stderr(
    `kitgen: ${run.out} is out of date: ${plural(stale.length, 'file')} ${stale.length === 1 ? 'differs' : 'differ'} from what the input generates; run kitgen generate without --check`,
  );
  for (const f of stale) io.stderr(`  ${f.path} (${f.reason})`);
  return ExitCode.invalidInput;
}

/** Runs the `kitgen` command line and resolves with its exit code. */
export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  const program = new Command('kitgen')
    .description(
      'Typed HTTP APIs from OpenAPI documents or TypeScript endpoint definition files: endpoint modules, servers, clients, CLIs and OpenAPI documents',
    )
    .version(version, '-v, --version')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout(s.replace(/\n$/, '')),
      writeErr: (s) => io.stderr(s.replace(/\n$/, '')),
    })
    .showHelpAfterError();
  let code: number = ExitCode.ok;
  program
    .command('generate')
    .description(
      'generate code from an OpenAPI 3.0/3.1 document (JSON or YAML): endpoints.js, server.js, client.js, operations.js, cli.js, index.js and their declarations; or from endpoint definition files (.ts, or a quoted glob): openapi.json, client.js, cli.js, index.js and the files with DeriveSchema.gen<T>() expanded',
    )
    .argument(
      '[input]',
      'the OpenAPI document, or endpoint definition files (a .ts file or a quoted glob); or "input" in the config file',
    )
    .option('-o, --out <dir>', 'the output folder')
    .option(
      '-t, --targets <list>',
      `comma-separated targets (${targetHelp()}); default: ${defaultOpenAPITargets.join(',')} for a document, ${defaultCodeFirstTargets.join(',')} for endpoint files`,
    )
    .option('--openapi-format <list>', 'the forms of the openapi target: json (default), yaml, or json,yaml')
    .option(
      '--tsconfig <file>',
      'the tsconfig of endpoint definition files (default: the nearest one above the first file)',
    )
    .option(
      '--closed-objects',
      'DeriveSchema.gen<T>() closes objects (additionalProperties: false) unless a type says @additionalProperties true',
    )
    .option(
      '--no-cache',
      'endpoint files: derive every file again, neither reading nor writing the cache (node_modules/.cache/kitgen)',
    )
    .option('--title <text>', "the API's title in the OpenAPI document of endpoint files (default: package.json name)")
    .option(
      '--api-version <text>',
      "the API's version in the OpenAPI document of endpoint files (default: package.json version)",
    )
    .option('-c, --config <file>', 'a kitgen.config.ts|mjs|json (default: one in the working folder)')
    .option('--templates <dir>', 'a folder of handlebars templates replacing the built-in ones by file name')
    .addOption(
      new Option(
        '--format <mode>',
        "how to format the code: auto (the default: prettier up to 2 MB of output, else layout), prettier, layout (kitgen's own, fast) or none (as the templates lay it out)",
      ).choices(['auto', 'prettier', 'layout', 'none']),
    )
    .option('--no-format', 'write the code as the templates lay it out')
    .option('--prettier-config <file>', 'a prettier config for the generated code')
    .option('--clean', 'remove generated files the document no longer produces')
    .option('--dry-run', 'list the files that would be written, write nothing')
    .option(
      '--check',
      'write nothing; exit 1 listing the files in --out that differ from what the input generates (for CI)',
    )
    .option('-w, --watch', 'regenerate when the input (or templates) change')
    .option('-q, --quiet', 'print errors only')
    .option('--strict', 'treat every warning as an error: exit 1 and write nothing (for CI)')
    .addOption(
      new Option('--split <mode>', 'split endpoints by tag under endpoints/').choices(['auto', 'true', 'false', 'tag']),
    )
    .option('--lean', 'leave descriptions and examples out of schema values (JSDoc keeps them)')
    .addOption(
      new Option(
        '--int64 <type>',
        'type of integer/int64 values: bigint (the default; exact) or number (loses precision above 2^53)',
      ).choices(['bigint', 'number']),
    )
    .action(async (input: string | undefined, flags: GenerateFlags) => {
      code = await generate(input, flags, io);
    });
  program
    .command('mock')
    .description(
      'serve every operation of an OpenAPI document from its examples and schemas, validating requests as a generated server does',
    )
    .argument('<input>', 'the OpenAPI document (a file or URL)')
    .option('-p, --port <port>', 'the port (default 4010; 0: any free port)')
    .option('--host <host>', 'the address to listen on (default 127.0.0.1)')
    .option('--seed <n>', 'vary the sampled values reproducibly')
    .option('-w, --watch', 'start again when the document changes')
    .action(async (input: string, flags: import('../mock/mockCommand.ts').MockFlags) => {
      code = await (await import('../mock/mockCommand.ts')).mockCommand(input, flags, io);
    });
  program
    .command('check')
    .description(
      'contract-test a live server: generated valid and invalid requests for every operation, each answer judged against the document',
    )
    .argument('<input>', 'the OpenAPI document (a file or URL)')
    .requiredOption('--url <url>', "the server's base URL")
    .option('--operations <list>', 'only these: operationIds or "METHOD /path", comma-separated, * as a wildcard')
    .option('--max-examples <n>', 'generated valid requests per operation (default 20)')
    .option('--seed <n>', 'repeat a run: the same requests, the same order')
    .option(
      '--header <header>',
      "'Name: value' sent with every request (repeatable)",
      (h: string, all: string[] = []) => [...all, h],
    )
    .option('--bearer <token>', 'send Authorization: Bearer <token>')
    .option('--junit <file>', 'write a JUnit XML report')
    .option('--timeout <ms>', 'per request (default 10000)')
    .action(async (input: string, flags: import('../check/command.ts').CheckFlags) => {
      const progress = process.stderr.isTTY
        ? (line?: string) => process.stderr.write(`\r\x1b[K${line ?? ''}`)
        : undefined;
      code = await (
        await import('../check/command.ts')
      ).checkCommand(input, flags, { ...io, ...(progress ? { progress } : {}) });
    });
  try {
    if (argv.length === 0) {
      program.outputHelp();
      return ExitCode.usage;
    }
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (
        error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        error.code === 'commander.help'
      )
        return ExitCode.ok;
      return ExitCode.usage;
    }
    return reportError(error, io.stderr);
  }
}
