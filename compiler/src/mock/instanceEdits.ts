// Edits of a sampled value at an ajv instance path (`/list/0/config`), for the sampler's repairs
// of what the referee refused: a property set, a part replaced, an optional part left out.
import { pointerParts } from '../diagnostics/index.ts';
import { at } from '../check/documentPointers.ts';

/** The holder of the part at `instancePath` (not the root) and that part's key. */
function holderOf(value: unknown, instancePath: string): { parent: unknown; key: string } {
  const cut = instancePath.lastIndexOf('/');
  return {
    parent: cut === 0 ? value : at(value, instancePath.slice(0, cut)),
    key: pointerParts(instancePath.slice(cut))[0] ?? '',
  };
}

/** Sets the property at `instancePath` of `value` (an object's) to `to`; false when there is no such property or it holds `to`. */
export function putAt(value: unknown, instancePath: string, to: unknown): boolean {
  const { parent, key } = holderOf(value, instancePath);
  if (parent === null || typeof parent !== 'object' || Array.isArray(parent) || !(key in parent)) return false;
  if ((parent as Record<string, unknown>)[key] === to) return false;
  (parent as Record<string, unknown>)[key] = to;
  return true;
}

/** Replaces the property or item at `instancePath` (not the root) of `value` with `to`; false where there is none. */
export function replaceAt(value: unknown, instancePath: string, to: unknown): boolean {
  const { parent, key } = holderOf(value, instancePath);
  if (parent === null || typeof parent !== 'object' || !(key in parent)) return false;
  (parent as Record<string, unknown>)[key] = to;
  return true;
}

/** Deletes the property or item at `instancePath` of `value`; false where there is none. */
export function leaveOutAt(value: unknown, instancePath: string): boolean {
  const { parent, key } = holderOf(value, instancePath);
  if (Array.isArray(parent)) {
    parent.splice(Number(key), 1);
    return true;
  }
  if (parent === null || typeof parent !== 'object' || !(key in parent)) return false;
  delete (parent as Record<string, unknown>)[key];
  return true;
}

/**
 * Fills the free-form object at `instancePath` (no properties declared, further ones allowed) up
 * to a `minProperties` error's limit (at most 16) with `property1`…; false where it is no such object.
 */
export function filledUp(value: unknown, instancePath: string, schema: unknown, params: unknown): boolean {
  const limit = (params as { limit?: unknown } | undefined)?.limit;
  const holder = instancePath === '' ? value : at(value, instancePath);
  const s = schema as { properties?: unknown; additionalProperties?: unknown } | undefined;
  if (typeof limit !== 'number' || limit > 16 || holder === null || typeof holder !== 'object' || Array.isArray(holder))
    return false;
  if (s?.properties !== undefined || s?.additionalProperties === false) return false;
  const object = holder as Record<string, unknown>;
  for (let n = 1; Object.keys(object).length < limit; n++)
    if (!(`property${n}` in object)) object[`property${n}`] = 'text';
  return true;
}
