// Invalid requests for a published document live in the product, kitgen check;
// the wire test uses the one copy.
export * from '../../src/check/spoilers.ts';
