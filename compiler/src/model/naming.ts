import { camelCase, NameScope, pascalCase } from '../names/identifiers.ts';
import { endpointsModuleLocals, runtimeNames, runtimeRepresentative } from '../names/moduleNames.ts';
import type { Diagnostics } from '../diagnostics/index.ts';
import type { Api, HttpMethod, Operation, Parameter, RequestBody, Response } from './Api.ts';
import type { RawResponse } from './bodies.ts';
import type { RawParameter } from './parameters.ts';
import type { OperationSecurity } from './security.ts';
import type { SchemaConverter } from './SchemaConverter.ts';
import type { NamedSchema } from './Schema.ts';

/** An operation as read, before identifiers are allocated. */
export interface RawOperation {
  readonly method: HttpMethod;
  readonly path: string;
  readonly segments: Operation['segments'];
  readonly operationId?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly deprecated: boolean;
  readonly parameters: readonly RawParameter[];
  readonly body: RequestBody | undefined;
  readonly responses: readonly RawResponse[];
  readonly security: OperationSecurity;
  readonly pointer: string;
}

const isSuccess = (key: string) => /^[123]/.test(key);

/** Status order: exact codes by number, then ranges, then default. */
function statusOrder(a: RawResponse, b: RawResponse): number {
  const rank = (k: string) => (k === 'default' ? 2 : /X/i.test(k) ? 1 : 0);
  return rank(a.key) - rank(b.key) || runtimeRepresentative(a.key) - runtimeRepresentative(b.key);
}

/** Gives each response a status: its code, or for ranges and default a representative no exact code of the operation uses. */
function responsesOf(raw: readonly RawResponse[]): { outputs: Response[]; errors: Response[] } {
  const taken = new Set(raw.filter((r) => /^\d{3}$/.test(r.key)).map((r) => Number(r.key)));
  const place = (r: RawResponse): Response => {
    let status = runtimeRepresentative(r.key);
    if (!/^\d{3}$/.test(r.key)) {
      const base = r.key === 'default' ? 500 : status;
      for (status = base; taken.has(status) && status < base + 99; status++);
      taken.add(status);
    }
    const scope = new NameScope();
    const headers = r.headers.map((h) => ({ ...h, prop: scope.allocate(camelCase(h.name)) }));
    return { key: r.key, status, headers, ...(r.description !== undefined ? { description: r.description } : {}), ...(r.content ? { content: r.content } : {}) };
  };
  const sorted = [...raw].sort(statusOrder);
  return { outputs: sorted.filter((r) => isSuccess(r.key)).map(place), errors: sorted.filter((r) => !isSuccess(r.key)).map(place) };
}

/**
 * Allocates every identifier of the endpoints module in one scope (schemas first, in
 * declaration order, then operations and their types), and per-operation property names.
 * Deterministic: the same document always gives the same names.
 */
export function allocateNames(schemas: SchemaConverter, raw: readonly RawOperation[], diagnostics: Diagnostics): Pick<Api, 'schemas' | 'operations'> {
  const scope = new NameScope([...runtimeNames, ...endpointsModuleLocals]);
  const named: NamedSchema[] = [];
  for (const s of schemas.named.values()) {
    named.push({ key: s.key, name: s.name, ident: scope.allocate(pascalCase(s.name)), schema: s.schema ?? { kind: 'any' }, pointer: s.pointer });
  }
  const files = new Set<string>(['schemas', 'index']);
  const groups = new Map<string, string>();
  const groupOf = (tag: string): string => {
    let g = groups.get(tag);
    if (g === undefined) {
      const base = camelCase(tag);
      g = base;
      for (let i = 2; files.has(g.toLowerCase()); i++) g = `${base}${i}`;
      files.add(g.toLowerCase());
      groups.set(tag, g);
    }
    return g;
  };
  const ids = new Map<string, string>();
  const operations: Operation[] = raw.map((op) => {
    if (op.operationId !== undefined) {
      const clash = ids.get(op.operationId);
      if (clash) diagnostics.warn(`${op.pointer}/operationId`, `operationId "${op.operationId}" is also used by ${clash}; this one gets another name`);
      ids.set(op.operationId, `${op.method.toUpperCase()} ${op.path}`);
    }
    const ident = scope.allocate(camelCase(op.operationId ?? `${op.method} ${op.path.replace(/[{}]/g, ' ')}`));
    const typeBase = pascalCase(ident);
    const types = { params: scope.allocate(`${typeBase}Params`), output: scope.allocate(`${typeBase}Output`), error: scope.allocate(`${typeBase}Error`) };
    const props = new NameScope();
    const bodyProp = props.allocate('body');
    const parameters: Parameter[] = op.parameters.map(({ pointer: _p, ...p }) => ({ ...p, prop: props.allocate(camelCase(p.name)) }));
    for (const s of op.security.apiKeys) {
      parameters.push({ name: s.paramName!, in: s.in!, prop: props.allocate(s.prop), required: true, schema: { kind: 'string', constraints: {} }, style: s.in === 'header' ? 'simple' : 'form', explode: s.in !== 'header', credential: s.key, ...(s.description !== undefined ? { description: s.description } : {}) });
    }
    const { outputs, errors } = responsesOf(op.responses);
    return {
      method: op.method,
      path: op.path,
      segments: op.segments,
      ...(op.operationId !== undefined ? { operationId: op.operationId } : {}),
      ident,
      typeBase,
      types,
      ...(op.summary !== undefined ? { summary: op.summary } : {}),
      ...(op.description !== undefined ? { description: op.description } : {}),
      tags: op.tags,
      deprecated: op.deprecated,
      parameters,
      ...(op.body ? { body: op.body } : {}),
      bodyProp,
      outputs,
      errors,
      auth: op.security.auth,
      pointer: op.pointer,
      group: groupOf(op.tags[0] ?? 'default'),
    };
  });
  return { schemas: named, operations };
}
