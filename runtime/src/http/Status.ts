/** An HTTP status code (the spec's `Status`). */
export type Status = number;

/** Status codes by their RFC 9110 names: `Status.Ok`, `Status.NotFound`, `Status.Unauthorized`, … */
export const Status = {
  Continue: 100,
  SwitchingProtocols: 101,
  Ok: 200,
  Created: 201,
  Accepted: 202,
  NonAuthoritativeInformation: 203,
  NoContent: 204,
  ResetContent: 205,
  PartialContent: 206,
  MultipleChoices: 300,
  MovedPermanently: 301,
  Found: 302,
  SeeOther: 303,
  NotModified: 304,
  TemporaryRedirect: 307,
  PermanentRedirect: 308,
  BadRequest: 400,
  Unauthorized: 401,
  PaymentRequired: 402,
  Forbidden: 403,
  NotFound: 404,
  MethodNotAllowed: 405,
  NotAcceptable: 406,
  ProxyAuthenticationRequired: 407,
  RequestTimeout: 408,
  Conflict: 409,
  Gone: 410,
  LengthRequired: 411,
  PreconditionFailed: 412,
  RequestEntityTooLarge: 413,
  RequestUriTooLong: 414,
  UnsupportedMediaType: 415,
  RequestedRangeNotSatisfiable: 416,
  ExpectationFailed: 417,
  UnprocessableEntity: 422,
  UpgradeRequired: 426,
  TooManyRequests: 429,
  RequestHeaderFieldsTooLarge: 431,
  InternalServerError: 500,
  NotImplemented: 501,
  BadGateway: 502,
  ServiceUnavailable: 503,
  GatewayTimeout: 504,
  HttpVersionNotSupported: 505,
} as const;

/** True for 1xx, 204 and 304 responses, which carry no body (RFC 9110 §6.4.1). */
export function statusHasNoBody(status: Status): boolean {
  return status < 200 || status === 204 || status === 304;
}
