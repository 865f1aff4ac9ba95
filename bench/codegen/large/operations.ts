// The paths of the large benchmark document: per tag, a collection and its items, then
// sub-resources and actions under an item until the tag has its share of operations. Path,
// query and header parameters, JSON request bodies, 2xx bodies that refer to component schemas,
// and 4xx answers that refer to shared component responses.
import type { Random } from './random.ts';
import type { Schema, SchemaSet } from './schemas.ts';
import { domains, fields, nouns, qualifiers } from './words.ts';

/** An operation the benchmarks can script against (it is always written, with these names). */
export interface ProbeOperation {
  readonly operationId: string;
  readonly method: 'get';
  readonly path: string;
  /** Path parameter names in order; each is a string. */
  readonly pathParams: readonly string[];
}

/** The `paths`, shared `components.parameters` and `components.responses`, and the probe. */
export interface PathSet {
  readonly paths: Record<string, Record<string, Schema>>;
  readonly parameters: Record<string, Schema>;
  readonly responses: Record<string, Schema>;
  readonly tags: readonly { name: string; description: string }[];
  readonly operations: number;
  readonly probe: ProbeOperation;
}

const schemaRef = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Schema) => ({ 'application/json': { schema } });
const plural = (n: string) =>
  n.endsWith('s') || n.endsWith('x') ? `${n}es` : n.endsWith('y') ? `${n.slice(0, -1)}ies` : `${n}s`;
const actions = ['approve', 'archive', 'cancel', 'publish', 'restore', 'retry', 'submit', 'verify'] as const;

/** Builds about `operationCount` operations over `tagCount` tags, bodies drawn from `set`. */
export function buildPaths(rnd: Random, set: SchemaSet, tagCount: number, operationCount: number): PathSet {
  const parameters: Record<string, Schema> = {
    page: {
      name: 'page',
      in: 'query',
      description: 'The page of results to fetch.',
      schema: { type: 'integer', minimum: 1, default: 1 },
    },
    per_page: {
      name: 'per_page',
      in: 'query',
      description: 'Results per page (at most 100).',
      schema: { type: 'integer', minimum: 1, maximum: 100, default: 30 },
    },
    since: {
      name: 'since',
      in: 'query',
      description: 'Only results updated after this time.',
      schema: { type: 'string', format: 'date-time' },
    },
    request_id: {
      name: 'X-Request-Id',
      in: 'header',
      description: 'An id the server echoes in its logs.',
      schema: { type: 'string', format: 'uuid' },
    },
  };
  const error = (description: string, schema = 'BasicError'): Schema => ({
    description,
    content: json(schemaRef(schema)),
  });
  const responses: Record<string, Schema> = {
    not_found: error('Resource not found'),
    validation_failed: error('Validation failed', 'ValidationError'),
    unauthorized: error('Requires authentication'),
    forbidden: error('Forbidden'),
    conflict: error('Conflict'),
  };
  const pairs = rnd.sample(
    domains.flatMap((d) => nouns.map((n) => [d, n] as const)),
    tagCount,
  );
  const paths: Record<string, Record<string, Schema>> = {};
  const tags: { name: string; description: string }[] = [];
  let operations = 0;
  let probe: ProbeOperation | undefined;

  const statuses = {
    not_found: '404',
    validation_failed: '422',
    unauthorized: '401',
    forbidden: '403',
    conflict: '409',
  } as const;
  const errors = (...codes: (keyof typeof statuses | '401' | '403')[]): Record<string, Schema> => {
    const out: Record<string, Schema> = {};
    for (const c of codes) {
      const key = c === '401' ? 'unauthorized' : c === '403' ? 'forbidden' : c;
      out[statuses[key]] = { $ref: `#/components/responses/${key}` };
    }
    return out;
  };
  const headerParams = (): Schema[] => (rnd.chance(0.3) ? [{ $ref: '#/components/parameters/request_id' }] : []);
  // The probe's parameters are strings (the editor benchmark writes string literals for them); the draw is made anyway so the sequence does not change.
  const pathParam = (name: string, noun: string, probeParam = false): Schema => ({
    name,
    in: 'path',
    required: true,
    description: `The id of the ${noun}.`,
    schema: rnd.chance(0.7) || probeParam ? { type: 'string' } : { type: 'integer', format: 'int64' },
  });
  const filters = (): Schema[] =>
    rnd.sample(fields, rnd.int(0, 4)).map((f) => {
      const r = rnd.next();
      const schema =
        r < 0.3 && set.enums.length > 0
          ? schemaRef(rnd.pick(set.enums))
          : r < 0.5
            ? { type: 'string', enum: rnd.sample(qualifiers, rnd.int(2, 6)) }
            : r < 0.7
              ? { type: 'boolean' }
              : { type: 'string' };
      return { name: f, in: 'query', description: `Filter by ${f}.`, schema };
    });
  const body = (): Schema => {
    if (rnd.chance(0.8)) return { required: true, content: json(schemaRef(rnd.pick(set.objects))) };
    return {
      required: rnd.chance(0.5),
      content: json({
        type: 'object',
        properties: {
          note: { type: 'string' },
          payload: schemaRef(rnd.pick(set.objects)),
          notify: { type: 'boolean' },
        },
        required: ['payload'],
      }),
    };
  };
  const one = () => schemaRef(rnd.chance(0.1) && set.unions.length > 0 ? rnd.pick(set.unions) : rnd.pick(set.objects));
  const ok = (description: string, schema: Schema) => ({ description, content: json(schema) });

  for (const [t, [domain, noun]] of pairs.entries()) {
    const tag = `${domain}-${plural(noun)}`;
    tags.push({ name: tag, description: `Manage ${domain} ${plural(noun)}.` });
    const share = Math.round(((t + 1) * operationCount) / tagCount) - Math.round((t * operationCount) / tagCount);
    let count = 0;
    const add = (path: string, method: string, op: Schema) => {
      (paths[path] ??= {})[method] = { tags: [tag], ...op };
      count++;
    };
    const base = `/${domain}/${plural(noun)}`;
    const id = `${noun}Id`;
    const item = `${base}/{${id}}`;
    const itemParams = () => [pathParam(id, noun), ...headerParams()];
    add(base, 'get', {
      operationId: `${tag}/list`,
      summary: `List ${plural(noun)}`,
      parameters: [
        { $ref: '#/components/parameters/page' },
        { $ref: '#/components/parameters/per_page' },
        { $ref: '#/components/parameters/since' },
        ...filters(),
        ...headerParams(),
      ],
      responses: { '200': ok('Response', { type: 'array', items: one() }), ...errors('401') },
    });
    add(base, 'post', {
      operationId: `${tag}/create`,
      summary: `Create a ${noun}`,
      parameters: headerParams(),
      requestBody: body(),
      responses: { '201': ok('Created', one()), ...errors('validation_failed', '401', '403') },
    });
    const getItem = {
      operationId: `${tag}/get`,
      summary: `Get a ${noun}`,
      parameters: [pathParam(id, noun, t === 0), ...headerParams()],
      responses: { '200': ok('Response', one()), ...errors('not_found', '401') },
    };
    add(item, 'get', getItem);
    if (t === 0) probe = { operationId: `${tag}/get`, method: 'get', path: item, pathParams: [id] };
    add(item, 'patch', {
      operationId: `${tag}/update`,
      summary: `Update a ${noun}`,
      parameters: [...itemParams(), { name: 'If-Match', in: 'header', schema: { type: 'string' } }],
      requestBody: body(),
      responses: { '200': ok('Response', one()), ...errors('not_found', 'validation_failed', 'conflict') },
    });
    add(item, 'delete', {
      operationId: `${tag}/delete`,
      summary: `Delete a ${noun}`,
      parameters: itemParams(),
      responses: { '204': { description: 'Deleted' }, ...errors('not_found', '403') },
    });
    for (const sub of rnd.sample(
      nouns.filter((n) => n !== noun),
      nouns.length,
    )) {
      if (count >= share) break;
      const subBase = `${item}/${plural(sub)}`;
      const subId = `${sub}Id`;
      const subItem = `${subBase}/{${subId}}`;
      const subParams = () => [pathParam(id, noun), pathParam(subId, sub), ...headerParams()];
      add(subBase, 'get', {
        operationId: `${tag}/list-${plural(sub)}`,
        summary: `List the ${plural(sub)} of a ${noun}`,
        parameters: [
          pathParam(id, noun),
          { $ref: '#/components/parameters/page' },
          { $ref: '#/components/parameters/per_page' },
          ...filters(),
        ],
        responses: { '200': ok('Response', { type: 'array', items: one() }), ...errors('not_found') },
      });
      if (count >= share) break;
      add(subBase, 'post', {
        operationId: `${tag}/add-${sub}`,
        summary: `Add a ${sub} to a ${noun}`,
        parameters: [pathParam(id, noun), ...headerParams()],
        requestBody: body(),
        responses: { '201': ok('Created', one()), ...errors('not_found', 'validation_failed') },
      });
      if (count >= share) break;
      add(subItem, 'get', {
        operationId: `${tag}/get-${sub}`,
        summary: `Get a ${sub} of a ${noun}`,
        parameters: subParams(),
        responses: { '200': ok('Response', one()), ...errors('not_found') },
      });
      if (count >= share) break;
      add(subItem, rnd.pick(['put', 'patch']), {
        operationId: `${tag}/update-${sub}`,
        summary: `Update a ${sub} of a ${noun}`,
        parameters: subParams(),
        requestBody: body(),
        responses: { '200': ok('Response', one()), ...errors('not_found', 'validation_failed') },
      });
      if (count >= share) break;
      add(subItem, 'delete', {
        operationId: `${tag}/remove-${sub}`,
        summary: `Remove a ${sub} from a ${noun}`,
        parameters: subParams(),
        responses: { '204': { description: 'Removed' }, ...errors('not_found') },
      });
      if (count >= share || !rnd.chance(0.5)) continue;
      const action = rnd.pick(actions);
      add(`${subItem}/${action}`, 'post', {
        operationId: `${tag}/${action}-${sub}`,
        summary: `${action[0].toUpperCase()}${action.slice(1)} a ${sub}`,
        parameters: subParams(),
        responses: { '202': ok('Accepted', schemaRef(rnd.pick(set.objects))), ...errors('not_found', 'conflict') },
      });
    }
    operations += count;
  }
  return { paths, parameters, responses, tags, operations, probe: probe! };
}
