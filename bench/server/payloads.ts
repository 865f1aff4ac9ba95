/**
 * The payload-heavy scenarios' data, shared by every server so they differ only in the
 * framework: an order (~10 KB of JSON, 30 top-level fields with nested objects, arrays and
 * formats) posted and answered with a small summary, and a catalogue of 100 twenty-field items
 * (strings that need escaping among them) listed as JSON or MsgPack.
 */

const uuid = { type: 'string', format: 'uuid' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
const money = { type: 'number', minimum: 0 } as const;

const addressSchema = {
  type: 'object',
  properties: {
    street: { type: 'string', minLength: 1, maxLength: 200 },
    city: { type: 'string', minLength: 1, maxLength: 100 },
    region: text(100),
    postcode: { type: 'string', pattern: '^[A-Z0-9 -]{3,10}$' },
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
  },
  required: ['street', 'city', 'postcode', 'country'],
  additionalProperties: false,
} as const;

const orderLineSchema = {
  type: 'object',
  properties: {
    sku: { type: 'string', pattern: '^[A-Z]{3}-\\d{5}$' },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    quantity: { type: 'integer', minimum: 1, maximum: 1000 },
    unitPrice: money,
    discount: { type: 'number', minimum: 0, maximum: 1 },
    tags: { type: 'array', items: text(40), maxItems: 10 },
  },
  required: ['sku', 'name', 'quantity', 'unitPrice'],
  additionalProperties: false,
} as const;

/**
 * JSON Schema of a POST /orders body: 30 top-level fields, three nested objects, arrays of
 * objects and strings, the formats uuid, date-time, email and ipv4, patterns, enums and bounds.
 * (Every server refuses extra fields the same way only if none removes them, so the probes send
 * none: Fastify's Ajv is configured with `removeAdditional` by default.)
 */
export const orderJsonSchema = {
  type: 'object',
  properties: {
    id: uuid,
    orderNumber: { type: 'string', pattern: '^ORD-\\d{8}$' },
    createdAt: dateTime,
    updatedAt: dateTime,
    status: { type: 'string', enum: ['pending', 'paid', 'shipped', 'delivered', 'cancelled'] },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    subtotal: money,
    tax: money,
    shipping: money,
    total: money,
    customer: {
      type: 'object',
      properties: {
        id: uuid,
        name: { type: 'string', minLength: 1, maxLength: 200 },
        email: { type: 'string', format: 'email' },
        phone: text(30),
        vip: { type: 'boolean' },
      },
      required: ['id', 'name', 'email'],
      additionalProperties: false,
    },
    shippingAddress: addressSchema,
    billingAddress: addressSchema,
    items: { type: 'array', items: orderLineSchema, minItems: 1, maxItems: 200 },
    notes: text(2000),
    giftMessage: text(500),
    couponCodes: { type: 'array', items: { type: 'string', pattern: '^[A-Z0-9]{4,16}$' }, maxItems: 10 },
    paymentMethod: { type: 'string', enum: ['card', 'paypal', 'transfer'] },
    paymentId: text(100),
    ipAddress: { type: 'string', format: 'ipv4' },
    userAgent: text(500),
    channel: { type: 'string', enum: ['web', 'mobile', 'api'] },
    locale: { type: 'string', pattern: '^[a-z]{2}-[A-Z]{2}$' },
    priority: { type: 'integer', minimum: 0, maximum: 10 },
    isGift: { type: 'boolean' },
    requiresSignature: { type: 'boolean' },
    estimatedDelivery: dateTime,
    trackingNumbers: { type: 'array', items: text(40), maxItems: 10 },
    metadata: {
      type: 'object',
      properties: { source: text(100), campaign: text(100), referrer: text(500) },
      additionalProperties: false,
    },
    version: { type: 'integer', minimum: 1 },
  },
  required: [
    'id',
    'orderNumber',
    'createdAt',
    'status',
    'currency',
    'total',
    'customer',
    'shippingAddress',
    'items',
    'paymentMethod',
    'version',
  ],
  additionalProperties: false,
} as const;

/** An order line as posted. */
export interface OrderLine {
  readonly sku: string;
  readonly name: string;
  readonly quantity: number;
  readonly unitPrice: number;
  readonly discount?: number;
  readonly tags?: readonly string[];
}

/** The fields of an order the summary reads (the schema has 30). */
export interface Order {
  readonly id: string;
  readonly orderNumber: string;
  readonly status: string;
  readonly currency: string;
  readonly total: number;
  readonly customer: { readonly email: string };
  readonly items: readonly OrderLine[];
}

/** What POST /orders answers: a summary of the accepted order. */
export interface OrderSummary {
  readonly id: string;
  readonly orderNumber: string;
  readonly status: string;
  readonly lines: number;
  readonly units: number;
  readonly total: number;
  readonly currency: string;
  readonly customerEmail: string;
}

/** JSON Schema of {@link OrderSummary} (Fastify's response schema, kitgen's output). */
export const orderSummaryJsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    orderNumber: { type: 'string' },
    status: { type: 'string' },
    lines: { type: 'integer' },
    units: { type: 'integer' },
    total: { type: 'number' },
    currency: { type: 'string' },
    customerEmail: { type: 'string' },
  },
  required: ['id', 'orderNumber', 'status', 'lines', 'units', 'total', 'currency', 'customerEmail'],
  additionalProperties: false,
} as const;

/** The application code of POST /orders, the same in every server. */
export function summariseOrder(order: Order): OrderSummary {
  let units = 0;
  for (const line of order.items) units += line.quantity;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    lines: order.items.length,
    units,
    total: order.total,
    currency: order.currency,
    customerEmail: order.customer.email,
  };
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
const uuidOf = (n: number) =>
  `${hex(n, 8)}-${hex(n % 65536, 4)}-4${hex(n % 4096, 3)}-8${hex(n % 4096, 3)}-${hex(n * 7919, 12)}`;

/** The order every POST /orders request sends (about 10 KB of JSON). */
export const sampleOrder = {
  id: uuidOf(0x1234abcd),
  orderNumber: 'ORD-20261127',
  createdAt: '2026-11-27T10:15:30.123Z',
  updatedAt: '2026-11-27T10:16:02Z',
  status: 'paid',
  currency: 'EUR',
  subtotal: 1234.5,
  tax: 246.9,
  shipping: 4.99,
  total: 1486.39,
  customer: {
    id: uuidOf(42),
    name: 'Ada Lovelace',
    email: 'ada.lovelace@example.com',
    phone: '+44 20 7946 0958',
    vip: true,
  },
  shippingAddress: {
    street: "12 St James's Square",
    city: 'London',
    region: 'Greater London',
    postcode: 'SW1Y 4JH',
    country: 'GB',
  },
  billingAddress: { street: "12 St James's Square", city: 'London', postcode: 'SW1Y 4JH', country: 'GB' },
  items: Array.from({ length: 52 }, (_, i) => ({
    sku: `SKU-${String(10000 + i * 37).slice(-5)}`,
    name: `Analytical engine part #${i + 1} — brass "gear" assembly`,
    quantity: (i % 5) + 1,
    unitPrice: 10 + i * 1.25,
    discount: (i % 4) * 0.05,
    tags: ['mechanical', i % 2 === 0 ? 'brass' : 'steel', 'spare'],
  })),
  notes: 'Please deliver to the back entrance.\nRing twice; the bell is "temperamental".',
  giftMessage: 'For Charles — with thanks for the engine.',
  couponCodes: ['WINTER2026', 'LOYAL10'],
  paymentMethod: 'card',
  paymentId: 'pi_3NkXq2L9fZ0aBcDe',
  ipAddress: '203.0.113.42',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  channel: 'web',
  locale: 'en-GB',
  priority: 3,
  isGift: true,
  requiresSignature: false,
  estimatedDelivery: '2026-12-02T18:00:00+01:00',
  trackingNumbers: ['1Z999AA10123456784', 'JD014600003828465117'],
  metadata: { source: 'newsletter', campaign: 'winter-sale', referrer: 'https://example.com/offers?id=7&ref=mail' },
  version: 1,
};

/** The body POST /orders sends. */
export const orderBody = JSON.stringify(sampleOrder);

/** The sample order with one change, for the probes that must get a 400 (the same from every server). */
export function orderWith(change: (order: typeof sampleOrder) => void): string {
  const copy = structuredClone(sampleOrder);
  change(copy);
  return JSON.stringify(copy);
}
