// The validation hostile suite's referee: Fastify 5 with its defaults (ajv with ajv-formats,
// 1 MiB body limit), the same routes and schemas as hostileApp.ts's /validate/*, in a process of
// its own so a stalled validation stalls only this process. Prints `{"port":N}` once listening.
import Fastify from 'fastify';
import { exitWithParent } from './exitWithParent.ts';

exitWithParent();
const app = Fastify();
const body = (properties: Record<string, object>) => ({
  body: { type: 'object', properties, required: Object.keys(properties) },
});
const routes: Record<string, Record<string, object>> = {
  capped: { name: { type: 'string', pattern: '^(a+)+$', maxLength: 64 } },
  uncapped: { name: { type: 'string', pattern: '^(a+)+$' } },
  int64: { id: { type: 'integer', format: 'int64' } },
  int32: { n: { type: 'integer', format: 'int32' } },
};
for (const [name, properties] of Object.entries(routes))
  app.post(`/validate/${name}`, { schema: body(properties) }, async () => null);
app.get('/hello', async () => 'hi');
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
process.on('SIGTERM', () => process.exit(0));
