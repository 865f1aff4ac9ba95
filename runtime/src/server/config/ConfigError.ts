/**
 * The server configuration could not be loaded (`Server.configured()`). Each problem names the
 * environment variable, or the file and key, and the expected form; all are reported at once.
 */
export class ConfigError extends Error {
  /** One line per problem, e.g. `LIB_HTTP_SERVER_BINDING_PORT: expected a port number 0-65535, got "abc"`. */
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(
      problems.length === 1
        ? problems[0]
        : `${problems.length} problems in the server configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}
