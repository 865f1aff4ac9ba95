import type { CodecConfig } from '../../codec/json/CodecConfig.ts';
import type { Response } from '../../http/Response.ts';
import { HttpError } from '../../http/HttpError.ts';
import { Log } from '../../log/Log.ts';
import { leaves, type CodecNode } from '../CodecNode.ts';
import { encodeOutput } from './encodeOutput.ts';
import { fits } from '../fits.ts';
import type { ErrorMapper, RuntimeFailure } from './RuntimeFailure.ts';

/** The status a node always answers with, when it fixes one (a transform's depends on the value). */
function fixedStatus(node: CodecNode): number | undefined {
  if (node.kind === 'transform') return undefined;
  for (const leaf of leaves(node))
    if ((leaf.kind === 'status' || leaf.kind === 'content') && leaf.status !== undefined) return leaf.status;
  return undefined;
}

/** The declared error `value` is written as: among alternatives it fits, the one declared at `status` first. */
function declaredFor(node: CodecNode, value: unknown, status: number): CodecNode | undefined {
  if (node.kind !== 'union') return fits(node, value) ? node : undefined;
  const fitting = node.alts.filter((a) => fits(a, value));
  return fitting.find((a) => fixedStatus(a) === status) ?? fitting[0];
}

/**
 * The runtime's own 4xx answer in the endpoint's declared error shape: `mapError`'s value encoded
 * by the declared error codec (validated by the alternative it fits, in the media type `Accept`
 * picks), keeping the runtime's headers (`WWW-Authenticate`). Undefined — the default body — when
 * the mapper gives nothing, or a value none of the declared errors admits (logged: a mapper bug).
 */
export function mappedFailure<E>(
  error: CodecNode,
  mapError: ErrorMapper<E>,
  failure: RuntimeFailure,
  accept: string | undefined,
  config: CodecConfig,
): Response | undefined {
  const value = mapError(failure);
  if (value === undefined) return undefined;
  const node = declaredFor(error, value, failure.status);
  if (!node) {
    Log.get().warn(
      { status: failure.status, code: failure.code },
      'mapError returned a value that fits none of the declared errors; the default body is sent',
    );
    return undefined;
  }
  let response: Response;
  try {
    response = encodeOutput(node, value, accept, config, failure.status);
  } catch (error) {
    // An Accept written for the success answer (`application/pdf`) does not list the error's
    // media type: the declared error is sent all the same, as RFC 9110 §12.1 allows, rather than
    // the runtime's body the document does not declare.
    if (accept === undefined || !(error instanceof HttpError) || error.status !== 406) throw error;
    response = encodeOutput(node, value, undefined, config, failure.status);
  }
  // A declared error without a body (the document's contract) leaves the client only the status;
  // what was wrong is kept for whoever runs the server.
  if (response.body.source.kind === 'empty')
    Log.get().debug({ status: failure.status, code: failure.code }, failure.message);
  for (const [name, v] of Object.entries(failure.headers))
    if (!response.headers.has(name)) response = response.setHeader(name, v);
  return response;
}
