// Word lists the large-document generator builds names from: business-API vocabulary, so schema,
// tag, property and enum names look like a real service's (and exercise kitgen's naming).

/** Business areas: the first half of tag and schema names. */
export const domains = [
  'account', 'billing', 'catalog', 'checkout', 'compliance', 'content', 'customer', 'delivery', 'device', 'document',
  'finance', 'fleet', 'fulfillment', 'identity', 'insurance', 'inventory', 'invoice', 'ledger', 'logistics', 'loyalty',
  'marketing', 'media', 'messaging', 'monitoring', 'network', 'notification', 'order', 'partner', 'payment', 'payroll',
  'pricing', 'procurement', 'project', 'quality', 'recruiting', 'registry', 'report', 'retail', 'risk', 'scheduling',
  'search', 'security', 'shipping', 'storage', 'subscription', 'support', 'survey', 'tax', 'telemetry', 'ticketing',
  'training', 'travel', 'vendor', 'warehouse', 'workflow', 'workspace',
] as const;

/** Things an API manages: the second half of tag and schema names, and sub-resources. */
export const nouns = [
  'address', 'agent', 'alert', 'allocation', 'approval', 'asset', 'attachment', 'audit', 'balance', 'batch',
  'booking', 'budget', 'campaign', 'card', 'carrier', 'case', 'channel', 'claim', 'comment', 'contact',
  'contract', 'coupon', 'credential', 'dashboard', 'deposit', 'discount', 'dispute', 'entry', 'event', 'export',
  'feature', 'feed', 'file', 'forecast', 'group', 'hold', 'import', 'incident', 'item', 'job',
  'label', 'lead', 'license', 'limit', 'location', 'lot', 'manifest', 'member', 'metric', 'milestone',
  'note', 'offer', 'package', 'parcel', 'permission', 'plan', 'policy', 'position', 'profile', 'promotion',
  'queue', 'quote', 'rate', 'receipt', 'refund', 'region', 'reservation', 'review', 'role', 'route',
  'rule', 'schedule', 'segment', 'session', 'setting', 'shipment', 'signal', 'site', 'slot', 'snapshot',
  'source', 'statement', 'step', 'supplier', 'tag', 'task', 'team', 'template', 'threshold', 'token',
  'transfer', 'trigger', 'unit', 'usage', 'variant', 'version', 'voucher', 'webhook', 'window', 'zone',
] as const;

/** Words for property names, enum values and descriptions. */
export const fields = [
  'active', 'amount', 'archived', 'author', 'category', 'code', 'color', 'count', 'country', 'created',
  'currency', 'deadline', 'default', 'depth', 'detail', 'display', 'duration', 'effective', 'email', 'enabled',
  'expires', 'external', 'flag', 'height', 'hint', 'kind', 'language', 'latitude', 'level', 'limit',
  'locale', 'longitude', 'margin', 'maximum', 'minimum', 'mode', 'name', 'owner', 'parent', 'percent',
  'phone', 'priority', 'quantity', 'rank', 'ratio', 'reason', 'reference', 'score', 'sequence', 'size',
  'slug', 'source', 'stage', 'state', 'status', 'summary', 'target', 'timezone', 'title', 'total',
  'updated', 'url', 'value', 'verified', 'visibility', 'weight', 'width', 'window', 'year', 'zone',
] as const;

/** Modifiers for enum values and schema-name variants. */
export const qualifiers = [
  'alpha', 'beta', 'blue', 'bronze', 'central', 'cold', 'daily', 'direct', 'east', 'express',
  'final', 'first', 'gold', 'green', 'hourly', 'inner', 'large', 'last', 'local', 'manual',
  'medium', 'monthly', 'north', 'outer', 'partial', 'primary', 'public', 'private', 'red', 'remote',
  'secondary', 'silver', 'small', 'south', 'standard', 'static', 'super', 'temporary', 'warm', 'west',
] as const;

/** `billing` + `refund` → `BillingRefund`; words joined in PascalCase. */
export const pascal = (...words: readonly string[]): string => words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');

/** `billing` + `refund` → `billing_refund`. */
export const snake = (...words: readonly string[]): string => words.join('_');
