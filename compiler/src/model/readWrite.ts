import type { PendingSchema } from './SchemaConverter.ts';
import type { ObjectNode, SchemaNode } from './Schema.ts';

/** The key of the request variant of a named schema. */
const writeKey = (key: string) => `${key}\u0000write`;

/**
 * readOnly and writeOnly (OpenAPI's request/response views of one schema): request bodies use
 * a variant of each named schema that holds readOnly properties or required writeOnly ones,
 * named `<Name>Write`, with the readOnly ones left out and the writeOnly ones required as
 * declared; responses use the schema itself, where writeOnly properties are optional (emitters
 * read `writeView` on object nodes to tell the two apart).
 */
export class ReadWriteViews {
  readonly #needsWriteView = new Map<string, boolean>();

  constructor(readonly named: Map<string, PendingSchema>) {}

  /**
   * True when a node, through its refs, reads differently in requests: it holds a readOnly
   * property, or a required writeOnly one (optional in the response view, so a request view
   * must demand it — Jira's `name` of a new field configuration).
   */
  needsWriteView(node: SchemaNode): boolean {
    switch (node.kind) {
      case 'ref': {
        const known = this.#needsWriteView.get(node.target);
        if (known !== undefined) return known;
        this.#needsWriteView.set(node.target, false); // a cycle adds nothing new
        const result = this.needsWriteView(this.named.get(node.target)?.schema ?? { kind: 'any' });
        this.#needsWriteView.set(node.target, result);
        return result;
      }
      case 'object':
        return (
          node.properties.some(
            (p) =>
              p.schema.readOnly === true ||
              (p.required && p.schema.writeOnly === true) ||
              this.needsWriteView(p.schema),
          ) ||
          (typeof node.additional === 'object' && this.needsWriteView(node.additional))
        );
      case 'array':
        return this.needsWriteView(node.items) || (node.prefixItems ?? []).some((m) => this.needsWriteView(m));
      case 'union':
      case 'allOf':
        return node.members.some((m) => this.needsWriteView(m));
      default:
        return false;
    }
  }

  /** The request view of a node: readOnly properties left out, named schemas swapped for their Write variants. */
  write(node: SchemaNode): SchemaNode {
    if (!this.needsWriteView(node)) return node;
    switch (node.kind) {
      case 'ref': {
        const key = writeKey(node.target);
        if (!this.named.has(key)) {
          const base = this.named.get(node.target)!;
          const variant: PendingSchema = {
            key,
            name: `${base.name} Write`,
            pointer: base.pointer,
            schema: { kind: 'any' },
          };
          this.named.set(key, variant);
          variant.schema = this.write(base.schema ?? { kind: 'any' });
        }
        return { ...node, target: key };
      }
      case 'object': {
        const out: ObjectNode = {
          ...node,
          writeView: true,
          properties: node.properties
            .filter((p) => p.schema.readOnly !== true)
            .map((p) => ({ ...p, schema: this.write(p.schema) })),
          additional: typeof node.additional === 'object' ? this.write(node.additional) : node.additional,
        };
        return out;
      }
      case 'array':
        return {
          ...node,
          items: this.write(node.items),
          ...(node.prefixItems ? { prefixItems: node.prefixItems.map((m) => this.write(m)) } : {}),
        };
      case 'union':
      case 'allOf':
        return { ...node, members: node.members.map((m) => this.write(m)) } as SchemaNode;
      default:
        return node;
    }
  }
}
