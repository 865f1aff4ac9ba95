// The mock server's handlers: one per operation of the model, each answering what the request's
// `Prefer` and `Accept` ask for — a declared response (the first success by default, or the
// status of `Prefer: code=`), its body the document's example (the named one, else the media
// type's `example`, else its first of `examples`, else the schema's own) or a value sampled from
// the schema, in the form the generated types give it. A declared error is thrown as the
// generated endpoint's failure, so the runtime encodes it as a generated server would.
import type { Api, Operation } from '../model/Api.ts';
import { escapePointer, follow, isJsonMediaType, type OpenApiDocument } from '../check/documentPointers.ts';
import type { ExampleAudit } from './exampleAudit.ts';
import {
  contentOf,
  modelResponseOf,
  responseAnswer,
  type AnswerTools,
  type DeclaredResponses,
} from './handlerAnswers.ts';
import { chooseMediaType, preferences } from './preferences.ts';

/** What a handler reads of the request it answers (the runtime's request, through the mock's middleware). */
export interface MockRequest {
  header(name: string): string | undefined;
}

/** A refusal the mock makes itself (a `Prefer` the document cannot satisfy), as the runtime's `HttpError`. */
export type Refuse = (status: number, message: string) => Error;

/** The generated endpoints' failures, by operation identifier. */
export type Failures = Readonly<Record<string, { fail(value: unknown): unknown }>>;

/** The response pointers of every operation, by status key, as the document declares them. */
export function declaredResponses(doc: OpenApiDocument, op: Operation): DeclaredResponses {
  const responses = (follow(doc, `${op.pointer}/responses`).value ?? {}) as Record<string, unknown>;
  return {
    responses: Object.fromEntries(
      Object.keys(responses).map((k) => [k, follow(doc, `${op.pointer}/responses/${escapePointer(k)}`).pointer]),
    ),
  };
}

/** The status key of `responses` that answers `code`: the code itself, its range (`4XX`), else `default`. */
function keyFor(responses: Readonly<Record<string, string>>, code: number): string | undefined {
  const keys = Object.keys(responses);
  return (
    keys.find((k) => k === String(code)) ??
    keys.find((k) => k.toUpperCase() === `${String(code)[0]}XX`) ??
    keys.find((k) => k === 'default')
  );
}

/** Handlers answering every operation of `api` from the document. */
export function mockHandlers(
  api: Api,
  doc: OpenApiDocument,
  tools: AnswerTools,
  context: {
    readonly request: () => MockRequest | undefined;
    readonly refuse: Refuse;
    readonly failures: Failures;
    /** Told once per operation whose answer the referee refused. */
    readonly warn: (message: string) => void;
    /** The document's examples of response bodies, judged at start. */
    readonly examples: ExampleAudit;
  },
): Record<string, () => unknown> {
  const handlers: Record<string, () => unknown> = {};
  const warned = new Set<string>();
  for (const op of api.operations) {
    const dop = declaredResponses(doc, op);
    const label = `${op.method.toUpperCase()} ${op.path}`;
    handlers[op.ident] = () => {
      const request = context.request();
      const prefer = preferences(request?.header('prefer'));
      if ('problem' in prefer) throw context.refuse(400, prefer.problem);
      const declared = Object.keys(dop.responses);
      let key: string | undefined;
      if (prefer.code !== undefined) {
        key = keyFor(dop.responses, prefer.code);
        if (key === undefined)
          throw context.refuse(
            400,
            `Prefer: code=${prefer.code} names no response of ${label}; it declares ${declared.join(', ') || 'none'}`,
          );
      } else {
        key = declared.find((k) => /^[23]/.test(k)) ?? (declared.includes('default') ? 'default' : undefined);
      }
      // A switch of protocol (OSIsoft's channels, Docker's session: 101 their only success) is made
      // by the connection, not by an answer: no HTTP handler gives one, so the mock says so.
      if (key === undefined ? declared.some((k) => k.startsWith('1')) : key.startsWith('1'))
        throw context.refuse(
          501,
          `the mock cannot answer ${label}: its ${key ?? declared.find((k) => k.startsWith('1'))} response is a switch of protocol, which an HTTP mock does not make`,
        );
      if (key === undefined || !modelResponseOf(op, key)) return undefined;
      const content = contentOf(doc, dop.responses[key]);
      const mediaTypes = Object.keys(content);
      const mediaType = chooseMediaType(mediaTypes, request?.header('accept'), mediaTypes.find(isJsonMediaType));
      let example: { value: unknown } | undefined;
      if (mediaType !== undefined) {
        const examples = context.examples.examples(op, key, mediaType);
        if (prefer.example !== undefined) {
          const named = examples.find((e) => e.name === prefer.example);
          const names = examples.filter((e) => e.name !== undefined).map((e) => e.name);
          if (!named)
            throw context.refuse(
              400,
              `Prefer: example=${prefer.example} names no example of ${label}'s ${key} response in ${mediaType}; ${names.length > 0 ? `its examples: ${names.join(', ')}` : 'it has no named examples'}`,
            );
          // Named, yet breaking the schema: the mock answers nothing the document does not allow,
          // and a sample in its place would pass for the example asked for. The document's fault: a 500.
          if (named.refused !== undefined) {
            const fitting = examples.filter((e) => e.name !== undefined && e.refused === undefined).map((e) => e.name);
            throw context.refuse(
              500,
              `the mock cannot answer ${label} with the example "${prefer.example}" of its ${key} response in ${mediaType}: it breaks its own schema (${named.refused}) at ${named.pointer}; ${fitting.length > 0 ? `its examples that fit: ${fitting.join(', ')}` : 'none of its named examples fits'}`,
            );
          }
          example = named;
        } else if (!prefer.dynamic) example = examples.find((e) => e.refused === undefined);
      }
      const status = prefer.code ?? (/^\d{3}$/.test(key) ? Number(key) : undefined);
      const answer = responseAnswer(doc, dop, op, tools, {
        key,
        ...(status !== undefined ? { status } : {}),
        ...(mediaType !== undefined ? { mediaType } : {}),
        ...(example ? { example } : {}),
        dynamic: prefer.dynamic,
        headerExamples: true,
        lenient: true,
      });
      if ('owner' in answer)
        throw context.refuse(500, `the mock cannot answer ${label} with its ${key} response: ${answer.message}`);
      // A sample the document's schema refuses is still an answer a frontend can work with; said once.
      if (answer.unchecked !== undefined && !warned.has(op.ident)) {
        warned.add(op.ident);
        context.warn(`${label}: the ${key} answer may not fit the document (${answer.unchecked})`);
      }
      if (answer.exampleRefused !== undefined && !warned.has(`${op.ident} ${key} ${mediaType}`)) {
        warned.add(`${op.ident} ${key} ${mediaType}`);
        context.warn(
          `${label}: the document's example of its ${key} response in ${mediaType} breaks its own schema (${answer.exampleRefused}); a sample is answered instead`,
        );
      }
      for (const [header, why] of Object.entries(answer.headerExamplesRefused ?? {})) {
        if (warned.has(`${op.ident} ${key} ${header}`)) continue;
        warned.add(`${op.ident} ${key} ${header}`);
        context.warn(`${label}: the ${header} header of its ${key} response: ${why}; a sample is answered instead`);
      }
      if (modelResponseOf(op, key)!.error) throw context.failures[op.ident].fail(answer.value);
      return answer.value;
    };
  }
  return handlers;
}
