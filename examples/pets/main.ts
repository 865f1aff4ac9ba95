/**
 * `npm run demo`: the Pets API in memory, on a server configured from the environment
 * (`LIB_HTTP_SERVER_BINDING_PORT=9000 npm run demo`; port 0 picks a free port). Prints the URL
 * and a few curl commands, then serves until Ctrl-C (SIGINT) or SIGTERM.
 */
import { Server } from '@kitgen/runtime';
import { petRoutes } from './routes.ts';

const layer = Server.configured();
const port = await Server.install(petRoutes(), layer);

// A wildcard bind is reachable on loopback; show an address a browser or curl can use.
const host = layer.config.address.host;
const shown = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
const url = `http://${shown}:${port}`;

// One write, so a process reading the output sees the URL and the examples together.
console.log(`Pets API listening on ${url}

Try:
  curl ${url}/pets
  curl '${url}/pets?limit=2'
  curl ${url}/pets/1
  curl -i -X POST ${url}/pets -H 'content-type: application/json' -d '{"name":"Fido","tag":"dog"}'
`);

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  // stderr: stdout may be a pipe that is already closed (`npm run demo | head`).
  console.error(`${signal}: shutting down`);
  layer.shutdown().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
