import { readFileSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { closestName } from './closestName.ts';
import {
  type CompressionOptionField,
  compressionOptionFields,
  ENV_PREFIX,
  envName,
  FILE_SECTION,
  OPTIONS_KEY,
  type ServerKey,
  sections,
  serverKeys,
} from './configKeys.ts';
import { show } from './configValues.ts';
import { lazyRequire } from '../../util/lazyRequire.ts';

// Loaded only when a config file is read.
const yaml = lazyRequire<typeof import('yaml')>('yaml');

/** One raw setting and where it came from (`LIB_HTTP_SERVER_…`, or `<file>: lib.http.server.<key>`). */
export interface Entry {
  readonly raw: unknown;
  readonly where: string;
  /** Folder of the config file, for relative paths; undefined for the environment. */
  readonly baseDir?: string;
}

/** One compression option as raw fields. */
export type OptionEntries = { readonly where: string } & Partial<Record<CompressionOptionField, Entry>>;

/** What one source (the environment, or the config file) says. */
export interface Source {
  readonly values: Map<ServerKey, Entry>;
  /** The `response-compression.options` list, when this source gives one. */
  options: { readonly where: string; readonly items: OptionEntries[] } | undefined;
  /** Sections written in the file, even empty ones (`response-compression: {}` turns compression on), with where they are. */
  readonly sections: Map<string, string>;
  readonly problems: string[];
}

const newSource = (): Source => ({ values: new Map(), options: undefined, sections: new Map(), problems: [] });

const isSection = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const MAX_OPTIONS = 16;
const FIELD_ENV: Record<string, CompressionOptionField> = { TYPE: 'type', LEVEL: 'level', BITS: 'bits', MEM: 'mem' };

/** Reads the `LIB_HTTP_SERVER_*` variables; unknown ones are problems with a "did you mean". */
export function readEnvSource(env: NodeJS.ProcessEnv): Source {
  const source = newSource();
  const byEnv = new Map<string, ServerKey>(Object.keys(serverKeys).map((k) => [envName(k), k as ServerKey]));
  const optionsEnv = envName(OPTIONS_KEY);
  const indexed = new RegExp(`^${optionsEnv}_(\\d+)_([A-Z]+)$`);
  const items: OptionEntries[] = [];
  const indexedNames: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith(ENV_PREFIX) || value === undefined) continue;
    const key = byEnv.get(name);
    const m = indexed.exec(name);
    if (key) source.values.set(key, { raw: value, where: name });
    else if (name === optionsEnv) {
      // Shorthand: a comma-separated list of types with their default settings.
      source.options = {
        where: name,
        items: value.split(',').map((type) => ({ where: name, type: { raw: type.trim(), where: name } })),
      };
    } else if (m && FIELD_ENV[m[2]]) {
      const i = Number(m[1]);
      // Bounded, so a stray index cannot make a huge sparse list.
      if (i >= MAX_OPTIONS) {
        source.problems.push(`${name}: compression options are numbered 0-${MAX_OPTIONS - 1}`);
        continue;
      }
      items[i] = { ...(items[i] ?? { where: `${optionsEnv}_${i}` }), [FIELD_ENV[m[2]]]: { raw: value, where: name } };
      indexedNames.push(name);
    } else {
      const index = /_OPTIONS_(\d+)_/.exec(name)?.[1] ?? '0';
      const candidates = [
        ...byEnv.keys(),
        optionsEnv,
        ...Object.keys(FIELD_ENV).map((f) => `${optionsEnv}_${index}_${f}`),
      ];
      const guess = closestName(
        name.slice(ENV_PREFIX.length),
        candidates.map((c) => c.slice(ENV_PREFIX.length)),
      );
      source.problems.push(
        `${name}: unknown setting${guess ? `; did you mean ${ENV_PREFIX}${guess}?` : ' (README.md, "Configuration", lists them)'}`,
      );
    }
  }
  if (indexedNames.length > 0) {
    if (source.options)
      source.problems.push(
        `${optionsEnv}: give the compression options either as a list of types or as ${optionsEnv}_<n>_TYPE/LEVEL/BITS/MEM, not both`,
      );
    else if (Array.from(items).some((item) => item === undefined)) {
      const gap = Array.from(items).findIndex((item) => item === undefined);
      const after = indexedNames.filter((n) => Number(indexed.exec(n)![1]) > gap).sort()[0];
      source.problems.push(
        `${after}: compression options are numbered from 0 without gaps, and option ${gap} is missing`,
      );
    } else source.options = { where: `${optionsEnv}_<n>`, items };
  }
  return source;
}

/** Splits dotted keys into sections, so `"lib.http.server": {…}` and nested sections mean the same. */
function expandDotted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(expandDotted);
  if (!isSection(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const parts = key.split('.');
    let target = out;
    for (const part of parts.slice(0, -1)) {
      if (!isSection(target[part])) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1];
    const expanded = expandDotted(v);
    target[last] =
      isSection(target[last]) && isSection(expanded) ? { ...(target[last] as object), ...expanded } : expanded;
  }
  return out;
}

function parseFile(path: string, text: string): unknown {
  if (extname(path).toLowerCase() === '.json') return JSON.parse(text);
  return yaml().parse(text, { prettyErrors: true });
}

/**
 * Reads the `lib.http.server` section of the JSON or YAML file named by `KITGEN_CONFIG_FILE`
 * (`.json` is JSON; anything else is YAML, which also reads JSON). Undefined without the variable.
 */
export function readFileSource(env: NodeJS.ProcessEnv): Source | undefined {
  const name = env.KITGEN_CONFIG_FILE;
  if (name === undefined || name.trim() === '') return undefined;
  const source = newSource();
  const file = resolve(name);
  let text: string;
  let document: unknown;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    source.problems.push(
      `KITGEN_CONFIG_FILE: the file ${file} ${code === 'ENOENT' ? 'does not exist' : `cannot be read (${code ?? (error as Error).message})`}`,
    );
    return source;
  }
  try {
    document = parseFile(file, text);
  } catch (error) {
    const format = extname(file).toLowerCase() === '.json' ? 'JSON' : 'YAML';
    source.problems.push(
      `KITGEN_CONFIG_FILE: the file ${file} is not valid ${format}: ${(error as Error).message.split('\n')[0]}`,
    );
    return source;
  }
  if (document === null || document === undefined) return source; // an empty file
  let section: unknown = expandDotted(document);
  for (const part of FILE_SECTION.split('.')) section = isSection(section) ? section[part] : undefined;
  if (section === undefined || section === null) return source;
  const baseDir = dirname(file);
  const where = (key: string) => `${file}: ${FILE_SECTION}.${key}`;
  if (!isSection(section)) {
    source.problems.push(`${file}: ${FILE_SECTION}: expected a section, got ${show(section)}`);
    return source;
  }
  const known = [...Object.keys(serverKeys), OPTIONS_KEY, ...sections];
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(node)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (Object.hasOwn(serverKeys, key)) source.values.set(key as ServerKey, { raw: v, where: where(key), baseDir });
      else if (key === OPTIONS_KEY) source.options = readOptionsList(v, where(key), source.problems);
      else if (sections.has(key)) {
        if (v !== null && !isSection(v)) source.problems.push(`${where(key)}: expected a section, got ${show(v)}`);
        else {
          source.sections.set(key, where(key));
          if (v !== null) walk(v, key);
        }
      } else {
        const guess = closestName(key, known);
        source.problems.push(
          `${where(key)}: unknown key${guess ? `; did you mean ${FILE_SECTION}.${guess}?` : ` (README.md, "Configuration", lists them)`}`,
        );
      }
    }
  };
  walk(section, '');
  return source;
}

function readOptionsList(value: unknown, where: string, problems: string[]): Source['options'] {
  if (!Array.isArray(value)) {
    problems.push(`${where}: expected a list of options such as [{ type: gzip, level: 6 }], got ${show(value)}`);
    return undefined;
  }
  const fields = Object.keys(compressionOptionFields);
  const items = value.map((item, i): OptionEntries => {
    const itemWhere = `${where}[${i}]`;
    if (typeof item === 'string') return { where: itemWhere, type: { raw: item, where: itemWhere } };
    if (!isSection(item)) {
      problems.push(`${itemWhere}: expected an option such as { type: gzip, level: 6 }, got ${show(item)}`);
      return { where: itemWhere };
    }
    const entries: Record<string, Entry> = {};
    for (const [k, v] of Object.entries(item)) {
      if (fields.includes(k)) entries[k] = { raw: v, where: `${itemWhere}.${k}` };
      else {
        const guess = closestName(k, fields);
        problems.push(
          `${itemWhere}.${k}: unknown key${guess ? `; did you mean ${guess}?` : ` (an option has type, level, bits and mem)`}`,
        );
      }
    }
    return { where: itemWhere, ...entries };
  });
  return { where, items };
}
