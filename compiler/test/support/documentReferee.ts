// The judge of published documents (ajv over their own schemas) lives in the product, kitgen check;
// the wire test uses the one copy.
export * from '../../src/check/documentReferee.ts';
