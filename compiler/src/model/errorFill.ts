import type { Api } from './Api.ts';
import { falseNames, key, kindValue, numericCodeNames } from './errorFillNames.ts';
import { checkedFormat, textFill, unconstrained, type TextFill } from './errorFillText.ts';
import { isRequired, type ObjectNode, type Property, type SchemaNode } from './Schema.ts';

// How a declared error body is filled from the runtime's own failure: which property takes the
// message, the reason phrase, the catalogue code or the status, by its name and type.

/**
 * How one value of a declared error body is made from the runtime's own failure (its status,
 * catalogue code, reason phrase and message): the plan a generated `mapError` is printed from,
 * and what tells the compiler that a declared shape cannot be met.
 */
export type ErrorFill =
  | TextFill
  | { readonly kind: 'status'; readonly bigint?: boolean }
  | { readonly kind: 'object'; readonly fields: ReadonlyArray<{ readonly name: string; readonly fill: ErrorFill }> }
  | { readonly kind: 'array'; readonly items: readonly ErrorFill[] };

/** A fill, or why the declared shape cannot be met (a property path and what it needs). */
export type FillResult = { readonly fill: ErrorFill; readonly message: boolean } | { readonly unmet: string };

/** `s` with its `$ref`s followed to the named schema (at most 16 deep). */
export function resolve(api: Api, s: SchemaNode): SchemaNode {
  for (let i = 0; i < 16 && s.kind === 'ref'; i++) {
    const target = api.schemas.find((n) => n.key === (s as { target: string }).target);
    if (!target) return s;
    s = target.schema;
  }
  return s;
}

/** True when a number bound of `s` admits `value`. */
function admitsNumber(s: SchemaNode, value: number): boolean {
  if (!('constraints' in s)) return true;
  const c = s.constraints as Record<string, unknown>;
  const num = (k: string) => (typeof c[k] === 'number' ? (c[k] as number) : undefined);
  const min = num('minimum');
  const max = num('maximum');
  const xmin = num('exclusiveMinimum');
  const xmax = num('exclusiveMaximum');
  const multipleOf = num('multipleOf');
  return (
    (min === undefined || value >= min) &&
    (max === undefined || value <= max) &&
    (xmin === undefined || value > xmin) &&
    (xmax === undefined || value < xmax) &&
    (multipleOf === undefined || value % multipleOf === 0)
  );
}

/** The fill of a scalar property by its name and type, or undefined when nothing obvious fills it. */
function scalarFill(
  name: string,
  s: SchemaNode,
  status: number,
  required: boolean,
): { fill: ErrorFill; message: boolean } | undefined {
  const k = key(name);
  if (s.kind === 'string') return textFill(name, s, status, required);
  if (s.kind === 'integer' || s.kind === 'number') {
    if (s.enum !== undefined)
      return s.enum.includes(status) ? { fill: { kind: 'literal', value: status }, message: false } : undefined;
    if (numericCodeNames.has(k) && admitsNumber(s, status)) return { fill: { kind: 'status' }, message: false };
    return undefined;
  }
  if (s.kind === 'int64' && numericCodeNames.has(k) && admitsNumber(s, status))
    return { fill: { kind: 'status', bigint: true }, message: false };
  if (s.kind === 'const') {
    const v = s.values.length === 1 ? s.values[0] : kindValue(s.values, status);
    return v === undefined ? undefined : { fill: { kind: 'literal', value: v }, message: false };
  }
  if (s.kind === 'boolean' && required) {
    if (s.enum !== undefined)
      return s.enum.length === 1 ? { fill: { kind: 'literal', value: s.enum[0] }, message: false } : undefined;
    return {
      fill: { kind: 'literal', value: !falseNames.has(k) && (k === 'error' || k === 'failed' || k === 'failure') },
      message: false,
    };
  }
  if (s.kind === 'null' && required) return { fill: { kind: 'literal', value: null }, message: false };
  return undefined;
}

/** True when a property's schema lists its values (an enum or a const). */
function isEnumerated(api: Api, p: Property): boolean {
  const s = resolve(api, p.schema);
  return s.kind === 'const' || ('enum' in s && s.enum !== undefined);
}

/** The properties of an object, or of an `allOf` of objects merged (required if any member requires). */
function objectProperties(
  api: Api,
  s: SchemaNode,
  depth: number,
): Array<{ property: Property; required: boolean }> | undefined {
  if (s.kind === 'object') return s.properties.map((p) => ({ property: p, required: isRequired(s as ObjectNode, p) }));
  if (s.kind !== 'allOf' || depth > 8) return undefined;
  const merged = new Map<string, { property: Property; required: boolean }>();
  for (const m of s.members) {
    const member = resolve(api, m);
    // An empty member (ix-api's `{}` after its problem and its narrowing) constrains nothing.
    if (member.kind === 'any') continue;
    const props = objectProperties(api, member, depth + 1);
    if (!props) return undefined;
    for (const p of props) {
      const seen = merged.get(p.property.name);
      // A later member that narrows a property to an enum (ix-api's problem `type`, a plain
      // string in ProblemResponse, two URIs in the operation's own member) decides its value.
      const narrows = seen !== undefined && !isEnumerated(api, seen.property) && isEnumerated(api, p.property);
      merged.set(p.property.name, {
        property: seen === undefined || narrows ? p.property : seen.property,
        required: (seen?.required ?? false) || p.required,
      });
    }
  }
  return [...merged.values()];
}

/**
 * The fill of a value of `schema` for a failure answered with `status`: every required property
 * filled from the failure by its name (message, detail, error, title, code, status, field …),
 * an enum with the value naming the failure's kind, `about:blank` for a problem's `type`, the
 * time for a date-time, nested objects (Azure's `{error: {code, message}}`) and `allOf`s of them
 * merged; or, when a required part has nothing to fill it, what is missing.
 */
export function errorFillOf(api: Api, schema: SchemaNode, status: number, path = '', depth = 0): FillResult {
  const s = resolve(api, schema);
  const here = path || 'the body';
  if (depth > 4) return { unmet: `${here} (nested too deep)` };
  // Any value will do: the runtime's own `{error, message}`, as it would send without a mapper.
  // So does any object: one naming no property and not closing its keys (Mist's declared 400,
  // `{type: object, properties: {}}`), which filled as an object of its properties was `{}`.
  if (s.kind === 'any' || (s.kind === 'object' && s.properties.length === 0 && s.additional !== false)) {
    const fields = [
      { name: 'error', fill: { kind: 'failure', field: 'error' } as const },
      { name: 'message', fill: { kind: 'failure', field: 'message' } as const },
    ];
    return { fill: { kind: 'object', fields }, message: true };
  }
  if (s.kind === 'string' && s.enum === undefined && checkedFormat(s) === undefined && unconstrained(s)) {
    return { fill: { kind: 'failure', field: 'message' }, message: true };
  }
  if (s.kind === 'union') {
    let first: FillResult | undefined;
    for (const m of s.members) {
      const r = errorFillOf(api, m, status, path, depth + 1);
      if ('fill' in r && r.message) return r;
      if (!first || ('unmet' in first && 'fill' in r)) first = r;
    }
    return first ?? { unmet: `${here} (an empty union)` };
  }
  if (s.kind === 'array') {
    const min = typeof s.constraints.minItems === 'number' ? s.constraints.minItems : 0;
    if (min === 0) return { fill: { kind: 'array', items: [] }, message: false };
    const item = errorFillOf(api, s.items, status, `${path}/0`, depth + 1);
    return 'fill' in item && min === 1
      ? { fill: { kind: 'array', items: [item.fill] }, message: item.message }
      : { unmet: `${here} (at least ${min} items)` };
  }
  const props = objectProperties(api, s, 0);
  if (!props) {
    const scalar = scalarFill(path.split('/').pop() ?? '', s, status, true);
    return scalar ?? { unmet: `${here} (${describe(s)})` };
  }
  const fields: Array<{ name: string; fill: ErrorFill }> = [];
  let message = false;
  // A level whose own texts carry the message takes no optional nested part for it: Azure's
  // `innererror` is the error again, and filled for the message it nested itself to the limit.
  const messageHere = props.some(
    ({ property, required }) => scalarFill(property.name, resolve(api, property.schema), status, required)?.message,
  );
  for (const { property, required } of props) {
    const at = `${path}/${property.name}`;
    const ps = resolve(api, property.schema);
    const scalar = scalarFill(property.name, ps, status, required);
    if (scalar) {
      fields.push({ name: property.name, fill: scalar.fill });
      message ||= scalar.message;
      continue;
    }
    if (objectProperties(api, ps, 0) !== undefined || ps.kind === 'union' || ps.kind === 'array') {
      const nested = errorFillOf(api, ps, status, at, depth + 1);
      // An optional nested part goes in only when it carries the message (Azure's optional `error`).
      if ('fill' in nested && (required || (nested.message && !messageHere && ps.kind !== 'array'))) {
        fields.push({ name: property.name, fill: nested.fill });
        message ||= nested.message;
        continue;
      }
      if (required) return 'unmet' in nested ? nested : { unmet: at };
      continue;
    }
    if (!required) continue;
    if (ps.nullable === true) {
      fields.push({ name: property.name, fill: { kind: 'literal', value: null } });
      continue;
    }
    return { unmet: `${at} (${describe(ps)})` };
  }
  return { fill: { kind: 'object', fields }, message };
}

function describe(s: SchemaNode): string {
  if (s.kind === 'string') {
    if (s.enum) return `one of ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`;
    if (s.format) return `a ${s.format} string`;
    return unconstrained(s) ? 'a string no part of the failure is named for' : 'a constrained string';
  }
  if (s.kind === 'integer' || s.kind === 'number')
    return s.enum ? `one of ${s.enum.join(', ')}` : `a ${s.kind} the status does not fit`;
  return `a ${s.kind}`;
}
