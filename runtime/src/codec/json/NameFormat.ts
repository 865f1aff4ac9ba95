/** The spec's `NameFormat`: how a field or case name is written on the wire. */
export type NameFormat = 'Identity' | 'SnakeCase' | 'CamelCase' | 'KebabCase' | 'PascalCase' | { readonly custom: (name: string) => string };

/** Splits `firstName`, `first_name`, `first-name`, `FirstName`, `HTTPServer2` into lower-case words. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

const cap = (w: string) => (w ? w[0].toUpperCase() + w.slice(1) : w);

/** The predefined formats (the spec's `NameFormat.*`) and `apply`. */
export const NameFormat = {
  Identity: 'Identity' as NameFormat,
  SnakeCase: 'SnakeCase' as NameFormat,
  CamelCase: 'CamelCase' as NameFormat,
  KebabCase: 'KebabCase' as NameFormat,
  PascalCase: 'PascalCase' as NameFormat,
  /** A format given by a function. */
  Custom: (f: (name: string) => string): NameFormat => ({ custom: f }),
  /** Writes `name` in the format. */
  apply(format: NameFormat, name: string): string {
    if (typeof format === 'object') return format.custom(name);
    switch (format) {
      case 'Identity':
        return name;
      case 'SnakeCase':
        return words(name).join('_');
      case 'KebabCase':
        return words(name).join('-');
      case 'CamelCase': {
        const w = words(name);
        return w.length === 0 ? name : w[0] + w.slice(1).map(cap).join('');
      }
      case 'PascalCase':
        return words(name).map(cap).join('') || name;
    }
  },
} as const;
