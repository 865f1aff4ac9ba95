// Round trip: OpenAPI → generated endpoints → OpenAPIGen.fromEndpoints → OpenAPI describes the
// same API. Both documents are read into kitgen's model and compared: operations, parameters
// (location, name, required, style), request bodies (kind, media types), responses (status,
// media types, headers), and the shape of every body, parameter and response schema.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EndpointImpl, OpenAPIGen, type AnyEndpoint } from '@kitgen/runtime';
import { EndpointGen, loadDocument } from '../src/index.ts';
import type { Api, Operation, Response } from '../src/model/Api.ts';
import type { SchemaNode } from '../src/model/Schema.ts';
import { typeText } from '../src/emit/typeText.ts';
import { fixtureCases } from './support/fixtures.ts';

function responses(list: readonly Response[]): string[] {
  return [...list]
    .sort((a, b) => a.status - b.status || a.key.localeCompare(b.key))
    .map(
      (r) =>
        `${r.key} ${(r.content?.variants?.map((v) => v.mediaTypes.join(',')) ?? [(r.content?.mediaTypes ?? []).join(',')]).join(' | ')} [${r.headers
          .map((h) => h.name.toLowerCase())
          .sort()
          .join(',')}]`,
    );
}

function operation(op: Operation, original: Operation = op, bodyMediaTypes?: readonly string[]): unknown {
  return {
    route: `${op.method.toUpperCase()} ${op.path}`,
    // A document without operationIds gets OpenAPIGen's defaults.
    operationId: original.operationId === undefined ? undefined : op.operationId,
    deprecated: op.deprecated,
    // A parameter with a default is optional on the wire (the server applies the default).
    params: op.parameters
      .map(
        (p) =>
          `${p.in} ${p.in === 'header' ? p.name.toLowerCase() : p.name} ${p.required && p.credential === undefined && !p.schema.hasDefault} ${p.style} ${p.explode}${p.mediaType === undefined ? '' : ` content ${p.mediaType}`}`,
      )
      .sort(),
    body: op.body
      ? `${op.body.kind} ${[...(bodyMediaTypes ?? op.body.variants?.flatMap((v) => v.mediaTypes) ?? op.body.mediaTypes)].sort().join(',')}${op.body.parts ? ` parts: ${op.body.parts.map((p) => p.name).join(',')}` : ''}`
      : undefined,
    // An operation declaring no success answers 204 (what the server sends for no output).
    outputs: responses(
      original.outputs.length === 0 ? op.outputs.filter((r) => !(r.status === 204 && !r.content)) : op.outputs,
    ),
    errors: responses(op.errors),
    auth: op.auth.kind,
  };
}

/**
 * A schema's shape as TypeScript text with every named schema written out in place (a recursive
 * one by name where it recurs), so the names the two documents give shared schemas do not
 * matter. One difference is by design and normalised: a component keeps its writeOnly marks
 * whether or not it is the request view, so required is compared as declared. Nullability is
 * compared as it is (the encoder writes null only where a schema admits it).
 */
function shape(api: Api, node: SchemaNode): string {
  const byKey = new Map(api.schemas.map((s) => [s.key, s.schema]));
  const stack: string[] = [];
  const normal = (n: SchemaNode): SchemaNode => {
    switch (n.kind) {
      case 'object':
        return {
          ...n,
          writeView: true,
          // __proto__ is never written (the JSON codec drops it on purpose); writeOnly fields are optional in responses.
          properties: n.properties
            .filter((p) => p.name !== '__proto__')
            .map((p) => ({
              ...p,
              required: p.required && p.schema.writeOnly !== true,
              schema: normal(p.schema),
            })),
          additional: typeof n.additional === 'object' ? normal(n.additional) : n.additional,
        };
      case 'array':
        return { ...n, items: normal(n.items) };
      case 'union':
      case 'allOf':
        return { ...n, members: n.members.map(normal) } as SchemaNode;
      default:
        return n;
    }
  };
  const print = (n: SchemaNode): string =>
    typeText(normal(n), (key) => {
      if (stack.includes(key)) return `Recursive<${stack.length - stack.indexOf(key)}>`;
      stack.push(key);
      const text = print(byKey.get(key) ?? { kind: 'any' });
      stack.pop();
      return `(${text})`;
    });
  // Parentheses only group; where a named schema was written out in place they differ.
  return print(node).replace(/[()]/g, '');
}

const cases = (await fixtureCases()).filter((c) => existsSync(join(c.dir, 'expected', 'endpoints.js')));

// Generated endpoints are JavaScript (`endpoints.js`); a filter on the old `endpoints.ts` silently ran no case.
test('round trip: every fixture with an expected tree takes part', () =>
  assert.ok(cases.length >= 20, `only ${cases.length} fixtures`));

for (const c of cases) {
  test(`round trip: ${c.name}`, async (t) => {
    const input = EndpointGen.fromOpenAPI((await loadDocument(c.input)).document, c.options).api;
    // Operations one method and route share (told apart by a `#fragment`, a query string in the
    // path key, a trailing slash or the body's type) are one operation in any OpenAPI document
    // OpenAPIGen can write, which describes routes, not selectors: there is nothing to round trip.
    const routes = input.operations.map(
      (op) => `${op.method.toUpperCase()} ${op.path.split(/[#?]/)[0].replace(/(.)\/$/, '$1')}`,
    );
    const shared = routes.find((r, i) => routes.indexOf(r) !== i);
    if (shared !== undefined) {
      t.skip(`${shared} is several operations; OpenAPI has one operation per method and path`);
      return;
    }
    const mod = (await import(pathToFileURL(join(c.dir, 'expected', 'endpoints.js')).href)) as Record<string, unknown>;
    const endpoints = Object.values(mod).filter((v): v is AnyEndpoint => v instanceof EndpointImpl);
    assert.equal(endpoints.length, input.operations.length, 'one endpoint per operation');
    const generated = OpenAPIGen.fromEndpoints(
      {
        title: input.title,
        version: input.version,
        openapi: input.openapi.startsWith('3.1') ? '3.1.0' : '3.0.3',
        implicitErrors: false,
      },
      ...endpoints,
    );
    const output = EndpointGen.fromOpenAPI(generated.document).api;

    const byRoute = (api: Api) => new Map(api.operations.map((op) => [`${op.method} ${op.path}`, op]));
    const outOps = byRoute(output);
    for (const op of input.operations) {
      const twin = outOps.get(`${op.method} ${op.path}`);
      assert.ok(twin, `${op.method.toUpperCase()} ${op.path} is in the generated document`);
      // Media types of the body as the generated document lists them (its form and JSON schemas may differ by nullability).
      const content = (
        generated.document.paths?.[op.path] as Record<string, { requestBody?: { content?: object } }> | undefined
      )?.[op.method]?.requestBody?.content;
      assert.deepEqual(
        operation(twin, op, content ? Object.keys(content) : undefined),
        operation(op),
        `${op.method.toUpperCase()} ${op.path}`,
      );
    }
    assert.equal(output.operations.length, input.operations.length);

    // Every body, parameter and response schema has the same shape in both documents.
    for (const op of input.operations) {
      const twin = outOps.get(`${op.method} ${op.path}`)!;
      const pairs: Array<[string, SchemaNode | undefined, SchemaNode | undefined]> = [
        ['body', op.body?.schema, twin.body?.schema],
        ...op.parameters.map(
          (p, i) =>
            [
              `parameter ${p.name}`,
              p.schema,
              twin.parameters.find((q) => q.name === p.name)?.schema ?? twin.parameters[i]?.schema,
            ] as [string, SchemaNode, SchemaNode | undefined],
        ),
        ...[...op.outputs, ...op.errors].map(
          (r) =>
            [
              `response ${r.status}`,
              r.content?.schema,
              [...twin.outputs, ...twin.errors].find((x) => x.status === r.status)?.content?.schema,
            ] as [string, SchemaNode | undefined, SchemaNode | undefined],
        ),
      ];
      for (const [what, a, b] of pairs) {
        if (a === undefined) continue;
        assert.ok(b, `${op.method.toUpperCase()} ${op.path}: ${what} is described`);
        if (op.body?.parts && what === 'body') continue; // parts are compared by name above
        assert.equal(shape(output, b), shape(input, a), `${op.method.toUpperCase()} ${op.path}: ${what}`);
      }
    }
  });
}
