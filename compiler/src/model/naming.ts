import type { Diagnostics } from '../diagnostics/index.ts';
import { camelCase, NameScope, pascalCase } from '../names/identifiers.ts';
import { endpointsModuleLocals, runtimeNames } from '../names/moduleNames.ts';
import type { UnnamedParameter } from './apiKeyParameters.ts';
import type { Operation, Parameter, Response } from './Api.ts';
import type { RawOperation } from './RawOperation.ts';
import type { SchemaConverter } from './SchemaConverter.ts';
import type { NamedSchema } from './Schema.ts';
import type { PlacedResponse, PlacedResponses } from './statuses.ts';

/** An operation ready to be named: its statuses placed and its apiKey parameters added. */
export interface OperationToName extends Omit<RawOperation, 'parameters' | 'responses'> {
  readonly parameters: readonly UnnamedParameter[];
  readonly responses: PlacedResponses;
}

/** A response with its headers' property names (one scope per response). */
function nameResponse(r: PlacedResponse): Response {
  const scope = new NameScope();
  const headers = r.headers.map((h) => ({ ...h, prop: scope.allocate(camelCase(h.name)) }));
  return {
    key: r.key,
    status: r.status,
    headers,
    ...(r.description !== undefined ? { description: r.description } : {}),
    ...(r.content ? { content: r.content } : {}),
  };
}

/**
 * Allocates every identifier of the endpoints module in one scope (schemas first, in
 * declaration order, then operations and their types), and per-operation property names.
 * Deterministic: the same document always gives the same names.
 */
export function allocateNames(
  schemas: SchemaConverter,
  raw: readonly OperationToName[],
  diagnostics: Diagnostics,
): { schemas: NamedSchema[]; operations: Array<Omit<Operation, 'group'>> } {
  const scope = new NameScope([...runtimeNames, ...endpointsModuleLocals]);
  const named: NamedSchema[] = [];
  for (const s of schemas.named.values()) {
    named.push({ key: s.key, name: s.name, ident: scope.allocate(pascalCase(s.name)), schema: s.schema ?? { kind: 'any' }, pointer: s.pointer });
  }
  const ids = new Map<string, string>();
  const operations = raw.map((op): Omit<Operation, 'group'> => {
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
    const parameters = op.parameters.map(({ pointer: _pointer, propBase, ...p }): Parameter => ({ ...p, prop: props.allocate(propBase ?? camelCase(p.name)) }));
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
      outputs: op.responses.outputs.map(nameResponse),
      errors: op.responses.errors.map(nameResponse),
      auth: op.security.auth,
      pointer: op.pointer,
    };
  });
  return { schemas: named, operations };
}
