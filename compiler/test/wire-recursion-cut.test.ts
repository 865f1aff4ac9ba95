// The wire test files a recursion the sampler cut (an array item left null or undefined where
// the document's typeless schema is read as an object) as the sampler's, and nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { alteredRecursionCut, refusedRecursionCut } from './support/wireRecursionCut.ts';

const refusal = (target: string) =>
  JSON.stringify({ error: { code: 'KITGEN_ERR_BAD_BODY', message: `body at ${target}: must be object`, target } });

test('a refusal naming a null array item of the sent body is the recursion cut', () => {
  const payload = JSON.stringify({ message: { replies: [null] }, name: null });
  assert.equal(refusedRecursionCut(payload, refusal('/message/replies/0')), true);
  // A null that is no array item, an item that is an object, or another refusal: not the cut.
  assert.equal(refusedRecursionCut(payload, refusal('/name')), false);
  assert.equal(refusedRecursionCut(JSON.stringify({ replies: [{}] }), refusal('/replies/0')), false);
  assert.equal(refusedRecursionCut(payload, 'body at /message/replies/0: must be string'), false);
  assert.equal(refusedRecursionCut(undefined, refusal('/message/replies/0')), false);
});

test('an answer whose array item the handler left undefined, null on the wire, is the recursion cut', () => {
  const answer = { value: [{ groups: [undefined] }], note: undefined };
  assert.equal(alteredRecursionCut(answer, 'at /value/0/groups/0 the handler gave absent, the wire has null'), true);
  assert.equal(alteredRecursionCut(answer, 'at /note the handler gave absent, the wire has null'), false);
  assert.equal(alteredRecursionCut(answer, 'at /value/0/groups/0 the handler gave 1, the wire has 2'), false);
});
