// openapi-sampler's strings as kitgen's mock and samples need them, registered in its place when
// this module is imported: a string with a `pattern` gets a text that matches it (and is of its
// format) where one can be made; one of `maxLength: 0` the empty text (openapi-sampler reads the 0
// as no bound and says "string"); a date-time or time its length bounds (openapi-sampler's misses
// a `minLength: 25`).
import * as openapiSampler from 'openapi-sampler';
import { formattedPatternSample } from './formattedPatternSample.ts';
import { timeOfLength } from './timeOfLength.ts';

type StringSampler = (
  schema: { pattern?: unknown; format?: unknown; minLength?: number; maxLength?: number },
  ...rest: unknown[]
) => unknown;
// Its samplers by type, and how to replace one: exported, though not in its type declarations.
const internals = openapiSampler as unknown as {
  _samplers: Record<string, StringSampler>;
  _registerSampler(type: string, sampler: StringSampler): void;
};
const sampleString = internals._samplers.string;
internals._registerSampler('string', (schema, ...rest) => {
  const text =
    typeof schema.pattern === 'string'
      ? formattedPatternSample(schema.pattern, schema.format, schema.minLength, schema.maxLength)
      : undefined;
  if (text !== undefined) return text;
  if (schema.maxLength === 0) return '';
  // Its dates and times are one fixed text whatever the bounds (bounds it misses it warns of on
  // stderr, in the middle of a mock's or a check's output): the bounds are met below instead.
  const dated = schema.format === 'date-time' || schema.format === 'time' || schema.format === 'date';
  const sampled = sampleString(dated ? { ...schema, minLength: undefined, maxLength: undefined } : schema, ...rest);
  if ((schema.format === 'date-time' || schema.format === 'time') && typeof sampled === 'string')
    return timeOfLength(sampled, schema.minLength, schema.maxLength) ?? sampled;
  return sampled;
});
