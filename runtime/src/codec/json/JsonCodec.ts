import type { TSchema } from 'typebox';
import type { BinaryCodec } from '../BinaryCodec.ts';
import { DecodeError } from '../../errors/DecodeError.ts';
import { Either } from '../../util/Either.ts';
import { MediaType } from '../../http/MediaType.ts';
import type { Static } from '../../schema/Schema.ts';
import { validatorFor, type Validator } from '../../schema/validator.ts';
import { formatCheck } from '#validator-engine';
import { CodecConfig } from './CodecConfig.ts';
import { compileJsonPlans } from './jsonPlan.ts';
import { compileJsonStringify } from './jsonStringify.ts';
import { compilePlainJsonTest } from './plainJson.ts';
import { compilePlainDecodeTest } from './plainDecode.ts';
import { quoteBigIntegers, restoreBigints } from './bigintJson.ts';
import { withCommittedUnions } from './committedUnions.ts';
import { stringifyJson } from './deepStringify.ts';
import { decodeUtf8 } from './utf8Text.ts';
import {
  deepestPlace,
  inspectJson,
  mayHoldPrototypeKeys,
  mayNestDeeperThan,
  nestsDeeperThan,
  problemError,
} from './jsonInspection.ts';

/** A JSON {@link BinaryCodec} with text-level entry points the server and clients use directly. */
export interface JsonBinaryCodec<A> extends BinaryCodec<A> {
  /** Encodes to JSON text (what `encode` returns as UTF-8). */
  encodeToString(value: A): string;
  /** Decodes JSON text; `what` names the thing in messages (e.g. "request body"). */
  decodeString(text: string, what?: string): Either<DecodeError, A>;
  /** Decodes an already-parsed JSON value (query parameters, multipart fields). */
  decodeJson(value: unknown, pointer?: string, what?: string): Either<DecodeError, A>;
  /** Validates an in-memory value without encoding it. */
  check(value: unknown): value is A;
}

const encoder = new TextEncoder();

/**
 * The spec's `JsonCodec.schemaBasedBinaryCodec[A]`: a JSON codec derived from a schema and a
 * CodecConfig (the global one unless given). Decoding parses, refuses values nested deeper than
 * `maxDepth` and keys that reach Object.prototype, applies the config (names, discriminators,
 * nulls, empty collections, extra fields), and validates against the schema, each union by the
 * alternative its value's top level fits (committedUnions.ts). Every step costs time linear in
 * the body and none recurses on the stack by the depth of the value.
 */
function schemaBasedBinaryCodec<S extends TSchema>(
  schema: S,
  config: CodecConfig = CodecConfig.current(),
): JsonBinaryCodec<Static<S>> {
  type A = Static<S>;
  const { plan, planFor, nullable } = compileJsonPlans(schema as unknown as Record<string, unknown>, config);
  const validator = validatorFor(withCommittedUnions(schema as unknown as Record<string, unknown>));
  const maxDepth = config.maxDepth;
  // Scanned over the whole schema: a bigint may sit behind a `$ref` the plan resolves lazily.
  const hasBigInt = plan.hasBigInt || containsBigInt(schema);
  const written = hasBigInt
    ? undefined
    : compileJsonStringify(schema as unknown as Record<string, unknown>, config, plan, planFor, nullable);
  const throughPlan = hasBigInt
    ? (value: A) => restoreBigints(stringifyJson(plan.encode(value)) as string)
    : (written ?? ((value: A) => stringifyJson(plan.encode(value)) as string));
  // A value the plan would not change is written by JSON.stringify itself, flat and without a
  // copy. An object's generated writer stays first: for one small object its pieces cost less
  // than the test and JSON.stringify (a list's pieces do not: see compilePlainJsonTest).
  const plain =
    hasBigInt || written ? undefined : compilePlainJsonTest(schema as unknown as Record<string, unknown>, config);
  const stringify = plain ? (value: A) => (plain(value) ? JSON.stringify(value) : throughPlan(value)) : throughPlan;
  // A parsed body the plan would give back unchanged, holding no prototype key, goes straight to
  // the validator: one generated walk instead of the key scan and the plan's pass. Where the walk
  // makes the validator's checks too (the engine knows the schema's formats), it is the only pass.
  const untouched = hasBigInt
    ? undefined
    : compilePlainDecodeTest(schema as unknown as Record<string, unknown>, config, formatCheck);

  const checked = (value: unknown, pointer: string, what: string): Either<DecodeError, A> => {
    let valid: boolean;
    try {
      valid = validator.check(value);
    } catch (error) {
      return Either.left(tooDeepToCheck(error, pointer, what));
    }
    return valid ? Either.right(value as A) : Either.left(explainFailure(validator, value, pointer, what));
  };

  // A value already inspected (depth, prototype keys).
  const decodeInspected = (json: unknown, pointer: string, what: string): Either<DecodeError, A> => {
    let value: unknown;
    try {
      value = plan.decode(json, pointer);
    } catch (error) {
      if (error instanceof DecodeError)
        return Either.left(
          new DecodeError(`${what}: ${error.message}`, { pointer: error.pointer, expected: error.expected }),
        );
      throw error;
    }
    return checked(value, pointer, what);
  };

  const decodeJson = (json: unknown, pointer = '', what = 'value'): Either<DecodeError, A> => {
    const problem = inspectJson(json, maxDepth, true);
    return problem ? Either.left(problemError(problem, maxDepth, what, pointer)) : decodeInspected(json, pointer, what);
  };

  const decodeString = (text: string, what = 'value'): Either<DecodeError, A> => {
    // Nesting is counted in the text, before parsing builds what is too deep (short texts cannot be).
    if (mayNestDeeperThan(text, maxDepth)) {
      const deep = deepestPlace(text, maxDepth);
      if (deep) return Either.left(problemError(deep, maxDepth, what));
    }
    let json: unknown;
    try {
      json = JSON.parse(hasBigInt ? quoteBigIntegers(text) : text);
    } catch (error) {
      return Either.left(
        new DecodeError(`${what}: invalid JSON (${(error as Error).message})`, { expected: 'JSON text' }),
      );
    }
    if (untouched !== undefined && untouched.test(json))
      return untouched.checked ? Either.right(json as A) : checked(json, '', what);
    // Most texts hold no key to look for: no walk for them.
    if (mayHoldPrototypeKeys(text)) {
      const problem = inspectJson(json, Infinity, true);
      if (problem) return Either.left(problemError(problem, maxDepth, what));
    }
    return decodeInspected(json, '', what);
  };

  const decodeBytes = (bytes: Uint8Array, what = 'value'): Either<DecodeError, A> => {
    let text: string;
    try {
      text = decodeUtf8(bytes);
    } catch {
      return Either.left(new DecodeError(`${what}: not valid UTF-8`, { expected: 'UTF-8 JSON text' }));
    }
    return decodeString(text, what);
  };

  return {
    mediaType: MediaType.application.json,
    encode: (value) => encoder.encode(stringify(value)),
    encodeToString: stringify,
    decode: (bytes) => decodeBytes(bytes),
    decodeString,
    decodeJson,
    check: (value): value is A => validator.check(value),
    streamEncoder: (values) => encodeStream(values, stringify, config.treatStreamsAsArrays),
    streamDecoder: (bytes) =>
      decodeStream(bytes, decodeString, (text) => JSON.parse(hasBigInt ? quoteBigIntegers(text) : text), decodeJson),
  };
}

const isStackOverflow = (error: unknown) => error instanceof RangeError && /call stack/i.test(error.message);

// Naming the place of a failure walks the schema along the value recursively, and costs far more
// per level than checking does; past this depth a refusal says the value does not match without
// the place (a legitimate body this deep and wrong is rare; a hostile one is common).
const EXPLAINED_DEPTH = 32;

/**
 * The nesting limit keeps values within what the validator's stack holds for schemas of
 * ordinary depth; should a recursive schema whose every level takes many frames still overflow
 * it, the value is refused (400) as too deeply nested to check, or to explain: the request
 * fails, the server does not. Anything else the validator throws is not the body's fault.
 */
function tooDeepToCheck(error: unknown, pointer: string, what: string): DecodeError {
  if (!isStackOverflow(error)) throw error;
  return new DecodeError(`${what}: nested too deeply to be checked against its schema`, {
    pointer,
    expected: 'a value nested less deeply',
  });
}

/** Why a value the validator refused is wrong: its first failure, or, deeper than EXPLAINED_DEPTH, that it does not match. */
function explainFailure(validator: Validator, value: unknown, pointer: string, what: string): DecodeError {
  const unexplained = () =>
    new DecodeError(`${what}: does not match the schema (nested too deeply to say where)`, { pointer });
  if (nestsDeeperThan(value, EXPLAINED_DEPTH)) return unexplained();
  try {
    return validator.error(value, pointer, what);
  } catch (error) {
    if (!isStackOverflow(error)) throw error;
    return unexplained();
  }
}

/** True when a 64-bit integer (`type: 'bigint'`) appears anywhere in the schema, `$defs` included. */
function containsBigInt(schema: unknown, seen = new Set<unknown>()): boolean {
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return false;
  seen.add(schema);
  if ((schema as { type?: unknown }).type === 'bigint') return true;
  return Object.values(schema).some((v) => containsBigInt(v, seen));
}

async function* encodeStream<A>(
  values: AsyncIterable<A>,
  stringify: (a: A) => string,
  asArray: boolean,
): AsyncIterable<Uint8Array> {
  if (!asArray) {
    for await (const v of values) yield encoder.encode(stringify(v) + '\n');
    return;
  }
  let first = true;
  yield encoder.encode('[');
  for await (const v of values) {
    yield encoder.encode((first ? '' : ',') + stringify(v));
    first = false;
  }
  yield encoder.encode(']');
}

/** NDJSON by default; a stream starting with `[` is read as one JSON array (treatStreamsAsArrays). */
async function* decodeStream<A>(
  bytes: AsyncIterable<Uint8Array>,
  decodeString: (t: string, what?: string) => Either<DecodeError, A>,
  parse: (text: string) => unknown,
  decodeJson: (json: unknown, pointer?: string, what?: string) => Either<DecodeError, A>,
): AsyncIterable<A> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let buffered = '';
  let mode: 'unknown' | 'lines' | 'array' = 'unknown';
  let line = 0;
  const emit = (text: string): A => {
    line++;
    const r = decodeString(text, `stream item ${line}`);
    if (r._tag === 'left') throw r.left;
    return r.right;
  };
  const emitParsed = (item: unknown): A => {
    line++;
    const r = decodeJson(item, '', `stream item ${line}`);
    if (r._tag === 'left') throw r.left;
    return r.right;
  };
  for await (const chunk of bytes) {
    buffered += decoder.decode(chunk, { stream: true });
    if (mode === 'unknown') {
      const t = buffered.trimStart();
      if (t.length === 0) continue;
      mode = t[0] === '[' ? 'array' : 'lines';
    }
    if (mode === 'lines') {
      let nl: number;
      while ((nl = buffered.indexOf('\n')) >= 0) {
        const text = buffered.slice(0, nl).trim();
        buffered = buffered.slice(nl + 1);
        if (text) yield emit(text);
      }
    }
  }
  buffered += decoder.decode();
  if (mode === 'array') {
    let items: unknown;
    try {
      items = parse(buffered);
    } catch (error) {
      throw new DecodeError(`stream: invalid JSON array (${(error as Error).message})`, { expected: 'a JSON array' });
    }
    if (!Array.isArray(items)) throw new DecodeError('stream: expected a JSON array', { expected: 'a JSON array' });
    for (const item of items) yield emitParsed(item);
  } else if (buffered.trim()) {
    yield emit(buffered.trim());
  }
}

/** The spec's `JsonCodec`. */
export const JsonCodec = { schemaBasedBinaryCodec } as const;
