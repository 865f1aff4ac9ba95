// Fastify's typed GET route (params and response schemas, async handler, logger off, as its docs
// show) on `BENCH_THREADS` processes: one process, or node:cluster with a Fastify instance per
// worker — the multi-core setup Fastify's documentation points to (one process per core, behind
// cluster or a proxy). Plain node. Prints the port on stderr from the primary.
import cluster from 'node:cluster';
import Fastify from 'fastify';

const threads = Number(process.env.BENCH_THREADS ?? 1);
const port = Number(process.env.BENCH_PORT);
const user = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, email: { type: 'string' } },
  required: ['id', 'name', 'email'],
  additionalProperties: false,
};

if (threads > 1 && cluster.isPrimary) {
  let listening = 0;
  for (let i = 0; i < threads; i++) cluster.fork();
  cluster.on('listening', () => {
    if (++listening === threads) process.stderr.write(`${JSON.stringify({ port })}\n`);
  });
  process.on('SIGTERM', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const app = Fastify({ logger: false });
  app.get(
    '/users/:id',
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
        response: { 200: user },
      },
    },
    async (request) => {
      const id = request.params.id;
      return { id, name: `User ${id}`, email: `user${id}@example.com` };
    },
  );
  await app.listen({ host: '127.0.0.1', port });
  if (!cluster.isWorker) process.stderr.write(`${JSON.stringify({ port })}\n`);
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
}
