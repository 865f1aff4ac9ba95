import { FormField } from './FormField.ts';

/**
 * The spec's `Form`: the fields of a multipart form, in order. Names may repeat (several files
 * under one name). Immutable; `append` returns a new form. Built by `Body#asMultipartForm`, or
 * by users (`Form.of(...)`) to send with `Body.fromMultipartForm`.
 */
export class Form implements Iterable<FormField> {
  /** The fields in the order they were sent or added. */
  readonly fields: readonly FormField[];

  private constructor(fields: readonly FormField[]) {
    this.fields = fields;
  }

  /** A form with no fields. */
  static readonly empty: Form = new Form([]);

  /** A form holding these fields. */
  static of(...fields: FormField[]): Form {
    return new Form(fields);
  }

  /** A form of text fields from name/value pairs or a record. */
  static fromStrings(values: Readonly<Record<string, string>> | ReadonlyArray<readonly [string, string]>): Form {
    const pairs = Array.isArray(values) ? values : Object.entries(values);
    return new Form(pairs.map(([name, value]) => FormField.textField(name, value)));
  }

  /** Number of fields. */
  get size(): number {
    return this.fields.length;
  }

  /** The first field with this name. */
  get(name: string): FormField | undefined {
    return this.fields.find((f) => f.name === name);
  }

  /** Every field with this name, in order. */
  getAll(name: string): FormField[] {
    return this.fields.filter((f) => f.name === name);
  }

  /** True when a field has this name. */
  has(name: string): boolean {
    return this.fields.some((f) => f.name === name);
  }

  /** The value of the first text field with this name. */
  text(name: string): string | undefined {
    const field = this.fields.find((f) => f.name === name && f._tag === 'Text');
    return field?._tag === 'Text' ? field.value : undefined;
  }

  /** The distinct field names, in first-seen order. */
  names(): string[] {
    return [...new Set(this.fields.map((f) => f.name))];
  }

  /** A copy with more fields at the end. */
  append(...fields: FormField[]): Form {
    return new Form([...this.fields, ...fields]);
  }

  [Symbol.iterator](): Iterator<FormField> {
    return this.fields[Symbol.iterator]();
  }
}
