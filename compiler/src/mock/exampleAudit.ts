// The document's examples of response bodies, judged once when the mock starts: an example that
// breaks its own schema is no answer a contract-true mock gives (Azure's alert rule example holds
// an array where its schema describes an object; the generated server sent `{}` in its place).
// Each one is reported as the mock starts, with its JSON pointer and why; a request is answered
// with the next example that fits, else a value sampled from the schema.
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

/**
 * The judged examples of every operation's response bodies, and the warnings for those refused.
 * A response's examples are judged when first asked for, and all of them in the background once
 * the mock listens ({@link judgeAll}): judging GitHub's thousand responses takes ajv half a
 * minute, which the start line should not wait for.
 */
export class ExampleAudit {
  readonly #judged = new Map<string, JudgedExamples>();
  /** Pointers of refused examples already warned of (a shared example is reported once). */
  readonly #reported = new Set<string>();
  #warnings: Diagnostic[] = [];

  constructor(
    private readonly api: Api,
    private readonly doc: OpenApiDocument,
    private readonly tools: AnswerTools,
    private readonly declared: (op: Operation) => DeclaredResponses,
  ) {}

  /** The examples of response `key` of `op` in `mediaType`, judged (none where it has none). */
  examples(op: Operation, key: string, mediaType: string): JudgedExamples {
    const at = `${op.ident}\n${key}\n${mediaType}`;
    let judged = this.#judged.get(at);
    if (judged === undefined) {
      judged = this.#judge(op, this.declared(op), key, mediaType);
      this.#judged.set(at, judged);
    }
    return judged;
  }

  #judge(op: Operation, dop: DeclaredResponses, key: string, mediaType: string): JudgedExamples {
    if (modelResponseOf(op, key)?.response.content === undefined) return [];
    const examples = mediaExamples(this.doc, `${dop.responses[key]}/content/${escapePointer(mediaType)}`);
    const judged: JudgedExamples = examples.map((e) => {
      const refused = exampleRefusal(this.doc, dop, op, this.tools, { key, mediaType }, e.value);
      return refused === undefined ? e : { ...e, refused };
    });
    const label = `${op.method.toUpperCase()} ${op.path}`;
    for (const e of judged) {
      if (e.refused === undefined || this.#reported.has(e.pointer)) continue;
      this.#reported.add(e.pointer);
      const which = e.name === undefined ? 'the example' : `the example "${e.name}"`;
      const next = judged.some((o) => o.refused === undefined) ? 'another example' : 'a sample';
      this.#warnings.push({
        severity: 'warning',
        pointer: e.pointer,
        message: `${label}: ${which} of its ${key} response in ${mediaType} breaks its own schema (${e.refused}); the mock answers ${next} instead`,
      });
    }
    return judged;
  }

  /**
   * Judges the examples of every response, letting requests be answered between operations;
   * stops early once `stopped()` (the mock closed).
   */
  async judgeAll(stopped: () => boolean): Promise<void> {
    for (const op of this.api.operations) {
      if (stopped()) return;
      const dop = this.declared(op);
      for (const key of Object.keys(dop.responses))
        for (const mediaType of Object.keys(contentOf(this.doc, dop.responses[key]))) this.examples(op, key, mediaType);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** The warnings of refused examples found since the last call. */
  takeWarnings(): Diagnostic[] {
    const taken = this.#warnings;
    this.#warnings = [];
    return taken;
  }
}
