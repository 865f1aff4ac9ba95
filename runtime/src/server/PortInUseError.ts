/**
 * The port a server is to bind is taken: the user's to fix, so one line naming the port and the
 * variable that changes it, instead of Node's `EADDRINUSE` with a stack. Keeps `code` so code
 * that checks for `EADDRINUSE` still does.
 */
export class PortInUseError extends Error {
  readonly code = 'EADDRINUSE';

  constructor(
    readonly port: number,
    readonly host: string,
  ) {
    super(
      `port ${port} is in use (on ${host}); stop what uses it, or choose another port with LIB_HTTP_SERVER_BINDING_PORT (0 picks a free one)`,
    );
    this.name = 'PortInUseError';
  }
}
