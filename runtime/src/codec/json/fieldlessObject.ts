type Schema = Record<string, unknown>;

/**
 * True for an object schema that names no field and says nothing of other keys (`{ type: object,
 * properties: {} }`, Mist's declared 400 body): in JSON Schema any object, so the codec keeps
 * every key as it does for `{ type: object }`. Read as an object of declared fields, it was every
 * value cut to `{}`, a request body's and an error's message alike.
 */
export function isFieldlessObject(s: Schema): boolean {
  return (
    typeof s.properties === 'object' &&
    s.properties !== null &&
    Object.keys(s.properties).length === 0 &&
    s.additionalProperties === undefined &&
    s.patternProperties === undefined
  );
}
