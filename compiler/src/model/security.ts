import { camelCase, isSafeIdentifier } from '../names/identifiers.ts';
import { pointerJoin } from '../diagnostics/index.ts';
import { isObject, type DocumentReader } from './DocumentReader.ts';
import type { Auth, CredentialCheck, SecurityScheme } from './Api.ts';

/** Names a credential option may not take: the executor's options and the locals of `createClient`. */
export const clientOptionNames = [
  'baseUrl',
  'basic',
  'bearer',
  'headers',
  'timeout',
  'signal',
  'fetch',
  'codecConfig',
  'onRequest',
  'onResponse',
  'auth',
  'rest',
  'call',
  'params',
  'options',
  'endpoints',
  'either',
];

/**
 * The security schemes of the document the runtime can carry: http basic, http bearer,
 * oauth2 and openIdConnect (as bearer tokens) and apiKey (header, query or cookie). Others are
 * reported and ignored.
 */
export function readSecuritySchemes(reader: DocumentReader): SecurityScheme[] {
  const raw = reader.get('/components/securitySchemes');
  if (!isObject(raw)) return [];
  const taken = new Set(clientOptionNames);
  const out: SecurityScheme[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const at = pointerJoin('/components/securitySchemes', key);
    const found = reader.deref(value, at);
    if (!found || !isObject(found.value)) continue;
    const s = found.value;
    const description = typeof s.description === 'string' ? { description: s.description } : {};
    let kind: SecurityScheme['kind'] | undefined;
    const type = s.type;
    if (type === 'http') {
      const scheme = typeof s.scheme === 'string' ? s.scheme.toLowerCase() : '';
      if (scheme === 'basic') kind = 'basic';
      else if (scheme === 'bearer') kind = 'bearer';
      else
        reader.diagnostics.warn(
          at,
          `http scheme "${String(s.scheme)}" is not supported (basic and bearer are); operations needing it get no credentials`,
        );
    } else if (type === 'oauth2' || type === 'openIdConnect') kind = 'bearer';
    else if (type === 'apiKey') {
      if (typeof s.name !== 'string' || !['header', 'query', 'cookie'].includes(s.in as string)) {
        reader.diagnostics.error(at, 'an apiKey scheme needs a name and "in" (header, query or cookie)');
        continue;
      }
      kind = 'apiKey';
    } else
      reader.diagnostics.warn(
        at,
        `security scheme type ${JSON.stringify(type)} is not supported; operations needing it get no credentials`,
      );
    if (!kind) continue;
    let prop: string = kind;
    if (kind === 'apiKey') {
      // A local variable of createClient too, so it must be a safe identifier.
      const base = isSafeIdentifier(camelCase(key)) ? camelCase(key) : `${camelCase(key)}Key`;
      prop = base;
      for (let i = 2; taken.has(prop); i++) prop = `${base}${i}`;
      taken.add(prop);
    }
    out.push({
      key,
      kind,
      ...(kind === 'apiKey' ? { in: s.in as 'header' | 'query' | 'cookie', paramName: s.name as string } : {}),
      prop,
      ...description,
    });
  }
  return out;
}

/** What an operation needs: its auth type and the apiKey schemes it sends as parameters. */
export interface OperationSecurity {
  readonly auth: Auth;
  readonly apiKeys: readonly SecurityScheme[];
  /** Every alternative as presence checks (see `Operation.security`); undefined when nothing can be required. */
  readonly requirements?: ReadonlyArray<ReadonlyArray<CredentialCheck>>;
}

/**
 * The requirement list as the credentials each alternative needs; undefined when an alternative
 * is empty (`{}`, anonymous calls), or names a scheme the runtime cannot check (an unsupported
 * or undeclared one): a server must not refuse a request that alternative would have allowed.
 */
function requirementChecks(
  raw: readonly unknown[],
  schemes: readonly SecurityScheme[],
): CredentialCheck[][] | undefined {
  const out: CredentialCheck[][] = [];
  for (const r of raw) {
    if (!isObject(r) || Object.keys(r).length === 0) return undefined;
    const checks: CredentialCheck[] = [];
    for (const key of Object.keys(r)) {
      const scheme = schemes.find((s) => s.key === key);
      if (!scheme) return undefined;
      if (scheme.kind === 'apiKey') checks.push({ in: scheme.in!, name: scheme.paramName! });
      else checks.push({ scheme: scheme.kind === 'basic' ? 'Basic' : 'Bearer' });
    }
    // Alternatives that differ only in scopes (`oauth: [read]`, `oauth: [write]`) check the same.
    if (!out.some((o) => JSON.stringify(o) === JSON.stringify(checks))) out.push(checks);
  }
  return out.length === 0 ? undefined : out;
}

/**
 * Reads an operation's security (its own, else the document's): the first requirement is
 * used; a requirement list that allows anonymous calls (`{}`) needs nothing.
 */
export function operationSecurity(
  raw: unknown,
  pointer: string,
  schemes: readonly SecurityScheme[],
  reader: DocumentReader,
): OperationSecurity {
  const none: OperationSecurity = { auth: { kind: 'none' }, apiKeys: [] };
  if (!Array.isArray(raw) || raw.length === 0) return none;
  if (raw.some((r) => isObject(r) && Object.keys(r).length === 0)) return none;
  const first = raw[0];
  if (!isObject(first)) return none;
  let auth: Auth = { kind: 'none' };
  const apiKeys: SecurityScheme[] = [];
  const requirements = requirementChecks(raw, schemes);
  for (const key of Object.keys(first)) {
    const scheme = schemes.find((s) => s.key === key);
    if (!scheme) {
      if (!isObject(reader.get(pointerJoin('/components/securitySchemes', key))))
        reader.diagnostics.warn(
          pointerJoin(pointer, 0, key),
          `security scheme "${key}" is not declared in components.securitySchemes`,
        );
      continue;
    }
    if (scheme.kind === 'apiKey') apiKeys.push(scheme);
    else if (auth.kind === 'none') auth = { kind: scheme.kind, scheme: scheme.key };
  }
  return { auth, apiKeys, ...(requirements !== undefined ? { requirements } : {}) };
}
