/** An HTTP request method (the spec's `Method`). */
export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | 'TRACE' | 'CONNECT';

/** The methods by name: `Method.GET` etc. */
export const Method = {
  GET: 'GET',
  HEAD: 'HEAD',
  POST: 'POST',
  PUT: 'PUT',
  PATCH: 'PATCH',
  DELETE: 'DELETE',
  OPTIONS: 'OPTIONS',
  TRACE: 'TRACE',
  CONNECT: 'CONNECT',
  /** All methods, in a stable order (used for `Allow` headers). */
  all: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT'] as readonly Method[],
  /** Parses a method name case-sensitively, as RFC 9110 says; undefined for others. */
  parse(name: string): Method | undefined {
    return (Method.all as readonly string[]).includes(name) ? (name as Method) : undefined;
  },
} as const;
