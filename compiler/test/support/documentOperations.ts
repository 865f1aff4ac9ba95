// The operations of a published document as it states them live in the product, kitgen check;
// the wire test uses the one copy.
export * from '../../src/check/documentOperations.ts';
