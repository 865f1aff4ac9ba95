// End to end on the feature fixtures (every other one in name order; the rest in
// e2e-fixtures-a.test.ts, so the two halves run side by side): see support/endToEnd.ts.
import { endToEndTests } from './support/endToEnd.ts';

await endToEndTests(1);
