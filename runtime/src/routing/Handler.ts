import type { Request } from '../http/Request.ts';
import type { Response } from '../http/Response.ts';

/** A request handler: the spec's `Handler`, as an async function from request to response. */
export type Handler = (request: Request) => Response | Promise<Response>;
