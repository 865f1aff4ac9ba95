import type { Request } from '../../http/Request.ts';
import type { CodecNode, QueryNode } from '../CodecNode.ts';
import { selects, type RouteSelector } from './routeSelector.ts';
import { isFlag } from './decodeInput.ts';

/** Whether a request can be this endpoint's at all; `true` stands for "always". */
type Guard = ((request: Request) => boolean) | true;

/**
 * Whether a request can be this endpoint's at all: it carries every header the endpoint's input
 * requires (no default, not optional, not a cookie), and every required query parameter, each
 * with a value of its enum where it has one. A request without one does not match the
 * endpoint, and the router offers it to the next route of the same method and path. With a
 * selector (the document named, in a `#fragment` of the path, what picks this operation among
 * those of its path), the selector's keys decide instead of the required inputs, and the keys
 * of the path's other operations must be absent. Undefined when nothing is required, so most
 * routes pay nothing.
 */
export function requiredHeaders(
  node: CodecNode,
  selector?: RouteSelector,
): ((request: Request) => boolean) | undefined {
  // A trailing slash that picks between `/x` and `/x/` decides alone too: a request missing a
  // required input of its operation is that operation's to refuse, naming the input.
  const own: Guard =
    selector?.carries !== undefined && selector.carries.length > 0
      ? selects({ carries: selector.carries })
      : selector?.slash !== undefined
        ? true
        : compile(node);
  const guard = all([
    own,
    selector?.lacks !== undefined && selector.lacks.length > 0 ? selects({ lacks: selector.lacks }) : true,
    selector?.slash !== undefined ? selects({ slash: selector.slash }) : true,
  ]);
  return guard === true ? undefined : guard;
}

function compile(node: CodecNode): Guard {
  switch (node.kind) {
    case 'header': {
      const d = (node.schema as unknown as { default?: unknown }).default;
      if (node.optional || node.cookie || d !== undefined) return true;
      const name = node.name;
      const allowed = textEnum(node.schema);
      if (allowed === undefined) return (request) => request.headers.get(name) !== undefined;
      return (request) => allowed.has(request.headers.get(name) ?? '');
    }
    case 'query':
      return requiredQuery(node);
    case 'and':
      return all(node.parts.map(compile));
    case 'transform':
      return compile(node.inner);
    case 'or':
      return some([compile(node.left), compile(node.right)]);
    case 'union':
      return some(node.alts.map(compile));
    default:
      return true;
  }
}

/**
 * A required query parameter of scalar or list values (one named key in the query; an object's
 * keys are its properties') must be there, with a value of its enum when it has one: operations
 * of one path told apart by a query parameter (AWS's `/tags/{arn}#tagKeys`, `/#Action=Send`)
 * each get the requests that carry theirs.
 */
function requiredQuery(node: QueryNode): Guard {
  const schema = node.schema as unknown as { default?: unknown; type?: unknown };
  if (node.optional || schema.default !== undefined || node.style === 'deepObject') return true;
  const allowed = textEnum(node.schema);
  // A `const` or `enum` without a `type` (`{ const: true }`) is a scalar too.
  if (
    node.mediaType === undefined &&
    allowed === undefined &&
    !['string', 'integer', 'number', 'boolean', 'array'].includes(String(schema.type))
  )
    return true;
  const name = node.name;
  if (allowed === undefined) return (request) => request.query.has(name);
  // A flag (`?cors`) is there with no value.
  if (isFlag(node.schema)) {
    allowed.add('');
    return (request) => request.query.has(name) && allowed.has(request.query.get(name) ?? '');
  }
  return (request) => allowed.has(request.query.get(name) ?? '');
}

/** A schema's `enum` (or `const`) as the texts a header or query value may be; undefined when it has none, or one that is no scalar. */
function textEnum(schema: object): Set<string> | undefined {
  const s = schema as { enum?: unknown; const?: unknown };
  const values = Array.isArray(s.enum) ? s.enum : 'const' in s ? [s.const] : undefined;
  // An object or array among them has no one text: the schema is left to decoding.
  if (values === undefined || values.some((v) => typeof v === 'object' && v !== null)) return undefined;
  return new Set(values.map(String));
}

function all(guards: Guard[]): Guard {
  const needed = guards.filter((g): g is (request: Request) => boolean => g !== true);
  if (needed.length === 0) return true;
  if (needed.length === 1) return needed[0];
  return (request) => needed.every((g) => g(request));
}

function some(guards: Guard[]): Guard {
  if (guards.some((g) => g === true)) return true;
  const each = guards as Array<(request: Request) => boolean>;
  return (request) => each.some((g) => g(request));
}
