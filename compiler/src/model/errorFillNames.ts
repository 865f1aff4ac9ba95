// The names of a declared error's properties that the runtime's own failure can fill, by what fills
// them, and the words that say which kind of failure an enum value names.

/** Names of a property that carries the failure's message. */
export const messageNames = new Set([
  'message',
  'cause',
  'detail',
  'details',
  'description',
  'msg',
  'errormessage',
  'errordescription',
  'errordetail',
  'errormsg',
  'text',
  'err',
  'errmsg',
]);
// `name` (YNAB's `bad_request`-like error name, DRF-style bodies keyed by a field `name`) takes the
// reason phrase, text that names the failure.
/** Names of a property that carries the reason phrase (`Bad Request`). */
export const reasonNames = new Set([
  'error',
  'title',
  'reason',
  'statustext',
  'summary',
  'errortitle',
  'name',
  'errorname',
]);
// `id` names the error (DigitalOcean's `not_found`) where an error object has one as plain text.
// `category` is HubSpot's (`VALIDATION_ERROR`).
/** Names of a text property that carries the catalogue code. */
export const codeNames = new Set([
  'code',
  'errorcode',
  'type',
  'errortype',
  'kind',
  'id',
  'errorid',
  'errorkey',
  'key',
  'category',
  'errorcategory',
]);
/** Names of a text property that carries the status. */
export const statusNames = new Set(['status', 'statuscode', 'httpstatus', 'httpcode', 'httpstatuscode']);
// An integer `error` (Authentiq's) is a code too: the status is the one the runtime has; so is
// neutrinoapi's `api-error` ("if set and > 0 then an API error has occurred").
/** Names of a number property that carries the status. */
export const numericCodeNames = new Set([...statusNames, 'code', 'errorcode', 'error', 'apierror', 'apierrorcode']);
/** Names of a property that carries the failing parameter or pointer. */
export const placeNames = new Set(['field', 'parameter', 'param', 'pointer', 'target', 'path', 'source', 'location']);
/** Names of a boolean that says the request succeeded (false on a failure). */
export const falseNames = new Set(['success', 'ok', 'succeeded', 'successful']);
// BBC's required `$schema` (and `schema`) is a link too: to the schema of the body, which the
// runtime has none of, so `about:blank`.
/** Names of a link to more about the error. */
export const linkNames = new Set([
  '$schema',
  'schema',
  'href',
  'link',
  'helpurl',
  'helplink',
  'documentationurl',
  'docsurl',
  'moreinfo',
  'moreinfourl',
  'infourl',
]);

/** Words, by status, that say which kind of failure an enum value names. */
export const kindWords: Readonly<Record<number, readonly string[]>> = {
  400: [
    'badrequest',
    'invalidrequest',
    'invalid',
    'validation',
    'malformed',
    'badinput',
    'invalidargument',
    'invalidparameter',
    'bad',
  ],
  401: ['unauthorized', 'unauthenticated', 'authenticationrequired', 'authentication', 'unauthorised', 'auth'],
  413: ['payloadtoolarge', 'requestentitytoolarge', 'toolarge', 'contenttoolarge', 'large'],
  415: ['unsupportedmediatype', 'unsupportedcontenttype', 'mediatype', 'unsupported'],
};

/** A property name as the sets above hold it: lower case, without `_`, `-`, spaces or dots. */
export const key = (name: string) => name.toLowerCase().replace(/[_\-\s.]/g, '');

/** The enum value naming the failure's kind for `status`, when one does (`invalid_request` for a 400). */
export function kindValue(values: readonly unknown[], status: number): unknown {
  const words = kindWords[status] ?? [];
  for (const word of words) {
    const hit = values.find((v) => typeof v === 'string' && key(v).includes(word));
    if (hit !== undefined) return hit;
  }
  const exact = values.find((v) => v === status || v === String(status));
  if (exact !== undefined || status === 400) return exact;
  // Every refusal of the runtime's is one of the request's: an enum with no word for this status
  // (Stripe's `type` for a 401) takes its bad-request value.
  return kindValue(values, 400);
}

/** Names of an identifier of the error's occurrence or of the request, filled with a fresh one. */
export const uniqueNames = new Set([
  'id',
  'errorid',
  'requestid',
  'correlationid',
  'traceid',
  'transactionid',
  'instance',
  'instanceid',
  'incidentid',
  'errorref',
  'errorreference',
  'referenceid',
  'trackingid',
]);

/** Names of a plain text that says when the error happened. */
export const timeNames = new Set(['timestamp', 'time', 'datetime', 'occurredat', 'errortime', 'servertime']);

/** Names of a text that tells the client what to do about the error (here.com's `action`). */
export const adviceNames = new Set([
  'action',
  'remedy',
  'resolution',
  'suggestion',
  'hint',
  'howtofix',
  'recommendation',
]);

/** What the client can do about each of the runtime's own refusals, by status: all of them are the request's. */
export const adviceByStatus: Readonly<Record<number, string>> = {
  400: 'Correct the request as the message says, then send it again.',
  401: 'Send the credentials the operation requires.',
  413: 'Send a smaller body.',
  415: 'Send the body in a media type the operation accepts.',
};
