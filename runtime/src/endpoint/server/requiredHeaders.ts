import type { Request } from '../../http/Request.ts';
import type { CodecNode } from '../CodecNode.ts';

/** Whether a request can be this endpoint's at all; `true` stands for "always". */
type Guard = ((request: Request) => boolean) | true;

/**
 * Spec endpoint rule 2 as a result value: whether a request carries every header the
 * endpoint's input requires (no default, not optional, not a cookie). A request without one does
 * not match the endpoint, and the router offers it to the next route of the same method and
 * path. Undefined when the input requires no header, so most routes pay nothing.
 */
export function requiredHeaders(node: CodecNode): ((request: Request) => boolean) | undefined {
  const guard = compile(node);
  return guard === true ? undefined : guard;
}

function compile(node: CodecNode): Guard {
  switch (node.kind) {
    case 'header': {
      const d = (node.schema as unknown as { default?: unknown }).default;
      if (node.optional || node.cookie || d !== undefined) return true;
      const name = node.name;
      return (request) => request.headers.get(name) !== undefined;
    }
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
