import type { StartServer } from './types.ts';

/** The servers compared, kitgen first (the table's ratios are kitgen's to each of the others). */
export const serverNames = ['kitgen', 'node-http', 'fastify', 'hono'] as const;

/** The name of a benchmarked server. */
export type ServerName = (typeof serverNames)[number];

/** Loads one server's module; a child process loads only the framework it runs. */
export async function loadServer(name: ServerName): Promise<StartServer> {
  switch (name) {
    case 'kitgen':
      return (await import('./kitgen.ts')).start;
    case 'node-http':
      return (await import('./node-http.ts')).start;
    case 'fastify':
      return (await import('./fastify.ts')).start;
    case 'hono':
      return (await import('./hono.ts')).start;
  }
}

/** Type guard for names given on the command line. */
export function isServerName(name: string): name is ServerName {
  return (serverNames as readonly string[]).includes(name);
}
