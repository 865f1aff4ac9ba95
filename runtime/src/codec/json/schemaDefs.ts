type Schema = Record<string, unknown>;

const isSchemaObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every `$defs` entry found anywhere in `schema`, the outermost first (a name defined twice keeps
 * its outer definition). A recursive schema used inside another one brings its own `$defs`
 * (generated code embeds `{ $defs, $ref: 'Node' }` wherever `Node` is used), and its `$ref`s
 * must resolve wherever the codec meets them, not only at the root. Walked breadth first with a
 * stack of its own, each shared sub-schema once: linear in the schema.
 */
export function collectDefs(schema: unknown): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  const seen = new Set<unknown>();
  let level: unknown[] = [schema];
  while (level.length > 0) {
    const next: unknown[] = [];
    for (const node of level) {
      if (typeof node !== 'object' || node === null || seen.has(node)) continue;
      seen.add(node);
      if (!Array.isArray(node) && isSchemaObject((node as Schema).$defs)) {
        for (const [name, def] of Object.entries((node as Schema).$defs as Schema)) {
          if (isSchemaObject(def) && !Object.prototype.hasOwnProperty.call(out, name))
            Object.defineProperty(out, name, { value: def, enumerable: true, writable: true, configurable: true });
        }
      }
      for (const value of Object.values(node)) if (typeof value === 'object' && value !== null) next.push(value);
    }
    level = next;
  }
  return out;
}

/** The def a `$ref` names (`#/$defs/X`, or the bare `X` of TypeBox's Cyclic), or undefined. */
export function refTarget(schema: Schema, defs: Readonly<Record<string, Schema>>): Schema | undefined {
  if (typeof schema.$ref !== 'string') return undefined;
  const name = schema.$ref.replace(/^#\/\$defs\//, '');
  const target = Object.prototype.hasOwnProperty.call(defs, name) ? defs[name] : undefined;
  return isSchemaObject(target) ? target : undefined;
}
