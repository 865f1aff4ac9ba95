/**
 * `orderJsonSchema` (payloads.ts) checked by hand, field by field, for the servers without a
 * schema validator (node:http, Hono): what an application writes when it validates without a
 * library, and the floor a compiled validator is measured against. The format checks are the
 * rules Ajv's `ajv-formats` (Fastify's) applies to uuid, email, date-time and ipv4.
 */
import type { Order } from './payloads.ts';

type Fields = Record<string, unknown>;

const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const ORDER_NUMBER = /^ORD-\d{8}$/;
const CURRENCY = /^[A-Z]{3}$/;
const COUNTRY = /^[A-Z]{2}$/;
const POSTCODE = /^[A-Z0-9 -]{3,10}$/;
const SKU = /^[A-Z]{3}-\d{5}$/;
const COUPON = /^[A-Z0-9]{4,16}$/;
const LOCALE = /^[a-z]{2}-[A-Z]{2}$/;
const DAYS = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const onlyKeys = (v: Fields, allowed: ReadonlySet<string>) => {
  for (const k in v) if (!allowed.has(k)) return false;
  return true;
};
const str = (v: unknown, min = 0, max = Infinity): boolean =>
  typeof v === 'string' && v.length >= min && v.length <= max;
const optStr = (v: unknown, max: number) => v === undefined || str(v, 0, max);
const matches = (v: unknown, re: RegExp) => typeof v === 'string' && re.test(v);
const num = (v: unknown, min: number, max = Infinity) =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
const optNum = (v: unknown, min: number, max = Infinity) => v === undefined || num(v, min, max);
const int = (v: unknown, min: number, max = Infinity) =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const optInt = (v: unknown, min: number, max = Infinity) => v === undefined || int(v, min, max);
const optBool = (v: unknown) => v === undefined || typeof v === 'boolean';
const oneOf = (v: unknown, values: readonly string[]) => typeof v === 'string' && values.includes(v);
const list = (v: unknown, max: number, item: (x: unknown) => boolean, min = 0) =>
  Array.isArray(v) && v.length >= min && v.length <= max && v.every(item);
const optList = (v: unknown, max: number, item: (x: unknown) => boolean) => v === undefined || list(v, max, item);

function dateTime(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  const m = DATE_TIME.exec(v);
  if (!m) return false;
  const month = +m[2];
  const day = +m[3];
  const leap = +m[1] % 4 === 0 && (+m[1] % 100 !== 0 || +m[1] % 400 === 0);
  if (month < 1 || month > 12 || day < 1 || day > (month === 2 && !leap ? 28 : DAYS[month])) return false;
  return +m[4] <= 23 && +m[5] <= 59 && +m[6] <= 60 && (m[7] === undefined || (+m[7] <= 23 && +m[8] <= 59));
}
const optDateTime = (v: unknown) => v === undefined || dateTime(v);

const addressKeys = new Set(['street', 'city', 'region', 'postcode', 'country']);
function address(v: unknown): boolean {
  return (
    isObject(v) &&
    onlyKeys(v, addressKeys) &&
    str(v.street, 1, 200) &&
    str(v.city, 1, 100) &&
    optStr(v.region, 100) &&
    matches(v.postcode, POSTCODE) &&
    matches(v.country, COUNTRY)
  );
}

const customerKeys = new Set(['id', 'name', 'email', 'phone', 'vip']);
function customer(v: unknown): boolean {
  return (
    isObject(v) &&
    onlyKeys(v, customerKeys) &&
    matches(v.id, UUID) &&
    str(v.name, 1, 200) &&
    matches(v.email, EMAIL) &&
    optStr(v.phone, 30) &&
    optBool(v.vip)
  );
}

const tag = (x: unknown) => str(x, 0, 40);
const lineKeys = new Set(['sku', 'name', 'quantity', 'unitPrice', 'discount', 'tags']);
function line(v: unknown): boolean {
  return (
    isObject(v) &&
    onlyKeys(v, lineKeys) &&
    matches(v.sku, SKU) &&
    str(v.name, 1, 200) &&
    int(v.quantity, 1, 1000) &&
    num(v.unitPrice, 0) &&
    optNum(v.discount, 0, 1) &&
    optList(v.tags, 10, tag)
  );
}

const metadataKeys = new Set(['source', 'campaign', 'referrer']);
const metadata = (v: unknown) =>
  v === undefined ||
  (isObject(v) &&
    onlyKeys(v, metadataKeys) &&
    optStr(v.source, 100) &&
    optStr(v.campaign, 100) &&
    optStr(v.referrer, 500));

const orderKeys = new Set([
  'id',
  'orderNumber',
  'createdAt',
  'updatedAt',
  'status',
  'currency',
  'subtotal',
  'tax',
  'shipping',
  'total',
  'customer',
  'shippingAddress',
  'billingAddress',
  'items',
  'notes',
  'giftMessage',
  'couponCodes',
  'paymentMethod',
  'paymentId',
  'ipAddress',
  'userAgent',
  'channel',
  'locale',
  'priority',
  'isGift',
  'requiresSignature',
  'estimatedDelivery',
  'trackingNumbers',
  'metadata',
  'version',
]);

/** True when `value` satisfies `orderJsonSchema`. */
export function validOrder(value: unknown): value is Order {
  if (!isObject(value) || !onlyKeys(value, orderKeys)) return false;
  const v = value;
  return (
    matches(v.id, UUID) &&
    matches(v.orderNumber, ORDER_NUMBER) &&
    dateTime(v.createdAt) &&
    optDateTime(v.updatedAt) &&
    oneOf(v.status, ['pending', 'paid', 'shipped', 'delivered', 'cancelled']) &&
    matches(v.currency, CURRENCY) &&
    optNum(v.subtotal, 0) &&
    optNum(v.tax, 0) &&
    optNum(v.shipping, 0) &&
    num(v.total, 0) &&
    customer(v.customer) &&
    address(v.shippingAddress) &&
    (v.billingAddress === undefined || address(v.billingAddress)) &&
    list(v.items, 200, line, 1) &&
    optStr(v.notes, 2000) &&
    optStr(v.giftMessage, 500) &&
    optList(v.couponCodes, 10, (x) => matches(x, COUPON)) &&
    oneOf(v.paymentMethod, ['card', 'paypal', 'transfer']) &&
    optStr(v.paymentId, 100) &&
    (v.ipAddress === undefined || matches(v.ipAddress, IPV4)) &&
    optStr(v.userAgent, 500) &&
    (v.channel === undefined || oneOf(v.channel, ['web', 'mobile', 'api'])) &&
    (v.locale === undefined || matches(v.locale, LOCALE)) &&
    optInt(v.priority, 0, 10) &&
    optBool(v.isGift) &&
    optBool(v.requiresSignature) &&
    optDateTime(v.estimatedDelivery) &&
    optList(v.trackingNumbers, 10, tag) &&
    metadata(v.metadata) &&
    int(v.version, 1)
  );
}
