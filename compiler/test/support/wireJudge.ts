// The verdict on an answer against a published document lives in the product, kitgen check;
// the wire test uses the one copy.
export * from '../../src/check/judge.ts';
