import type { TSchema } from 'typebox';
import { taggedUnionInfo } from '../schema/TaggedUnion.ts';
import { isScalarArray, typeLabel } from './valueParsers.ts';

type S = Record<string, any>;

/** One `--.<field>` option of a body (or of a multipart part): its place, schema and whether it is required. */
export interface FieldSpec {
  /** Property names from the body's root (a part's fields start with the part name). */
  readonly path: readonly string[];
  readonly schema: TSchema;
  /** Required here and in every object around it. */
  readonly required: boolean;
  /** Commander flags, e.g. `--.address.city <text>` or `--.tags <text...>`. */
  readonly flags: string;
}

const fieldName = /^[A-Za-z0-9_$][A-Za-z0-9_$-]*$/;
const maxDepth = 6;

function isExpandable(s: S): boolean {
  if (s.type !== 'object' || !s.properties || taggedUnionInfo(s)) return false;
  const names = Object.keys(s.properties);
  return names.length > 0 && names.every((n) => fieldName.test(n) && n !== '__proto__');
}

/** True when a body schema is an object whose fields can each be given as an option. */
export function hasFields(schema: TSchema): boolean {
  return isExpandable(schema as unknown as S);
}

/**
 * The field options of a schema below `prefix`: objects with plain property names expand into
 * their fields (`--.address.city`), arrays of scalars take several values, anything else is one
 * JSON (or file, for bytes) value. A field is required when it and every object around it are.
 */
export function fieldSpecs(schema: TSchema, prefix: readonly string[], required: boolean, depth = 0): FieldSpec[] {
  const s = schema as unknown as S;
  if (isExpandable(s) && depth < maxDepth) {
    const req = new Set<string>(s.required ?? []);
    return Object.entries(s.properties as Record<string, TSchema>).flatMap(([name, prop]) =>
      fieldSpecs(prop, [...prefix, name], required && req.has(name), depth + 1),
    );
  }
  if (prefix.length === 0) return [];
  return [
    {
      path: prefix,
      schema,
      required,
      flags: `--.${prefix.join('.')} <${typeLabel(schema)}${isScalarArray(schema) ? '...' : ''}>`,
    },
  ];
}

/** Builds the object the given field values describe; objects no field was given for stay absent. */
export function assembleFields(
  values: ReadonlyArray<readonly [FieldSpec, unknown]>,
  skip: number,
): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [spec, value] of values) {
    if (value === undefined) continue;
    let target = root;
    const path = spec.path.slice(skip);
    for (const key of path.slice(0, -1)) {
      const next = Object.prototype.hasOwnProperty.call(target, key) ? target[key] : undefined;
      target = (next ?? (target[key] = {})) as Record<string, unknown>;
    }
    target[path[path.length - 1]] = value;
  }
  return root;
}
