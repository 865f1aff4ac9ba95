// End to end on the fixtures about operations (parameters and their styles, request bodies,
// responses and headers, media types, multipart, security, split output, OpenAPI 3.1): the
// generated client calls every operation of the generated server with sample values and gets
// them back. The fixtures about schema shapes are in e2e-schema-fixtures.test.ts.
import { endToEndTests } from './support/endToEnd.ts';

await endToEndTests('operations');
