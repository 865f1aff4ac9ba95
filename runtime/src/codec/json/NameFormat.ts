import { words } from '../../util/words.ts';

/** The spec's `NameFormat`: how a field or case name is written on the wire. */
export type NameFormat =
  'Identity' | 'SnakeCase' | 'CamelCase' | 'KebabCase' | 'PascalCase' | { readonly custom: (name: string) => string };

/** `firstName`, `first_name`, `HTTPServer2` → lower-case words (see util/words.ts). */
const lowerWords = (name: string): string[] => words(name).map((w) => w.toLowerCase());

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
        return lowerWords(name).join('_');
      case 'KebabCase':
        return lowerWords(name).join('-');
      case 'CamelCase': {
        const w = lowerWords(name);
        return w.length === 0 ? name : w[0] + w.slice(1).map(cap).join('');
      }
      case 'PascalCase':
        return lowerWords(name).map(cap).join('') || name;
    }
  },
} as const;
