import { loadValidatorEngine } from '#validator-engine';
import { withCommittedUnions } from '../codec/json/committedUnions.ts';
import { leaves, type CodecNode } from '../endpoint/CodecNode.ts';

const byState = new WeakMap<object, readonly unknown[]>();

/**
 * Every schema an endpoint's values are checked against: each leaf's (parameters, headers,
 * bodies and parts of request, outputs and errors), and each as the JSON codec checks it (its
 * unions committed, which may use keywords the schema itself does not).
 */
function schemasOf(state: { input: CodecNode; output: CodecNode; error: CodecNode | undefined }): readonly unknown[] {
  let hit = byState.get(state);
  if (hit === undefined) {
    const schemas = new Set<unknown>();
    for (const node of [state.input, state.output, state.error]) {
      if (!node) continue;
      for (const leaf of leaves(node)) {
        if (leaf.kind === 'status') continue;
        schemas.add(leaf.schema);
        if (typeof leaf.schema === 'object' && leaf.schema !== null)
          schemas.add(withCommittedUnions(leaf.schema as unknown as Record<string, unknown>));
      }
    }
    byState.set(state, (hit = [...schemas]));
  }
  return hit;
}

/**
 * Loads the validator engine an endpoint's schemas need, when it is not loaded: in a browser, the
 * schemas whose keywords the small engine does not evaluate load TypeBox's (a separate chunk);
 * undefined when there is nothing to wait for, which is every call on a server.
 */
export function loadValidatorsOf(state: {
  input: CodecNode;
  output: CodecNode;
  error: CodecNode | undefined;
}): Promise<void> | undefined {
  // Listed only when iterated: TypeBox's engine, on a server, needs nothing loaded and never asks.
  return loadValidatorEngine({ [Symbol.iterator]: () => schemasOf(state)[Symbol.iterator]() });
}
