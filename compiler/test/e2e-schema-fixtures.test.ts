// End to end on the fixtures about schema shapes (types, composition, nullability, recursion,
// names): the generated client calls every operation of the generated server with sample
// values and gets them back. The fixtures about operations are in e2e-operation-fixtures.test.ts
// (support/endToEnd.ts says which is which).
import { endToEndTests } from './support/endToEnd.ts';

await endToEndTests('schemas');
