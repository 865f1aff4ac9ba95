import type { Command, Option } from 'commander';
import { commander, invalidArgument } from './commander.ts';
import type { TSchema } from 'typebox';
import type { CodecConfig } from '../codec/json/CodecConfig.ts';
import type { ClientCredentials } from '../client/encodeRequest.ts';
import { requestMediaType } from '../client/encodeRequest.ts';
import type { InputLeaf, RequestValues } from '../client/inputAssignments.ts';
import { leaves, type ContentNode } from '../endpoint/CodecNode.ts';
import { contentCodecs } from '../endpoint/contentCodecs.ts';
import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import { validatorFor } from '../schema/validator.ts';
import { assembleFields, fieldSpecs, hasFields, type FieldSpec } from './bodyFields.ts';
import { slug } from './commandNames.ts';
import { FileRef, pathLabel, pathParser, schemaParser, typeLabel, isScalarArray } from './valueParsers.ts';

/** A command line that names its inputs wrongly in a way commander cannot see (body sources, fields). */
export class UsageError extends Error {}

/** How a command reads bodies named on its command line. */
export interface BodySources {
  readFile(path: string): Promise<Uint8Array>;
  fetchUrl(url: string): Promise<Uint8Array>;
}

/** What a command's options stand for: the request values, credentials, and `--verbose`. */
export interface ParsedCommand {
  readonly values: RequestValues;
  readonly auth: ClientCredentials | undefined;
  readonly verbose: boolean;
}

/** One endpoint's command and the way back from its parsed options to a request. */
export interface EndpointCommand {
  readonly command: Command;
  readonly endpoint: AnyEndpoint;
  read(options: Record<string, unknown>, sources: BodySources): Promise<ParsedCommand>;
}

interface FieldOption {
  readonly spec: FieldSpec;
  readonly option: Option;
}

const reserved = ['help', 'file', 'url', 'data', 'verbose', 'user', 'token', 'base-url'];
const utf8 = new TextEncoder();

function describe(doc: string | undefined, where: string): string {
  return doc ? `${doc} (${where})` : where;
}

async function* fromArray<T>(items: readonly T[]): AsyncIterable<T> {
  yield* items;
}

async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

/** Decodes a body given whole (file, URL, inline text) with the endpoint's codec, so it is checked before sending. */
async function decodeBody(node: ContentNode, bytes: Uint8Array, source: string, config: CodecConfig): Promise<unknown> {
  const mediaType = requestMediaType(node, undefined);
  const codec = contentCodecs(node).codec(mediaType, config);
  if (!codec) throw new UsageError(`no codec for the body's media type ${mediaType}`);
  if (node.stream) {
    const items: unknown[] = [];
    try {
      for await (const item of codec.streamDecoder(once(bytes))) items.push(item);
    } catch (error) {
      throw new UsageError(`body from ${source}: ${(error as Error).message}`);
    }
    return fromArray(items);
  }
  const result = codec.decode(bytes);
  if (result._tag === 'left') throw new UsageError(`body from ${source}: ${result.left.message}`);
  return result.right;
}

/** The option a JSON pointer inside a body (or a part) names, for messages. */
function fieldFlag(prefix: readonly string[], pointer: string): string {
  const path = [...prefix, ...pointer.split('/').filter(Boolean)];
  return path.length === 0 ? 'the body' : `'--.${path.join('.')}'`;
}

/** The one line the command list shows for an endpoint: its summary and route. */
export function commandSummary(endpoint: AnyEndpoint): string {
  const state = endpoint.state;
  const doc = state.docs.summary ?? state.docs.description;
  return doc ? `${doc.split('\n')[0]} (${state.route})` : String(state.route);
}

/**
 * Builds the command of one endpoint: a mandatory option per path parameter, an option per query
 * parameter and header (mandatory unless optional or defaulted), credentials for Basic/Bearer
 * endpoints, and the body from `-f`, `-u`, `-d` or its `--.<field>` options (multipart parts
 * as `--.<part>` options). `optional` collects the options help shows in brackets.
 */
export function endpointCommand(
  endpoint: AnyEndpoint,
  name: string,
  config: CodecConfig,
  optional: WeakSet<Option>,
  authEnv: { token?: string; user?: string } = {},
): EndpointCommand {
  const { Command, Option } = commander();
  const state = endpoint.state;
  const command = new Command(name);
  const used = new Set(reserved);
  const required: string[] = [];
  const flagName = (raw: string, where: string): string => {
    const plain = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(raw) ? raw : slug(raw) || where;
    let flag = used.has(plain) ? `${where}-${plain}` : plain;
    for (let k = 2; used.has(flag); k++) flag = `${where}-${plain}-${k}`;
    used.add(flag);
    return flag;
  };
  const add = (option: Option, isRequired: boolean, inUsage = true): Option => {
    if (!isRequired) optional.add(option);
    else if (inUsage) required.push(option.flags);
    command.addOption(option);
    return option;
  };

  const pathOptions = state.route.params.map((codec) =>
    add(
      new Option(
        `--${flagName(codec.name, 'path')} <${pathLabel(codec)}>`,
        describe(codec.schema.description, 'path parameter'),
      )
        .argParser(pathParser(codec))
        .makeOptionMandatory(),
      true,
    ),
  );

  const leafOptions = new Map<InputLeaf, Option>();
  // A body offered in several media types with their own schemas (Bodies.of) has a leaf per variant.
  const bodies: ContentNode[] = [];
  const parts: ContentNode[] = [];
  for (const leaf of leaves(state.input)) {
    if (leaf.kind === 'query' || (leaf.kind === 'header' && leaf.expect === undefined)) {
      const schema = leaf.schema as TSchema & { default?: unknown; description?: string };
      const typed = leaf.kind === 'header' && leaf.headerType !== undefined;
      const label = typed ? 'text' : leaf.kind === 'query' && leaf.style === 'deepObject' ? 'json' : typeLabel(schema);
      const variadic = !typed && isScalarArray(schema) ? '...' : '';
      const isRequired = !leaf.optional && schema.default === undefined;
      const kind = leaf.kind === 'query' ? 'query parameter' : leaf.cookie ? 'cookie' : 'header';
      const where = schema.default === undefined ? kind : `${kind}, default ${JSON.stringify(schema.default)}`;
      const option = new Option(
        `--${flagName(leaf.name, leaf.kind === 'header' && leaf.cookie ? 'cookie' : leaf.kind)} <${label}${variadic}>`,
        describe(leaf.doc ?? schema.description, where),
      );
      option.argParser(typed ? (text: string) => text : schemaParser(schema));
      if (isRequired) option.makeOptionMandatory();
      leafOptions.set(leaf, add(option, isRequired));
    } else if (leaf.kind === 'content') {
      if (leaf.name === undefined) bodies.push(leaf);
      else parts.push(leaf);
    }
  }

  let authOption: Option | undefined;
  if (state.authType === 'Basic') {
    authOption = new Option(
      '--user <name:password>',
      `Basic credentials${authEnv.user ? ` (better: set ${authEnv.user}, which stays out of shell history)` : ''}`,
    ).argParser((text: string) => {
      const colon = text.indexOf(':');
      if (colon < 0) throw invalidArgument('expected name:password.');
      return { basic: { username: text.slice(0, colon), password: text.slice(colon + 1) } } satisfies ClientCredentials;
    });
  } else if (state.authType === 'Bearer') {
    authOption = new Option(
      '--token <token>',
      `Bearer token${authEnv.token ? ` (better: set ${authEnv.token}, which stays out of shell history)` : ''}`,
    ).argParser((text: string): ClientCredentials => ({ bearer: text }));
  }
  // Not mandatory: the credentials may come from the environment (the app checks that some came).
  if (authOption) add(authOption, false);

  const fieldOptions = (specs: readonly FieldSpec[], where: string): FieldOption[] =>
    specs.map((spec) => ({
      spec,
      // Body fields are required only when the body is given field by field, so usage shows them as a group.
      option: add(
        new Option(spec.flags, describe((spec.schema as { description?: string }).description, where)).argParser(
          schemaParser(spec.schema),
        ),
        spec.required,
        where !== 'body field',
      ),
    }));
  const body: ContentNode | undefined = bodies[0];
  const variantTypes = bodies.map((b) => requestMediaType(b, undefined));
  let bodyFields: FieldOption[] = [];
  if (body) {
    add(new Option('-f, --file <path>', `read the body from a file ('-' for standard input)`), false);
    add(new Option('-u, --url <url>', 'fetch the body from a URL'), false);
    add(
      new Option(
        '-d, --data <text>',
        `the body itself (${variantTypes.length > 1 ? 'in the --content-type' : variantTypes[0]})`,
      ),
      false,
    );
    if (bodies.length > 1)
      add(
        new Option('--content-type <type>', 'the media type the body is sent in')
          .choices(variantTypes)
          .default(variantTypes[0]),
        false,
      );
    // Field by field only for a body of one shape: with several, the fields would depend on --content-type.
    else if (!body.stream && hasFields(body.schema))
      bodyFields = fieldOptions(fieldSpecs(body.schema, [], true), 'body field');
  }
  const partFields = parts.map((part) => ({
    part,
    fields: fieldOptions(fieldSpecs(part.schema, [slug(part.name!) || 'part'], true), 'multipart part'),
  }));
  add(new Option('--verbose', 'print the request, the response status and headers on standard error'), false);

  const doc = state.docs.summary ?? state.docs.description;
  command.summary(commandSummary(endpoint));
  command.description(doc ? `${state.docs.description ?? doc}\n\n${state.route}` : String(state.route));
  const bodyUsage = body
    ? `(-f <path> | -u <url> | -d <text>${bodyFields.length > 0 ? ' | --.<field> …' : ''})`
    : undefined;
  command.usage([...required, ...(bodyUsage ? [bodyUsage] : []), '[options]'].join(' '));
  if (bodyFields.length > 0)
    command.addHelpText(
      'after',
      '\nThe body comes from a file, a URL, the text itself, or field by field (fields in\nbrackets are optional).',
    );

  const read = async (opts: Record<string, unknown>, sources: BodySources): Promise<ParsedCommand> => {
    const get = (option: Option) => opts[option.attributeName()];
    const resolveFiles = async (value: unknown): Promise<unknown> =>
      value instanceof FileRef ? sources.readFile(value.path) : value;
    const fromFields = async (
      fields: readonly FieldOption[],
      skip: number,
      schema: TSchema,
      prefix: readonly string[],
    ): Promise<unknown> => {
      const missing = fields.find((f) => f.spec.required && get(f.option) === undefined);
      if (missing) throw new UsageError(`required option '${missing.spec.flags}' not specified`);
      const values = await Promise.all(fields.map(async (f) => [f.spec, await resolveFiles(get(f.option))] as const));
      // A part that is one value (not an object of fields) is that value itself.
      const value =
        skip > 0 && fields.length === 1 && fields[0].spec.path.length === skip
          ? values[0][1]
          : assembleFields(values, skip);
      const failure = validatorFor(schema).firstError(value, '', 'value');
      if (failure)
        throw new UsageError(`${fieldFlag(prefix, failure.pointer)}: ${failure.expected ?? failure.message}`);
      return value;
    };

    const values = new Map<InputLeaf, unknown>();
    for (const [leaf, option] of leafOptions) values.set(leaf, get(option));
    const chosen = bodies.length > 1 ? bodies[variantTypes.indexOf(String(opts.contentType))] : body;
    if (chosen) {
      const body = chosen;
      const given = (['file', 'url', 'data'] as const).filter((k) => opts[k] !== undefined);
      if (given.length > 1)
        throw new UsageError(`give the body once: ${given.map((g) => `--${g}`).join(', ')} were all given`);
      if (given.length === 1 && bodyFields.some((f) => get(f.option) !== undefined))
        throw new UsageError(`body fields (--.<field>) cannot be combined with --${given[0]}`);
      if (given[0] === 'file') {
        const path = String(opts.file);
        values.set(
          body,
          await decodeBody(body, await sources.readFile(path), path === '-' ? 'standard input' : path, config),
        );
      } else if (given[0] === 'url') {
        const url = String(opts.url);
        values.set(body, await decodeBody(body, await sources.fetchUrl(url), url, config));
      } else if (given[0] === 'data')
        values.set(body, await decodeBody(body, utf8.encode(String(opts.data)), '--data', config));
      else if (bodyFields.length > 0) values.set(body, await fromFields(bodyFields, 0, body.schema, []));
      else if (!body.optional) throw new UsageError('a body is required: give -f <path>, -u <url> or -d <text>');
    }
    for (const { part, fields } of partFields) values.set(part, await fromFields(fields, 1, part.schema, [part.name!]));

    const inputs: Array<readonly [InputLeaf, unknown]> = [];
    for (const leaf of leaves(state.input)) {
      if (leaf.kind === 'status' || (leaf.kind === 'content' && leaf.name === undefined && leaf !== chosen)) continue;
      inputs.push([leaf, values.get(leaf)]);
    }
    return {
      values: { path: pathOptions.map(get), inputs },
      auth: authOption ? (get(authOption) as ClientCredentials) : undefined,
      verbose: opts.verbose === true,
    };
  };
  return { command, endpoint, read };
}
