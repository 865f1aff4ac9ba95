import { loadBodyCodecs } from '../codec/body/BodyCodecs.ts';
import { contentCodecs } from '../endpoint/contentCodecs.ts';
import { leaves, type CodecNode } from '../endpoint/CodecNode.ts';

const byState = new WeakMap<object, readonly string[]>();

/** Every media type an endpoint's bodies and parts may travel in: request, outputs and errors. */
function mediaTypesOf(state: { input: CodecNode; output: CodecNode; error: CodecNode | undefined }): readonly string[] {
  let hit = byState.get(state);
  if (hit === undefined) {
    const types = new Set<string>();
    for (const node of [state.input, state.output, state.error]) {
      if (node)
        for (const leaf of leaves(node))
          if (leaf.kind === 'content') for (const mt of contentCodecs(leaf).offered) types.add(mt);
    }
    byState.set(state, (hit = [...types]));
  }
  return hit;
}

/**
 * Loads the codecs of the formats an endpoint declares that are not loaded yet (a binary format's
 * codec is a separate module in a browser build); undefined when all are there, which is every
 * call but the first of such an endpoint, and every call on a server.
 */
export function loadBodyCodecsOf(state: {
  input: CodecNode;
  output: CodecNode;
  error: CodecNode | undefined;
}): Promise<void> | undefined {
  return loadBodyCodecs(mediaTypesOf(state));
}
