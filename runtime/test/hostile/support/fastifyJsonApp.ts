// The JSON hostile suite's referee: Fastify 5 with its defaults (secure-json-parse refusing
// `__proto__` and `constructor.prototype`, ajv, 1 MiB body limit), the same routes and schemas
// as hostileApp.ts's /json/*, in a process of its own so a stalled request stalls only this
// process. Prints `{"port":N}` once listening.
import Fastify from 'fastify';
import { exitWithParent } from './exitWithParent.ts';

exitWithParent();
const app = Fastify();
const member = (field: string) => ({
  type: 'object',
  required: [field],
  properties: { [field]: { type: 'number' }, next: { $ref: 'Node#' } },
});
app.addSchema({ $id: 'Node', anyOf: [member('x'), member('y')] });
app.post('/json/chain', { schema: { body: { $ref: 'Node#' } } }, async (request) => request.body);
const loose = (type: string) => ({ type: 'object', properties: { next: { $ref: 'Loose#' }, v: { type } } });
app.addSchema({ $id: 'Loose', anyOf: [loose('number'), loose('string')] });
app.post('/json/either', { schema: { body: { $ref: 'Loose#' } } }, async (request) => request.body);
app.post('/json/any', async (request) => request.body);
app.get('/hello', async () => 'hi');
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
process.on('SIGTERM', () => process.exit(0));
