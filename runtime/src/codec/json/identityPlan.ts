import type { JsonPlan } from './jsonPlan.ts';

/** The plan of a schema whose values are the same in memory and in JSON (strings, numbers, Unknown…). */
export const identityPlan: JsonPlan = { encode: (v) => v, decode: (v) => v, encodeIdentity: true, hasBigInt: false };
