import type { AnyEndpoint } from '../endpoint/Endpoint.ts';
import { splitInputExample } from './examples.ts';
import type { GenContext } from './genContext.ts';
import type { OperationObject } from './model.ts';
import { pascalCase } from './names.ts';
import { requestDocs } from './requestGen.ts';
import { responsesDocs } from './responsesGen.ts';

/** The first sentence (or line) of a description, short enough for a summary. */
function firstSentence(text: string): string {
  const line = text.trim().split('\n')[0];
  const sentence = /^(.+?[.!?])(\s|$)/.exec(line)?.[1] ?? line;
  return sentence.length > 120 ? `${sentence.slice(0, 117)}...` : sentence;
}

/**
 * The operation object of one endpoint. Its summary is the endpoint's, else the first sentence
 * of its description, else `METHOD /path` (tools list operations by summary). Security is the
 * auth type's scheme, or the schemes a declared `Authorization` header accepts.
 */
export function operationDocs(endpoint: AnyEndpoint, ctx: GenContext, operationId: string): OperationObject {
  const { docs, route, authType } = endpoint.state;
  const hint = pascalCase(operationId);
  const examples = Object.entries(docs.inputExamples ?? {}).map(
    ([name, value]) => [name, splitInputExample(endpoint, value)] as [string, ReturnType<typeof splitInputExample>],
  );
  const request = requestDocs(endpoint, ctx, hint, examples);
  const op: OperationObject = {};
  if (docs.tags && docs.tags.length > 0) op.tags = [...new Set(docs.tags)];
  // The route's own doc (`pattern.doc(…)`) follows the endpoint's, as paragraphs of one description.
  const description = [docs.description, route.description].filter((d) => d !== undefined && d !== '').join('\n\n');
  op.summary =
    docs.summary ?? (description ? firstSentence(description) : `${String(route.method)} ${route.openApiPath}`);
  if (description) op.description = description;
  op.operationId = operationId;
  if (request.parameters.length > 0) op.parameters = request.parameters;
  if (request.requestBody) op.requestBody = request.requestBody;
  op.responses = responsesDocs(endpoint, ctx, hint, request.decodes);
  if (docs.deprecated) op.deprecated = true;
  if (authType === 'Basic') op.security = [{ [ctx.securityScheme('basic')]: [] }];
  else if (authType === 'Bearer') op.security = [{ [ctx.securityScheme('bearer')]: [] }];
  else if (request.security) op.security = request.security;
  return op;
}
