// The compiler generates declared-error mappers for the statuses the runtime refuses a matched
// request with by itself; it cannot import the runtime, so it keeps a copy of the list, held
// equal to the runtime's here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runtimeStatuses } from '../src/model/declaredErrors.ts';
import { isRefusalStatus, refusalStatuses } from '../../runtime/src/errors/refusalStatuses.ts';

test("the compiler's runtime statuses are the runtime's refusal statuses", () => {
  assert.deepEqual([...runtimeStatuses], [...refusalStatuses]);
  for (let status = 100; status < 600; status++)
    assert.equal(isRefusalStatus(status), refusalStatuses.includes(status), String(status));
});
