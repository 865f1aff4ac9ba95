// A third-party referee. Every fixture's generated server is called for every
// declared operation, once per declared output and error (the e2e harness's handlers answer each
// with samples), and once with a request the runtime must refuse; each raw response — status,
// Content-Type and body bytes as they crossed the wire — is judged by ajv against the document's
// own response schemas (the bundled input, not kitgen's model). Requests are sent by the generated
// client through a recording `fetch`; the judging knows nothing of kitgen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import AjvDraft04 from 'ajv-draft-04';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { Operation } from '../src/model/Api.ts';
import { unmetDeclaredError } from '../src/model/declaredErrors.ts';
import { fixtureCases, type FixtureCase } from './support/fixtures.ts';
import { credentials, handlers, load, type Mode } from './support/endToEnd.ts';
import { Samples } from './support/samples.ts';
import { serve } from './support/e2e.ts';

const addFormats = addFormatsModule as unknown as (ajv: unknown) => void;

type Doc = { openapi: string; paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>> };
type ResponseObject = { content?: Record<string, { schema?: unknown }> };

/** What went over the wire for one call. */
interface Seen {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly text: string;
}

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The document's schemas as JSON Schema for ajv: 3.0's `nullable` becomes a null type (or an
 * `anyOf` with null where there is no `type`), and a `pattern` JavaScript cannot compile (a PCRE
 * inline flag such as `(?i)`) is left unchecked — a limit of the referee, not a pass for the server.
 */
function jsonSchemaOf(value: unknown, openapi30: boolean, skipped: string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => jsonSchemaOf(v, openapi30, skipped));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = jsonSchemaOf(v, openapi30, skipped);
  if (typeof out.pattern === 'string') {
    try {
      new RegExp(out.pattern, 'u');
    } catch {
      skipped.push(out.pattern);
      delete out.pattern;
    }
  }
  // OpenAPI's discriminator picks the member by the tag (a Cat may also fit a looser Lizard): each
  // member is held to the tag values that name it (the mapping's, else its component name).
  const discriminator = out.discriminator as { propertyName?: string; mapping?: Record<string, string> } | undefined;
  const members = (out.oneOf ?? out.anyOf) as Array<{ $ref?: string }> | undefined;
  if (discriminator?.propertyName && Array.isArray(members) && members.every((m) => typeof m.$ref === 'string')) {
    const component = (ref: string) => ref.replace(/^.*\//, '');
    const tagged = members.map((m) => {
      const names = Object.entries(discriminator.mapping ?? {})
        .filter(([, target]) => component(target) === component(m.$ref!))
        .map(([name]) => name);
      return {
        allOf: [
          m,
          { properties: { [discriminator.propertyName!]: { enum: names.length > 0 ? names : [component(m.$ref!)] } } },
        ],
      };
    });
    if (out.oneOf) out.oneOf = tagged;
    else out.anyOf = tagged;
  }
  if (openapi30 && out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    } else return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

/** An ajv for the document's dialect with the document added as `doc` (3.0: draft-04's boolean bounds and `nullable`; 3.1: 2020-12). */
function referee(doc: Doc): { validator: (pointer: string) => ValidateFunction } {
  const options = { strict: false, allErrors: true, validateSchema: false, discriminator: false } as const;
  const ajv = doc.openapi.startsWith('3.1') ? new Ajv2020(options) : new (AjvDraft04 as unknown as typeof Ajv)(options);
  addFormats(ajv);
  ajv.addSchema(jsonSchemaOf(doc, !doc.openapi.startsWith('3.1'), []) as object, 'doc');
  const cache = new Map<string, ValidateFunction>();
  return {
    validator: (pointer) => {
      let v = cache.get(pointer);
      if (!v) cache.set(pointer, (v = ajv.compile({ $ref: `doc#${pointer}` })));
      return v;
    },
  };
}

/** The response object a status falls under: exact, then its range (`4XX`), then `default`. */
function responseKey(responses: Record<string, ResponseObject>, status: number): string | undefined {
  const exact = String(status);
  if (responses[exact]) return exact;
  const range = `${exact[0]}XX`;
  if (responses[range]) return range;
  return Object.keys(responses).find((k) => k.toUpperCase() === range) ?? (responses.default ? 'default' : undefined);
}

const isJson = (mt: string) => mt === 'application/json' || mt.endsWith('+json');

/** The value at a JSON pointer of the document. */
function at(doc: unknown, pointer: string): unknown {
  let v = doc;
  for (const t of pointer.split('/').slice(1))
    v = (v as Record<string, unknown> | undefined)?.[t.replace(/~1/g, '/').replace(/~0/g, '~')];
  return v;
}

/** A response object and its pointer, following a `$ref` to `components/responses`. */
function responseAt(doc: Doc, pointer: string): { response: ResponseObject; pointer: string } {
  let response = at(doc, pointer) as ResponseObject & { $ref?: string };
  for (let i = 0; i < 8 && typeof response.$ref === 'string' && response.$ref.startsWith('#'); i++) {
    pointer = response.$ref.slice(1);
    response = at(doc, pointer) as ResponseObject & { $ref?: string };
  }
  return { response, pointer };
}

/** Every way `seen` breaks the document's contract for `op`, as sentences. */
function violations(doc: Doc, judge: ReturnType<typeof referee>, op: Operation, seen: Seen): string[] {
  const responses = doc.paths[op.path]?.[op.method]?.responses ?? {};
  const key = responseKey(responses, seen.status);
  if (key === undefined) return [`status ${seen.status} is not declared (${Object.keys(responses).join(', ')})`];
  const { response, pointer } = responseAt(doc, `/paths/${escape(op.path)}/${op.method}/responses/${escape(key)}`);
  const content = response.content;
  if (!content || Object.keys(content).length === 0)
    return seen.text === '' ? [] : [`${key} declares no body, got ${seen.text.slice(0, 80)}`];
  // Media types compare by their essence (parameters aside, RFC 9110 §8.3.1); a range covers its types but is never sent.
  const essence = (m: string) => m.split(';')[0].trim().toLowerCase();
  const mediaType = seen.contentType === undefined ? undefined : essence(seen.contentType);
  if (mediaType?.includes('*')) return [`${key}: Content-Type ${seen.contentType} is a media range, not a media type`];
  const declared =
    Object.keys(content).find((m) => essence(m) === mediaType) ??
    Object.keys(content).find((m) => essence(m).endsWith('/*') && mediaType?.startsWith(essence(m).slice(0, -1))) ??
    Object.keys(content).find((m) => essence(m) === '*/*' && mediaType !== undefined);
  if (!declared) return [`${key}: Content-Type ${seen.contentType} is not one of ${Object.keys(content).join(', ')}`];
  if (!isJson(mediaType!) || content[declared].schema === undefined) return [];
  let body: unknown;
  try {
    body = JSON.parse(seen.text);
  } catch {
    return [`${key}: the ${declared} body is not JSON: ${seen.text.slice(0, 80)}`];
  }
  const validate = judge.validator(`${pointer}/content/${escape(declared)}/schema`);
  return validate(body)
    ? []
    : [`${key} ${declared}: ${JSON.stringify(validate.errors?.slice(0, 3))} in ${seen.text.slice(0, 200)}`];
}

/** How a request is spoiled so the runtime must refuse it (400 body/parameter, 401), or undefined when nothing can be. */
function spoil(op: Operation, init: RequestInit, url: string): { url: string; init: RequestInit } | undefined {
  const headers = new Headers(init.headers);
  if (op.body && isJson(headers.get('content-type')?.split(';')[0] ?? ''))
    return { url, init: { ...init, body: '{"unterminated' } };
  const required = op.parameters.find((p) => p.in === 'query' && p.required && p.credential === undefined);
  if (required) {
    const u = new URL(url);
    u.searchParams.delete(required.name);
    return { url: u.href, init };
  }
  if (op.auth.kind !== 'none') {
    headers.delete('authorization');
    return { url, init: { ...init, headers } };
  }
  return undefined;
}

/**
 * Fixtures whose own document cannot be bundled (a `$ref` to nothing), or whose schemas are loops
 * of bare `$ref`s (ajv follows them forever): no schema to judge by.
 */
const unjudgeable = new Set(['unresolvable-refs', 'ref-loops']);

const cases = (await fixtureCases()).filter(
  (f) => existsSync(join(f.dir, 'expected', 'server.js')) && !unjudgeable.has(f.name),
);

for (const c of cases) refereeTest(c);

function refereeTest(c: FixtureCase): void {
  test(`third-party referee: ${c.name}`, async (t) => {
    const doc = (await SwaggerParser.bundle(c.input)) as unknown as Doc;
    const judge = referee(doc);
    const { api, generated } = await load(c);
    const samples = new Samples(api);
    const state: { mode: Mode; received?: unknown } = { mode: { kind: 'output', index: 0 } };
    const server = await serve(generated.routes(handlers(api, samples, generated, state)));
    let spoiling: Operation | undefined;
    let seen: Seen | undefined;
    const recording = async (url: string, init: RequestInit) => {
      const sent = spoiling ? (spoil(spoiling, init, url) ?? { url, init }) : { url, init };
      const response = await fetch(sent.url, sent.init);
      const text = await response.clone().text();
      seen = { status: response.status, contentType: response.headers.get('content-type') ?? undefined, text };
      return response;
    };
    const found: string[] = [];
    let calls = 0;
    let refusals = 0;
    let warned = 0;
    try {
      const client = generated.createClient({
        baseUrl: `${server.url}${generated.basePath}`,
        ...credentials(api),
        fetch: recording,
      });
      for (const op of api.operations) {
        const params = samples.params(op);
        const modes: Mode[] = [
          ...Array.from({ length: Math.max(1, op.outputs.length) }, (_, index): Mode => ({ kind: 'output', index })),
          ...op.errors.map((_, index): Mode => ({ kind: 'error', index })),
        ];
        for (const mode of [...modes, undefined]) {
          state.mode = mode ?? { kind: 'output', index: 0 };
          spoiling = mode === undefined ? op : undefined;
          seen = undefined;
          await (client.either[op.ident](params) as Promise<unknown>).catch(() => undefined);
          spoiling = undefined;
          if (!seen) continue;
          calls++;
          const what =
            mode === undefined
              ? 'refused request'
              : `${mode.kind} ${mode.kind === 'output' ? (op.outputs[mode.index]?.key ?? '(none)') : op.errors[mode.index].key}`;
          const responses = doc.paths[op.path]?.[op.method]?.responses ?? {};
          // A document without responses makes no claim; a refusal is judged where the
          // operation declares a 4xx for it (any status may occur in OpenAPI, undeclared ones say nothing).
          if (Object.keys(responses).length === 0) continue;
          if (
            mode === undefined &&
            ((seen as Seen).status < 400 || !/^4/.test(responseKey(responses, (seen as Seen).status) ?? ''))
          )
            continue;
          // A shape the generator warned it cannot fill (`kitgen generate` lists the operation) is a
          // known answer in the runtime's own body, counted apart.
          if (mode === undefined && unmetDeclaredError(api, op, (seen as Seen).status) !== undefined) {
            warned++;
            continue;
          }
          if (mode === undefined) refusals++;
          const place = `${op.method.toUpperCase()} ${op.path} (${what})`;
          for (const v of violations(doc, judge, op, seen)) found.push(`${place}: ${v}`);
        }
      }
    } finally {
      await server.shutdown();
    }
    assert.ok(calls > 0, 'the referee judged some responses');
    if (refusals > 0) t.diagnostic(`${refusals} refused requests judged against a declared 4xx`);
    if (warned > 0) t.diagnostic(`${warned} refused requests in a declared shape the generator warned it cannot fill`);
    assert.deepEqual(found, [], `${found.length} schema violations in ${calls} responses`);
  });
}
