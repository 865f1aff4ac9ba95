// Prints how DeriveSchema.gen<T>() fares on ts-json-schema-generator's test/valid-data cases:
//   git clone --depth 1 https://github.com/vega/ts-json-schema-generator /tmp/tjsg
//   node scripts/run-ts.mjs compiler/test/support/validDataRun.ts /tmp/tjsg [folder-substring]
// The suite is read where it is checked out; nothing of it is copied into this repository.
import { resolve } from 'node:path';
import { judgeValidData, type CaseResult } from './validDataSuite.ts';

const [checkout, only] = process.argv.slice(2);
if (!checkout) {
  console.error('usage: validDataRun.ts <ts-json-schema-generator checkout> [folder-substring]');
  process.exit(2);
}
const results = judgeValidData(resolve(checkout, 'test'), only ? (c) => c.dir.includes(only) : undefined);
const of = (kind: CaseResult['verdict']['kind']) => results.filter((r) => r.verdict.kind === kind);
for (const kind of ['refused', 'differ', 'decided', 'not a type'] as const) {
  const list = of(kind);
  if (list.length > 0)
    console.log(
      `${kind.toUpperCase()}\n${list.map((r) => `  ${r.dir} (${r.type}): ${'detail' in r.verdict ? r.verdict.detail : ''}`).join('\n')}`,
    );
}
const openapiOff = results.filter((r) => r.openapi !== undefined && r.openapi !== 'same');
if (openapiOff.length > 0)
  console.log(`OPENAPI DIFFERS FROM THE DERIVATION\n${openapiOff.map((r) => `  ${r.dir}: ${r.openapi}`).join('\n')}`);
const counted = results.filter((r) => r.verdict.kind !== 'not a type');
console.log({
  cases: counted.length,
  equal: of('equal').length,
  agree: of('agree').length,
  differ: of('differ').length,
  decided: of('decided').length,
  refused: of('refused').length,
  notAType: of('not a type').length,
  openapiSame: results.filter((r) => r.openapi === 'same').length,
});
