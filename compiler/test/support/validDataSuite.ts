// ts-json-schema-generator's own `test/valid-data` cases, judged from outside: each named type
// of a case is derived as `DeriveSchema.gen<T>({ closedObjects })` would derive it (the suite's
// default closes objects), compared with the case's `schema.json` (the same canonical form, or
// the same verdict on sampled values and their near misses), and carried through the runtime's
// OpenAPIGen into a 3.1 document whose schema must give the derivation's verdicts too.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { ts } from 'ts-morph';
import { DeriveSchema, Endpoint, OpenAPIGen, RoutePattern, type TSchema } from '@kitgen/runtime';
import { createDeriveProject } from '../../src/derive/DeriveProject.ts';
import { deriveCompilerType, type Json } from '../../src/derive/deriveSchema.ts';
import { canonical, distinct, draft07, nearMisses, samples, validatorOf, type JsonSchema } from './schemaAgreement.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

/** One `assertValidSchema(dir, type)` of the suite. */
export interface ValidDataCase {
  /** The folder under `test/valid-data`. */
  readonly dir: string;
  /** The exported type the case derives. */
  readonly type: string;
}

/**
 * Cases where kitgen's schema differs on purpose (docs/decisions.md, "DeriveSchema.gen<T>() where
 * ts-json-schema-generator reads a type otherwise"): the rule is what `JSON.stringify` writes for
 * a value of the type TypeScript gives.
 */
export const decidedCases: Readonly<Record<string, string>> = {
  'generic-void': 'a void value is left out by JSON.stringify: the property must be absent (the other tool: null)',
  'string-template-expression-literals': 'a template literal type is a pattern (the other tool: any string)',
  'type-primitives': 'a bigint is a whole number (the other tool: any number)',
  'literal-object-type': 'the type TypeScript gives a mutable property (string), not its initializer ("def")',
  'literal-index-type': 'the type TypeScript gives a mutable array element (string), not its initializers',
  'type-typeof-object-property': 'the type TypeScript gives a mutable property (string), not its initializer',
  'type-typeof-class-static-property':
    'the type TypeScript gives a mutable static property (string), not its initializer',
  'class-single': 'private and protected fields (constructor parameter properties too) are written by JSON.stringify',
  'type-typeof-enum': "a numeric enum object holds its reverse mappings ('0': 'a'), which JSON.stringify writes",
  'type-mapped-union-union':
    'Record<keys, V> has exactly those keys: closed objects refuse others (the other tool leaves it open)',
  'type-mapped-symbol': 'JSON.stringify writes no symbol-keyed property: Record<symbol, V> is an empty object',
  'type-mapped-enum-null':
    'a null enum member is no property key (TypeScript refuses it); the other tool writes an empty object',
  'type-recursive-deep-exclude':
    'a mapped type over a tuple is a tuple, as TypeScript reads it (the other tool: an object)',
  'type-date-annotation': 'a Date is written by toISOString: date-time whatever @format says',
  'annotation-ref': '@ref (an external $ref) is not read: a document keeps its schemas inside',
  'object-required': '@required is not read: `?` says what is required',
  'type-intersection-additional-props':
    "an intersection's index signature takes either value type (the other tool also a named member's)",
};

/** How one case came out. */
export type Verdict =
  | { readonly kind: 'equal' } // the same canonical schema
  | { readonly kind: 'agree' } // another text, the same verdict on every value tried
  | { readonly kind: 'differ'; readonly detail: string }
  | { readonly kind: 'decided'; readonly detail: string } // differs where docs/decisions.md says kitgen reads the type otherwise
  | { readonly kind: 'refused'; readonly detail: string } // the derivation reported an error
  | { readonly kind: 'not a type'; readonly detail: string }; // the suite's "type" is a function or value

/** A case's verdict, and whether the OpenAPI document gives the derivation's verdicts. */
export interface CaseResult extends ValidDataCase {
  readonly verdict: Verdict;
  /** Undefined when there was no derivation to carry; otherwise the first value the document judges otherwise, or 'same'. */
  readonly openapi?: 'same' | string;
}

/**
 * The suite's named-type cases, one per folder (the first call naming it): calls over every
 * exported type (`"*"`) or none are left out, as `DeriveSchema.gen<T>()` always names one type.
 */
export function validDataCases(testDir: string): ValidDataCase[] {
  const out: ValidDataCase[] = [];
  const seen = new Set<string>();
  for (const file of readdirSync(testDir).filter((f) => f.startsWith('valid-data') && f.endsWith('.test.ts'))) {
    const text = readFileSync(join(testDir, file), 'utf8');
    for (const m of text.matchAll(/assertValidSchema\(\s*"([^"]+)"\s*(?:,\s*"([^"]+)")?/g)) {
      const [, dir, type] = m;
      if (seen.has(dir)) continue;
      seen.add(dir);
      if (type === undefined || type === '*') continue;
      if (!existsSync(join(testDir, 'valid-data', dir, 'schema.json'))) continue;
      out.push({ dir, type });
    }
  }
  return out;
}

/** The file of a case folder that exports `type` (most export it from main.ts), or undefined when none does (a global script's declaration). */
function exportingFile(folder: string, type: string): string | undefined {
  const files = readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.startsWith('_'));
  const exportsIt = new RegExp(
    `export\\s+(?:declare\\s+)?(?:default\\s+)?(?:interface|type|class|enum|const|function|abstract class|namespace)\\s+${type}\\b|export\\s*\\{[^}]*\\b${type}\\b`,
  );
  return (
    files.find((f) => f === 'main.ts' && exportsIt.test(readFileSync(join(folder, f), 'utf8'))) ??
    files.find((f) => exportsIt.test(readFileSync(join(folder, f), 'utf8')))
  );
}

let ajv2020: Ajv2020 | undefined;

/** A 3.1 document's schema for `schema` (the derived JSON as the expanded call hands it to the runtime), as one 2020-12 schema with its components as `$defs`. */
export function throughOpenAPI(derived: Json): JsonSchema {
  const schema = DeriveSchema.gen(JSON.parse(JSON.stringify(derived)) as never) as TSchema;
  const doc = OpenAPIGen.fromEndpoints(
    { title: 'valid-data', version: '1', implicitErrors: false },
    Endpoint(RoutePattern.POST('probe')).in(schema),
  ).document;
  const body = (doc.paths?.['/probe']?.post?.requestBody as { content: Record<string, { schema: JsonSchema }> })
    .content['application/json'].schema;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (typeof node !== 'object' || node === null) return node;
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string'
          ? v.replace('#/components/schemas/', '#/$defs/')
          : k === 'discriminator'
            ? v
            : rewrite(v),
      ]),
    );
  };
  return { ...(rewrite(body) as JsonSchema), $defs: rewrite(doc.components?.schemas ?? {}) as JsonSchema };
}

function validator2020(schema: JsonSchema): (value: unknown) => boolean {
  ajv2020 ??= (() => {
    const a = new Ajv2020({ strict: false });
    addFormats(a);
    return a;
  })();
  const { discriminator: _, ...rest } = schema;
  return ajv2020.compile(rest) as (value: unknown) => boolean;
}

/** Values to judge two schemas on: samples of both, and their near misses. */
function valuesFor(a: JsonSchema, b: JsonSchema): unknown[] {
  const seeds = distinct([...samples(a), ...samples(b)]);
  return distinct([...seeds, ...seeds.flatMap((v) => nearMisses(v))]);
}

/** Runs every case of the suite at `testDir` (a checkout's `test` folder). */
export function judgeValidData(testDir: string, only?: (c: ValidDataCase) => boolean): CaseResult[] {
  const cases = validDataCases(testDir).filter((c) => only?.(c) ?? true);
  const project = createDeriveProject({ cwd: join(testDir, 'valid-data') });
  const probes = cases.map((c) => {
    const folder = join(testDir, 'valid-data', c.dir);
    const file = join(folder, '_probe.ts');
    // A namespaced type (`RootNamespace.Def`) is reached through its namespace's import.
    const [first, ...rest] = c.type.split('.');
    const from = exportingFile(folder, first)?.replace(/\.ts$/, '');
    const probe =
      from === undefined
        ? `/// <reference path="./main.ts" />\nexport type Probe = ${c.type};\n`
        : `import type { ${first} as T } from './${from}.ts';\nexport type Probe = ${['T', ...rest].join('.')};\n`;
    project.update(file, probe);
    return { c, file };
  });
  const ctx = project.context();
  return probes.map(({ c, file }): CaseResult => {
    const sf = ctx.program.getSourceFile(file)!;
    const alias = sf.statements.find(ts.isTypeAliasDeclaration)!;
    const type = ctx.checker.getTypeFromTypeNode(alias.type);
    const probeErrors = ts
      .getPreEmitDiagnostics(ctx.program, sf)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
    if (probeErrors.some((m) => m.includes('refers to a value')))
      return { ...c, verdict: { kind: 'not a type', detail: probeErrors.join(' | ') } };
    const d = deriveCompilerType(ctx, type, alias.type, { root: c.type, closedObjects: true });
    if (d.diagnostics.length > 0)
      return { ...c, verdict: { kind: 'refused', detail: d.diagnostics.map((x) => x.message).join(' | ') } };
    const { $schema: _, ...theirs } = JSON.parse(
      readFileSync(join(testDir, 'valid-data', c.dir, 'schema.json'), 'utf8'),
    ) as JsonSchema;
    const mine = draft07(d.schema);
    const values = valuesFor(mine, theirs);
    let verdict: Verdict;
    try {
      if (canonical(mine) === canonical(theirs)) verdict = { kind: 'equal' };
      else {
        const [a, b] = [validatorOf(mine), validatorOf(theirs)];
        const diff = values.find((v) => a(v) !== b(v));
        verdict =
          diff === undefined
            ? { kind: 'agree' }
            : { kind: 'differ', detail: `${JSON.stringify(diff)?.slice(0, 120)}: kitgen ${a(diff)}` };
      }
    } catch (error) {
      verdict = { kind: 'differ', detail: `not comparable: ${(error as Error).message.slice(0, 160)}` };
    }
    if (verdict.kind === 'differ' && c.dir in decidedCases)
      verdict = { kind: 'decided', detail: `${decidedCases[c.dir]} (${verdict.detail})` };
    let openapi: string;
    try {
      const [a, b] = [validatorOf(mine), validator2020(throughOpenAPI(d.schema))];
      const diff = values.find((v) => a(v) !== b(v));
      openapi =
        diff === undefined
          ? 'same'
          : `${JSON.stringify(diff)?.slice(0, 120)}: derivation ${a(diff)}, openapi.json ${b(diff)}`;
    } catch (error) {
      openapi = `failed: ${(error as Error).message.slice(0, 160)}`;
    }
    return { ...c, verdict, openapi };
  });
}
