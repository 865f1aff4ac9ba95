import type { Diagnostics } from '../diagnostics/index.ts';
import { camelCase, NameScope, pascalCase } from '../names/identifiers.ts';
import { endpointsModuleLocals, runtimeNames } from '../names/moduleNames.ts';
import type { UnnamedParameter } from './apiKeyParameters.ts';
import type { EveryKey, Operation, Parameter, Response } from './Api.ts';
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
  // Every key always present (undefined when absent): one object shape for all responses.
  return {
    key: r.key,
    status: r.status,
    headers,
    description: r.description,
    content: r.content,
  } satisfies EveryKey<Response>;
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
): { schemas: NamedSchema[]; operations: Array<Omit<Operation, 'group' | 'selector'>> } {
  const scope = new NameScope([...runtimeNames, ...endpointsModuleLocals]);
  const named: NamedSchema[] = [];
  for (const s of schemas.named.values()) {
    named.push({
      key: s.key,
      name: s.name,
      ident: scope.allocate(pascalCase(s.name)),
      schema: s.schema ?? { kind: 'any' },
      pointer: s.pointer,
    });
  }
  const ids = new Map<string, string>();
  const operations = raw.map((op): Omit<Operation, 'group'> => {
    if (op.operationId !== undefined) {
      const clash = ids.get(op.operationId);
      if (clash)
        diagnostics.warn(
          `${op.pointer}/operationId`,
          `operationId "${op.operationId}" is also used by ${clash}; this one gets another name`,
        );
      ids.set(op.operationId, `${op.method.toUpperCase()} ${op.path}`);
    }
    const ident = scope.allocate(camelCase(op.operationId ?? `${op.method} ${op.path.replace(/[{}]/g, ' ')}`));
    const typeBase = pascalCase(ident);
    const types = {
      params: scope.allocate(`${typeBase}Params`),
      output: scope.allocate(`${typeBase}Output`),
      error: scope.allocate(`${typeBase}Error`),
    };
    const props = new NameScope();
    const bodyProp = props.allocate('body');
    const parameters = op.parameters.map(
      (p): Parameter =>
        ({
          name: p.name,
          in: p.in,
          prop: props.allocate(p.propBase ?? camelCase(p.name)),
          required: p.required,
          schema: p.schema,
          description: p.description,
          deprecated: p.deprecated,
          style: p.style,
          explode: p.explode,
          mediaType: p.mediaType,
          pathCodec: p.pathCodec,
          pathConstraints: p.pathConstraints,
          credential: 'credential' in p ? p.credential : undefined,
          examples: p.examples,
        }) satisfies EveryKey<Parameter>,
    );
    // Every key always present (undefined when absent): the emitters then see one object shape
    // for all operations, where optional keys spread in gave V8 a shape per combination and
    // its optimized emitters were thrown away and recompiled at each new one (generation CPU on large documents).
    return {
      method: op.method,
      path: op.path,
      segments: op.segments,
      operationId: op.operationId,
      ident,
      typeBase,
      types,
      summary: op.summary,
      description: op.description,
      tags: op.tags,
      deprecated: op.deprecated,
      parameters,
      body: op.body,
      bodyProp,
      outputs: op.responses.outputs.map(nameResponse),
      errors: op.responses.errors.map(nameResponse),
      auth: op.security.auth,
      security: op.security.requirements,
      pointer: op.pointer,
    } satisfies EveryKey<Omit<Operation, 'group' | 'selector'>>;
  });
  return { schemas: named, operations };
}
