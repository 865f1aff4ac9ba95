// The operations of a published OpenAPI document as the document itself states them — parameters
// (path-level and operation-level, `$ref`s followed), request body, responses, security — each
// with the JSON pointer of its schema, for a referee that knows nothing of kitgen's model.
import { escapePointer, follow, type OpenApiDocument } from './documentReferee.ts';

/** The methods an OpenAPI path item may hold. */
export const pathItemMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** One parameter as the document declares it. */
export interface DocumentParameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  /** Where its schema is, or (for a `content` parameter) the schema of its one media type. */
  readonly schemaPointer: string | undefined;
  /** A `content` parameter's media type: the value travels as one text of it. */
  readonly mediaType?: string;
  readonly style: string;
  readonly explode: boolean;
}

/** One media type of a request body. */
export interface DocumentMedia {
  readonly mediaType: string;
  readonly schemaPointer: string | undefined;
  readonly encoding: Record<string, { contentType?: string; style?: string; explode?: boolean }>;
}

/** One operation of the document. */
export interface DocumentOperation {
  readonly path: string;
  readonly method: (typeof pathItemMethods)[number];
  readonly pointer: string;
  readonly operationId?: string;
  readonly parameters: readonly DocumentParameter[];
  readonly body?: { readonly required: boolean; readonly media: readonly DocumentMedia[] };
  /** Status key (`200`, `4XX`, `default`) → pointer of the response object (after `$ref`s). */
  readonly responses: Readonly<Record<string, string>>;
  /** The security requirements in force (the operation's, else the document's). */
  readonly security: ReadonlyArray<Record<string, unknown>>;
}

const defaultStyle: Record<string, string> = { path: 'simple', query: 'form', header: 'simple', cookie: 'form' };

function parameterAt(doc: OpenApiDocument, pointer: string): DocumentParameter | undefined {
  const { value: p, pointer: own } = follow(doc, pointer);
  if (!p || typeof p.name !== 'string' || !['path', 'query', 'header', 'cookie'].includes(p.in as string))
    return undefined;
  const where = p.in as DocumentParameter['in'];
  const style = typeof p.style === 'string' ? p.style : defaultStyle[where];
  const content = p.content as Record<string, unknown> | undefined;
  const mediaType = p.schema === undefined && content ? Object.keys(content)[0] : undefined;
  const schemaPointer =
    p.schema !== undefined
      ? `${own}/schema`
      : mediaType !== undefined && (content![mediaType] as { schema?: unknown } | undefined)?.schema !== undefined
        ? `${own}/content/${escapePointer(mediaType)}/schema`
        : undefined;
  return {
    name: p.name,
    in: where,
    required: where === 'path' || p.required === true,
    schemaPointer,
    ...(mediaType !== undefined ? { mediaType } : {}),
    style,
    explode: typeof p.explode === 'boolean' ? p.explode : style === 'form',
  };
}

/** Every operation of the document, in document order. */
export function documentOperations(doc: OpenApiDocument): DocumentOperation[] {
  const out: DocumentOperation[] = [];
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const { value: item, pointer: itemPointer } = follow(doc, `/paths/${escapePointer(path)}`);
    if (!item || rawItem === null) continue;
    for (const method of pathItemMethods) {
      const operation = item[method] as Record<string, unknown> | undefined;
      if (!operation || typeof operation !== 'object') continue;
      const pointer = `${itemPointer}/${method}`;
      // Operation-level parameters override path-level ones of the same name and location; a
      // header's name in any case is one header (codeartifact declares `X-Amz-Content-Sha256` on
      // the path and `x-amz-content-sha256` on the operation: sending both joins their values).
      const byKey = new Map<string, DocumentParameter>();
      const list = (at: string, raw: unknown) =>
        Array.isArray(raw)
          ? raw.map((_, i) => parameterAt(doc, `${at}/parameters/${i}`)).filter((p) => p !== undefined)
          : [];
      for (const p of [...list(itemPointer, item.parameters), ...list(pointer, operation.parameters)])
        byKey.set(`${p.in} ${p.in === 'header' ? p.name.toLowerCase() : p.name}`, p);
      const responses: Record<string, string> = {};
      for (const key of Object.keys((operation.responses as Record<string, unknown> | undefined) ?? {})) {
        responses[key] = follow(doc, `${pointer}/responses/${escapePointer(key)}`).pointer;
      }
      const { value: body, pointer: bodyPointer } = follow(doc, `${pointer}/requestBody`);
      const content = body?.content as Record<string, Record<string, unknown>> | undefined;
      const media: DocumentMedia[] = Object.entries(content ?? {}).map(([mediaType, m]) => ({
        mediaType,
        schemaPointer:
          m?.schema !== undefined ? `${bodyPointer}/content/${escapePointer(mediaType)}/schema` : undefined,
        encoding: (m?.encoding as DocumentMedia['encoding'] | undefined) ?? {},
      }));
      const security = (operation.security ?? doc.security ?? []) as Array<Record<string, unknown>>;
      out.push({
        path,
        method,
        pointer,
        ...(typeof operation.operationId === 'string' ? { operationId: operation.operationId } : {}),
        parameters: [...byKey.values()],
        ...(media.length > 0 ? { body: { required: body?.required === true, media } } : {}),
        responses,
        security: Array.isArray(security) ? security : [],
      });
    }
  }
  return out;
}
