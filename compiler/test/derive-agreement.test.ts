// DeriveSchema.gen<T>() judged by an independent derivation: every type of a broad corpus
// (derive-fixtures/corpus.ts) is derived by kitgen and, in-process on the same file, by
// ts-json-schema-generator; values — hand-written per case, sampled from either schema, and
// mutated into near misses — are validated by ajv against both. The verdicts must agree, except
// where kitgen decides otherwise on purpose (`decisions`, each with its reason and which side is
// stricter). Both passes run: objects open (kitgen's default, the other tool's
// `additionalProperties: true`) and closed (`closedObjects`, the other tool's default).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ts } from 'ts-morph';
import { deriveCompilerType, type Json } from '../src/derive/deriveSchema.ts';
import { expandProbe, fixturesDir, project } from './support/deriveProbe.ts';
import {
  canonical,
  distinct,
  draft07,
  nearMisses,
  samples,
  tsJsonSchemas,
  validatorOf,
  type JsonSchema,
} from './support/schemaAgreement.ts';
import { corpusValues } from './support/corpusValues.ts';

const corpus = join(fixturesDir, 'corpus.ts');
const names = Object.keys(corpusValues);

/** Where kitgen's meaning differs from ts-json-schema-generator's on purpose (docs/decisions.md). */
type Side = 'kitgen stricter' | 'kitgen looser' | 'both ways';
const decisions: Record<string, { readonly reason: string; readonly open?: Side; readonly closed?: Side }> = {
  OneOf: {
    reason:
      '`b?: never` means b must be absent (`not: {}`); the other tool drops the property, so an open object takes any b',
    open: 'kitgen stricter',
  },
  VoidBox: {
    reason: 'a void value is left out by JSON.stringify, so the property must be absent; the other tool requires null',
    open: 'both ways',
    closed: 'both ways',
  },
  TagList: {
    reason:
      'an interface extending Array<T> is written by JSON.stringify as an array; with additionalProperties: true the other tool ' +
      'reads its own members (length) instead, closed it agrees',
    open: 'both ways',
  },
  Account: {
    reason:
      'a #private field is not written by JSON.stringify; the other tool requires it (closed, kitgen refuses it as unknown)',
    open: 'kitgen looser',
    closed: 'both ways',
  },
  Line: {
    reason: 'JSDoc on the line of the opening brace is read; the other tool (as TypeScript) drops it',
    open: 'kitgen stricter',
    closed: 'kitgen stricter',
  },
  Strict: {
    reason:
      '`@additionalProperties false` on the type closes it; the other tool knows no such tag (only its global switch)',
    open: 'kitgen stricter',
  },
  RequiredPerson: {
    reason:
      'Required<T> keeps `string | undefined` of a field declared so, and undefined means "may be absent"; the other tool requires it',
    open: 'kitgen looser',
    closed: 'kitgen looser',
  },
  DefinitelyText: {
    reason: 'NonNullable<T> (T & {}) takes null out; the other tool keeps null',
    open: 'kitgen stricter',
    closed: 'kitgen stricter',
  },
  PerLevel: {
    reason: 'the other tool closes a Record keyed by an enum even with additionalProperties: true',
    open: 'kitgen looser',
  },
  Defaults: {
    reason: 'the other tool closes `typeof` a const object even with additionalProperties: true',
    open: 'kitgen looser',
  },
  UserKey: {
    reason: 'a template literal type is a pattern; the other tool writes a plain string',
    open: 'kitgen stricter',
    closed: 'kitgen stricter',
  },
  Prefixed: {
    reason: 'a template literal type is a pattern; the other tool writes a plain string',
    open: 'kitgen stricter',
    closed: 'kitgen stricter',
  },
};

/** Cases kitgen refuses (an error at the declaration) where the other tool writes a schema anyway. */
const refusals: Record<string, string> = {
  WithCallback:
    'a function-typed field is not data (JSON.stringify drops it); the other tool writes a $comment that admits any value',
  Lookup: 'a Map is written by JSON.stringify as {}; the other tool describes an object',
  Keyed: 'a symbol has no JSON form',
};

interface Outcome {
  readonly name: string;
  readonly equal: boolean;
  /** How many values were judged by both schemas. */
  readonly judged: number;
  readonly disagreements: ReadonlyArray<{ value: unknown; kitgen: boolean; other: boolean }>;
}

/**
 * kitgen's schemas of every case, open and closed: each call of one probe file derived on its own
 * (so a problem is the case's), the open one also checked against the file's expansion.
 */
function kitgenSchemas(): { open: Map<string, Json | Error>; closed: Map<string, Json | Error> } {
  const source = names.map((n, i) => `export const c${i} = DeriveSchema.gen<C.${n}>();`).join('\n');
  const expansion = expandProbe(
    `import { DeriveSchema } from '@kitgen/runtime';\nimport type * as C from './corpus.ts';\n${source}\n`,
  );
  const ctx = project().context();
  const statements = ctx.program.getSourceFile(expansion.file)!.statements.filter(ts.isVariableStatement);
  const out = { open: new Map<string, Json | Error>(), closed: new Map<string, Json | Error>() };
  statements.forEach((statement, i) => {
    const node = (statement.declarationList.declarations[0].initializer as ts.CallExpression).typeArguments![0];
    for (const pass of ['open', 'closed'] as const) {
      const derived = deriveCompilerType(ctx, ctx.checker.getTypeFromTypeNode(node), node, {
        root: `c${i}`,
        closedObjects: pass === 'closed',
      });
      const problems = derived.diagnostics.map((d) => d.message);
      out[pass].set(names[i], problems.length > 0 ? new Error(problems.join('; ')) : derived.schema);
    }
    const expanded = expansion.calls.find((c) => c.root === `c${i}`);
    if (expanded !== undefined)
      assert.deepEqual(expanded.schema, out.open.get(names[i]), `${names[i]}: the expansion writes the derived schema`);
  });
  return out;
}

function compare(name: string, mine: Json, theirs: JsonSchema, pass: 'open' | 'closed'): Outcome {
  const a = draft07(mine);
  const b = theirs;
  const { valid, invalid } = corpusValues[name];
  const seeds = distinct([...valid, ...invalid, ...samples(a), ...samples(b)]);
  const values = distinct([...seeds, ...seeds.flatMap((v) => nearMisses(v))]);
  const kitgen = validatorOf(a);
  const other = validatorOf(b);
  // The hand-written values describe kitgen's default (open objects).
  if (pass === 'open') {
    for (const v of valid) assert.equal(kitgen(v), true, `${name}: kitgen's schema should accept ${JSON.stringify(v)}`);
    for (const v of invalid)
      assert.equal(kitgen(v), false, `${name}: kitgen's schema should refuse ${JSON.stringify(v)}`);
  }
  const disagreements = values
    .map((value) => ({ value, kitgen: kitgen(value), other: other(value) }))
    .filter((r) => r.kitgen !== r.other);
  return { name, equal: canonical(a) === canonical(b), judged: values.length, disagreements };
}

const sideOf = (outcome: Outcome): Side | undefined => {
  const stricter = outcome.disagreements.some((d) => !d.kitgen);
  const looser = outcome.disagreements.some((d) => d.kitgen);
  return stricter && looser ? 'both ways' : stricter ? 'kitgen stricter' : looser ? 'kitgen looser' : undefined;
};

const kitgen = kitgenSchemas();

for (const pass of ['open', 'closed'] as const) {
  test(`DeriveSchema and ts-json-schema-generator agree on instances, objects ${pass}`, (t) => {
    const theirs = tsJsonSchemas(corpus, names, pass === 'closed');
    const outcomes: Outcome[] = [];
    const refused: string[] = [];
    for (const name of names) {
      const mine = kitgen[pass].get(name)!;
      const other = theirs.get(name)!;
      if (mine instanceof Error || other instanceof Error) {
        refused.push(name);
        assert.ok(
          name in refusals,
          `${name} is refused without a recorded reason: ${(mine instanceof Error ? mine : (other as Error)).message}`,
        );
        continue;
      }
      outcomes.push(compare(name, mine, other as JsonSchema, pass));
    }
    const problems = Object.keys(refusals)
      .filter((name) => !refused.includes(name))
      .map((name) => `${name}: recorded as refused, but both derive it`);
    for (const outcome of outcomes) {
      const expected = decisions[outcome.name]?.[pass];
      const seen = sideOf(outcome);
      if (seen === expected) continue;
      const example = outcome.disagreements[0];
      problems.push(
        expected === undefined
          ? `${outcome.name}: verdicts differ (${seen}), e.g. ${JSON.stringify(example.value)}: kitgen ${example.kitgen}, ts-json-schema-generator ${example.other}`
          : `${outcome.name}: recorded as ${expected}, seen ${seen ?? 'no difference'}`,
      );
    }
    const equal = outcomes.filter((o) => o.equal).length;
    const agreeing = outcomes.filter((o) => o.disagreements.length === 0).length;
    t.diagnostic(
      `${names.length} cases: ${equal} equal schemas, ${agreeing - equal} more agreeing on instances, ` +
        `${outcomes.length - agreeing} differing by decision, ${refused.length} refused; ` +
        `${outcomes.reduce((n, o) => n + o.judged, 0)} values judged`,
    );
    assert.deepEqual(problems, []);
  });
}

test('the corpus is broad', () => {
  assert.ok(names.length >= 60, `${names.length} cases`);
});
