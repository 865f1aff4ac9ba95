import { CodecConfig } from '../../codec/json/CodecConfig.ts';
import { MediaType } from '../../http/MediaType.ts';
import { isJsonMediaType } from '../../http/mediaTypeRules.ts';
import type { Request } from '../../http/Request.ts';
import { CodecConfigKey } from '../../util/symbols.ts';
import { leaves, type CodecNode, type ContentNode } from '../CodecNode.ts';
import { contentCodecs } from '../contentCodecs.ts';

const encoder = new TextEncoder();

/**
 * Whether a request's JSON body is one this endpoint's body schema takes: operations of one
 * method and path whose JSON bodies differ only in shape (Azure Face's `POST /verify` with
 * `{faceId1, faceId2}` and its `#overload=person` with `{faceId, personId}`; Box's three
 * `PUT …/schema` patches `#add`, `#update`, `#delete`) each get the bodies that fit theirs.
 * Asked only of a body the server has already read (a streamed one is any sibling's) labelled
 * with a JSON type; a body no sibling takes goes to the first, whose 400 names what is wrong.
 * Undefined when the input has no single whole body.
 */
export function bodyShapeGuard(node: CodecNode): ((request: Request) => boolean) | undefined {
  const bodies = leaves(node).filter((l): l is ContentNode => l.kind === 'content' && l.name === undefined);
  if (bodies.length !== 1 || bodies[0].stream) return undefined;
  const body = bodies[0];
  return (request) => {
    const source = request.body.source;
    if (source.kind !== 'bytes' && source.kind !== 'string') return true;
    const header = request.headers.get('content-type');
    const type = header === undefined ? undefined : MediaType.parse(header);
    if (type === undefined || !isJsonMediaType(type.fullType)) return true;
    const config = (request.attributes.get(CodecConfigKey) as CodecConfig | undefined) ?? CodecConfig.current();
    const codec = contentCodecs(body).codec(type.fullType, config);
    if (codec === undefined) return true;
    return codec.decode(source.kind === 'bytes' ? source.bytes : encoder.encode(source.text))._tag === 'right';
  };
}
