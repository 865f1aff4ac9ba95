import type { CodecConfig } from './CodecConfig.ts';
import { NameFormat } from './NameFormat.ts';
import { isFieldlessObject } from './fieldlessObject.ts';

type Schema = Record<string, unknown>;

/** The fields of a closed object schema, as the generated plain-value tests read them. */
export interface PlainObjectFields {
  readonly properties: Record<string, Schema>;
  readonly required: ReadonlySet<string>;
  readonly names: readonly string[];
}

/**
 * The fields of an object schema whose values a generated test can follow as they are: declared
 * properties only (no other or patterned keys), none named like a member of Object.prototype (an
 * absent one would read the inherited member) and none renamed by the config's field-name format.
 * Undefined for any other object schema, which is left to the plan.
 */
export function plainObjectFields(schema: Schema, config: CodecConfig): PlainObjectFields | undefined {
  if (typeof schema.properties !== 'object' || schema.properties === null) return undefined;
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) return undefined;
  if (schema.patternProperties !== undefined || isFieldlessObject(schema)) return undefined;
  const properties = schema.properties as Record<string, Schema>;
  const names = Object.keys(properties);
  const plainName = (name: string) =>
    !(name in Object.prototype) && name !== '__proto__' && NameFormat.apply(config.fieldNameFormat, name) === name;
  if (!names.every(plainName)) return undefined;
  const required = new Set<string>(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return { properties, required, names };
}
