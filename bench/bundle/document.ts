// The OpenAPI document `npm run bench:bundle` generates each client from: `operations`
// operations over resources of their own, in pairs (GET /resources<n>/{id} with a query
// parameter and a declared 404; POST /resources<n> with a JSON body answering 201), each resource
// with its own two schemas, so every added operation adds what a real one does.

/** The operation a bench page calls: the first, `GET /resources0/{id}`. */
export const calledOperation = { operationId: 'getResource0', path: '/resources0/{id}' } as const;

/** A document of `operations` operations (JSON-ready). */
export function bundleDocument(operations: number): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {
    Problem: {
      type: 'object',
      required: ['message'],
      properties: { message: { type: 'string' }, code: { type: 'integer' } },
    },
  };
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  for (let i = 0; i < operations; i++) {
    const n = Math.floor(i / 2);
    const item = `Resource${n}`;
    const draft = `NewResource${n}`;
    schemas[item] ??= {
      type: 'object',
      required: ['id', 'name'],
      properties: {
        id: { type: 'integer', format: 'int32' },
        name: { type: 'string', minLength: 1 },
        tags: { type: 'array', items: { type: 'string' } },
        updatedAt: { type: 'string', format: 'date-time' },
      },
    };
    schemas[draft] ??= {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string', minLength: 1 }, tags: { type: 'array', items: { type: 'string' } } },
    };
    if (i % 2 === 0) {
      paths[`/resources${n}/{id}`] = {
        get: {
          operationId: `getResource${n}`,
          tags: [`resources${n}`],
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'integer', format: 'int32' } },
            { name: 'verbose', in: 'query', required: false, schema: { type: 'boolean' } },
          ],
          responses: {
            '200': { description: 'The resource.', content: json(ref(item)) },
            '404': { description: 'No such resource.', content: json(ref('Problem')) },
          },
        },
      };
    } else {
      paths[`/resources${n}`] = {
        post: {
          operationId: `createResource${n}`,
          tags: [`resources${n}`],
          requestBody: { required: true, content: json(ref(draft)) },
          responses: {
            '201': { description: 'Created.', content: json(ref(item)) },
            '400': { description: 'Refused.', content: json(ref('Problem')) },
          },
        },
      };
    }
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Bundle bench', version: '1.0.0' },
    servers: [{ url: 'http://localhost:8080' }],
    paths,
    components: { schemas },
  };
}
