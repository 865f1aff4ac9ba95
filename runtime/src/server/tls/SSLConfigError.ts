/**
 * A problem with TLS key material, found when the server starts: names the file and what is
 * wrong with it (missing, wrong password, not a keystore, key and certificate do not match).
 */
export class SSLConfigError extends Error {
  /** The file the problem is about, when there is one. */
  readonly file: string | undefined;

  constructor(message: string, options: { file?: string; cause?: unknown } = {}) {
    super(`SSLConfig: ${message}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SSLConfigError';
    this.file = options.file;
  }
}
