// A `pattern` only a backtracking engine can run (a backreference, a lookbehind, a lookahead
// that does not follow a leading `^`) is checked by the runtime on strings of at most 1024
// characters: the model warns at its JSON pointer, and keeps the pattern. Patterns the runtime
// runs in linear time (most, lookaheads after `^` included) are not reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EndpointGen } from '../src/index.ts';
import { backtrackingOnly } from '../src/model/patterns.ts';

test('patterns needing a backtracking engine are told apart from those the runtime runs in linear time', () => {
  const linear = [
    '^(a+)+$',
    '^[a-z0-9_-]{3,16}$',
    '^(?=.*[A-Z])(?=.*\\d)(?!.*\\s).{8,}$',
    '^(?!admin$)[a-z]+$',
    '[(?=]',
    '\\(?=x',
    '^\\d+(\\.\\d+)?$',
    '^(?:a|b)(?=c)?',
  ];
  // The last one: `(?=c)?` is no valid unicode-mode pattern; the converter drops it before asking.
  for (const p of linear.slice(0, -1)) assert.equal(backtrackingOnly(p), undefined, p);
  const backtracking: [string, string][] = [
    ['^(\\w)\\1$', 'a backreference'],
    ['^(?<c>\\w)\\k<c>$', 'a backreference'],
    ['(?<=a)b', 'a lookbehind'],
    ['x(?=y)', 'a lookahead that does not follow a leading ^ directly'],
    ['(?=^.{8,255}$)x', 'a lookahead that does not follow a leading ^ directly'],
    ['^[a-zA-Z]((?!--|__)[a-zA-Z0-9-_])+$', 'a lookahead inside a group'],
    ['^(?=(?=a)b)', 'a lookahead inside a group'],
    ['^(?=a)b|c', 'a lookahead in a pattern with top-level alternatives'],
  ];
  for (const [p, reason] of backtracking) assert.equal(backtrackingOnly(p), reason, p);
});

test('the model warns at the pattern pointer and keeps the pattern', () => {
  const built = EndpointGen.fromOpenAPI(
    {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: {
        schemas: {
          Slug: { type: 'string', pattern: '^[a-zA-Z]((?!--|__)[a-zA-Z0-9-_])+$' },
          Password: { type: 'string', pattern: '^(?=.*[A-Z])(?=.*\\d).{8,}$' },
          Evil: { type: 'string', pattern: '^(a+)+$' },
        },
      },
    },
    { targets: ['endpoints'] },
  );
  assert.deepEqual(
    built.warnings.map((w) => `${w.pointer}: ${w.message}`),
    [
      '/components/schemas/Slug/pattern: pattern "^[a-zA-Z]((?!--|__)[a-zA-Z0-9-_])+$" has a lookahead inside a group, which only a backtracking regular expression engine runs: the validator checks it on strings of at most 1024 characters and refuses longer ones',
    ],
  );
  const slug = built.api.schemas.find((s) => s.name === 'Slug')?.schema;
  assert.equal(slug?.kind === 'string' ? slug.constraints.pattern : undefined, '^[a-zA-Z]((?!--|__)[a-zA-Z0-9-_])+$');
});
