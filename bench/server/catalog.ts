/**
 * GET /catalog's data, shared by every server: 100 items of 20 fields, built once (as a cache
 * would hold them), with strings that JSON must escape (quotes, backslashes, newlines, a tab,
 * a control character) and non-ASCII text that it must not.
 */

/** One catalogue item. */
export interface CatalogItem {
  readonly id: number;
  readonly sku: string;
  readonly name: string;
  readonly description: string;
  readonly price: number;
  readonly currency: string;
  readonly inStock: boolean;
  readonly quantity: number;
  readonly category: string;
  readonly tags: readonly string[];
  readonly rating: number;
  readonly reviews: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly weightKg: number;
  readonly dimensions: { readonly width: number; readonly height: number; readonly depth: number };
  readonly color: string;
  readonly brand: string;
  readonly warehouse: string;
  readonly discount: number;
}

const str = { type: 'string' } as const;
const num = { type: 'number' } as const;
const int = { type: 'integer' } as const;

/** JSON Schema of {@link CatalogItem} (every field required, no others). */
export const catalogItemJsonSchema = {
  type: 'object',
  properties: {
    id: int,
    sku: str,
    name: str,
    description: str,
    price: num,
    currency: str,
    inStock: { type: 'boolean' },
    quantity: int,
    category: str,
    tags: { type: 'array', items: str },
    rating: num,
    reviews: int,
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    weightKg: num,
    dimensions: {
      type: 'object',
      properties: { width: num, height: num, depth: num },
      required: ['width', 'height', 'depth'],
      additionalProperties: false,
    },
    color: str,
    brand: str,
    warehouse: str,
    discount: num,
  },
  required: [
    'id',
    'sku',
    'name',
    'description',
    'price',
    'currency',
    'inStock',
    'quantity',
    'category',
    'tags',
    'rating',
    'reviews',
    'createdAt',
    'updatedAt',
    'weightKg',
    'dimensions',
    'color',
    'brand',
    'warehouse',
    'discount',
  ],
  additionalProperties: false,
} as const;

/** JSON Schema of the list GET /catalog answers. */
export const catalogJsonSchema = { type: 'array', items: catalogItemJsonSchema } as const;

const colors = ['red', 'midnight blue', 'café au lait', 'grün', 'black'];
const categories = ['tools', 'garden', 'kitchen', 'office', 'toys'];

function item(i: number): CatalogItem {
  const day = String((i % 28) + 1).padStart(2, '0');
  return {
    id: 1000 + i,
    sku: `CAT-${String(i).padStart(5, '0')}`,
    name: i % 3 === 0 ? `The "Deluxe" widget no. ${i}` : `Widget no. ${i}`,
    description:
      i % 4 === 0
        ? `Line one of item ${i}.\nLine two has a tab\there, a backslash \\ and "quotes".\u0001`
        : `A sturdy item (${i}) for everyday use; 100% recycled — ships in 2–3 days.`,
    price: Math.round((9.99 + i * 3.17) * 100) / 100,
    currency: 'EUR',
    inStock: i % 7 !== 0,
    quantity: (i * 13) % 250,
    category: categories[i % categories.length],
    tags: ['new', i % 2 === 0 ? 'sale' : 'classic', `batch-${i % 10}`],
    rating: Math.round(((i * 37) % 50) + 1) / 10,
    reviews: (i * 29) % 1000,
    createdAt: `2026-01-${day}T08:30:00.000Z`,
    updatedAt: `2026-11-${day}T17:45:12Z`,
    weightKg: Math.round((0.25 + i * 0.11) * 1000) / 1000,
    dimensions: { width: 10 + (i % 9), height: 5.5 + (i % 4), depth: 2.25 },
    color: colors[i % colors.length],
    brand: i % 5 === 0 ? "O'Brien & Sons" : 'Acme',
    warehouse: i % 2 === 0 ? 'C:\\stock\\north' : 'east/bay-7',
    discount: (i % 5) * 0.1,
  };
}

/** The 100 items GET /catalog answers with. */
export const catalog: readonly CatalogItem[] = Array.from({ length: 100 }, (_, i) => item(i));
