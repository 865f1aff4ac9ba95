// The document's examples of response bodies, judged once when the mock starts: an example that
// breaks its own schema is no answer a contract-true mock gives (Azure's alert rule example holds
// an array where its schema describes an object; the generated server sent `{}` in its place).
// Each one is reported at start, with its JSON pointer and why; a request is answered with the
// next example that fits, else a value sampled from the schema.
import type { Api, Operation } from '../model/Api.ts';
import type { Diagnostic } from '../diagnostics/index.ts';
import { escapePointer, follow, type OpenApiDocument } from '../check/documentPointers.ts';
import {
  contentOf,
  exampleRefusal,
  modelResponseOf,
  type AnswerTools,
  type DeclaredResponses,
} from './handlerAnswers.ts';

/** One example of a media type object: its name (none for `example`), where its value is, the value. */
export interface MediaExample {
  readonly name?: string;
  /** JSON pointer of the value (a `$ref` to `components/examples` followed). */
  readonly pointer: string;
  readonly value: unknown;
}

/** The examples of the media type object at `pointer`: `example`, then each of `examples` that holds a value. */
export function mediaExamples(doc: OpenApiDocument, pointer: string): MediaExample[] {
  const media = follow(doc, pointer);
  if (media.value === undefined) return [];
  const out: MediaExample[] = [];
  if (media.value.example !== undefined) out.push({ pointer: `${media.pointer}/example`, value: media.value.example });
  for (const name of Object.keys((media.value.examples ?? {}) as object)) {
    const example = follow(doc, `${media.pointer}/examples/${escapePointer(name)}`);
    if (example.value !== undefined && 'value' in example.value)
      out.push({ name, pointer: `${example.pointer}/value`, value: example.value.value });
  }
  return out;
}

/** A response's examples in one media type, judged. */
export type JudgedExamples = ReadonlyArray<JudgedExample>;

/** An example with why it cannot be answered (undefined: it can). */
export interface JudgedExample extends MediaExample {
  readonly refused?: string;
}

/** The judged examples of every operation's response bodies, and the warnings for those refused. */
export class ExampleAudit {
  readonly #judged = new Map<string, JudgedExamples>();
  /** One warning per refused example (by its pointer: a shared example is reported once). */
  readonly warnings: Diagnostic[] = [];

  constructor(api: Api, doc: OpenApiDocument, tools: AnswerTools, declared: (op: Operation) => DeclaredResponses) {
    const reported = new Set<string>();
    for (const op of api.operations) {
      const dop = declared(op);
      const label = `${op.method.toUpperCase()} ${op.path}`;
      for (const key of Object.keys(dop.responses)) {
        if (modelResponseOf(op, key)?.response.content === undefined) continue;
        for (const mediaType of Object.keys(contentOf(doc, dop.responses[key]))) {
          const examples = mediaExamples(doc, `${dop.responses[key]}/content/${escapePointer(mediaType)}`);
          if (examples.length === 0) continue;
          const judged: JudgedExamples = examples.map((e) => {
            const refused = exampleRefusal(doc, dop, op, tools, { key, mediaType }, e.value);
            return refused === undefined ? e : { ...e, refused };
          });
          this.#judged.set(this.#key(op, key, mediaType), judged);
          for (const e of judged) {
            if (e.refused === undefined || reported.has(e.pointer)) continue;
            reported.add(e.pointer);
            const which = e.name === undefined ? 'the example' : `the example "${e.name}"`;
            const next = judged.some((o) => o.refused === undefined) ? 'another example' : 'a sample';
            this.warnings.push({
              severity: 'warning',
              pointer: e.pointer,
              message: `${label}: ${which} of its ${key} response in ${mediaType} breaks its own schema (${e.refused}); the mock answers ${next} instead`,
            });
          }
        }
      }
    }
  }

  #key = (op: Operation, key: string, mediaType: string) => `${op.ident}\n${key}\n${mediaType}`;

  /** The examples of response `key` of `op` in `mediaType`, judged (none where it has none). */
  examples(op: Operation, key: string, mediaType: string): JudgedExamples {
    return this.#judged.get(this.#key(op, key, mediaType)) ?? [];
  }
}
