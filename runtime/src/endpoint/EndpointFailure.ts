/**
 * A declared failure of an endpoint, carrying a value of its error type. A handler throws (or
 * returns) `endpoint.fail(value)`; the response gets the status registered for that error.
 */
export class EndpointFailure<E> extends Error {
  readonly value: E;

  constructor(value: E) {
    super('endpoint failure');
    this.name = 'EndpointFailure';
    this.value = value;
  }
}
