import type { OpenAPIDocument } from './model.ts';
import type { OpenAPIProblem } from './OpenAPIError.ts';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const kind = (v: unknown) =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'an array'
      : typeof v === 'object'
        ? 'an object'
        : typeof v === 'string'
          ? 'a text'
          : `a ${typeof v}`;

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const parameterLocations = new Set(['query', 'header', 'path', 'cookie']);
const componentSections = [
  'schemas',
  'responses',
  'parameters',
  'examples',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
];
/** The versions read: 3.0.x and 3.1.x (a pre-release suffix such as `-rc1` is tolerated). */
const supported = /^3\.[01]\.\d+(?:-[\w.]+)?$/;

/** Collects problems with their pointers; at most `limit`, so a broken document does not flood. */
class Problems {
  readonly list: OpenAPIProblem[] = [];
  add(pointer: string, message: string): void {
    if (this.list.length < 50) this.list.push({ pointer, message });
  }
  object(value: unknown, pointer: string, what: string): value is Json {
    if (isObject(value)) return true;
    this.add(pointer, value === undefined ? `${what} is missing` : `${what} must be an object, found ${kind(value)}`);
    return false;
  }
  text(parent: Json, key: string, pointer: string, required: boolean): void {
    const v = parent[key];
    if (v === undefined) {
      if (required) this.add(`${pointer}/${escape(key)}`, `required field "${key}" is missing`);
    } else if (typeof v !== 'string')
      this.add(`${pointer}/${escape(key)}`, `"${key}" must be a text, found ${kind(v)}`);
  }
  array(value: unknown, pointer: string, what: string): value is unknown[] {
    if (Array.isArray(value)) return true;
    this.add(pointer, `${what} must be an array, found ${kind(value)}`);
    return false;
  }
}

/**
 * Checks that a parsed value is an OpenAPI 3.0.x or 3.1.x document in its main structure (root,
 * version, info, servers, paths, operations, parameters, responses, components, security, tags)
 * and returns it typed, or every problem found with its JSON pointer. Schemas are not checked
 * against the JSON Schema meta-schema here; swagger-parser does that where full validation is wanted.
 */
export function readDocument(
  value: unknown,
): { ok: true; document: OpenAPIDocument } | { ok: false; problems: OpenAPIProblem[] } {
  const p = new Problems();
  if (!isObject(value)) {
    p.add('', `an OpenAPI document must be an object, found ${kind(value)}`);
    return { ok: false, problems: p.list };
  }
  if (value.swagger !== undefined && value.openapi === undefined) {
    p.add(
      '/swagger',
      `Swagger ${String(value.swagger)} documents are not supported; convert the document to OpenAPI 3 first (for example with swagger2openapi)`,
    );
    return { ok: false, problems: p.list };
  }
  const version = value.openapi;
  if (version === undefined) {
    p.add('/openapi', 'required field "openapi" (the OpenAPI version, e.g. "3.1.0") is missing');
    return { ok: false, problems: p.list };
  }
  if (typeof version !== 'string') {
    p.add('/openapi', `"openapi" must be a version text such as "3.1.0", found ${kind(version)}`);
    return { ok: false, problems: p.list };
  }
  if (!supported.test(version)) {
    p.add('/openapi', `OpenAPI version "${version}" is not supported; kitgen reads 3.0.x and 3.1.x`);
    return { ok: false, problems: p.list };
  }
  const v30 = version.startsWith('3.0.');

  if (p.object(value.info, '/info', 'the "info" object')) {
    p.text(value.info, 'title', '/info', true);
    p.text(value.info, 'version', '/info', true);
    p.text(value.info, 'description', '/info', false);
  }
  if (value.servers !== undefined && p.array(value.servers, '/servers', '"servers"')) {
    value.servers.forEach((s, i) => {
      if (p.object(s, `/servers/${i}`, 'a server')) p.text(s, 'url', `/servers/${i}`, true);
    });
  }
  if (value.paths === undefined) {
    if (v30) p.add('/paths', 'required field "paths" is missing (OpenAPI 3.0)');
    else if (value.components === undefined && value.webhooks === undefined)
      p.add('/paths', 'an OpenAPI 3.1 document needs at least one of "paths", "components" and "webhooks"');
  } else if (p.object(value.paths, '/paths', '"paths"')) {
    for (const [path, item] of Object.entries(value.paths)) {
      const at = `/paths/${escape(path)}`;
      if (path.startsWith('x-')) continue;
      if (!path.startsWith('/')) p.add(at, `a path must start with "/", found "${path}"`);
      if (p.object(item, at, 'a path item')) checkPathItem(p, item, at, v30);
    }
  }
  if (value.webhooks !== undefined && p.object(value.webhooks, '/webhooks', '"webhooks"')) {
    if (v30) p.add('/webhooks', '"webhooks" is OpenAPI 3.1 only');
    for (const [name, item] of Object.entries(value.webhooks)) {
      const at = `/webhooks/${escape(name)}`;
      if (p.object(item, at, 'a path item')) checkPathItem(p, item, at, v30);
    }
  }
  if (value.components !== undefined && p.object(value.components, '/components', '"components"')) {
    for (const section of componentSections) {
      const entries = value.components[section];
      if (entries === undefined) continue;
      const at = `/components/${section}`;
      if (!p.object(entries, at, `"${section}"`)) continue;
      for (const [name, entry] of Object.entries(entries)) {
        if (!/^[a-zA-Z0-9.\-_]+$/.test(name))
          p.add(`${at}/${escape(name)}`, `component name "${name}" may only hold letters, digits, ".", "-" and "_"`);
        // A 3.1 schema may be a boolean.
        if (!(section === 'schemas' && typeof entry === 'boolean' && !v30))
          p.object(entry, `${at}/${escape(name)}`, 'a component');
      }
    }
  }
  if (value.security !== undefined && p.array(value.security, '/security', '"security"'))
    checkSecurity(p, value.security, '/security');
  if (value.tags !== undefined && p.array(value.tags, '/tags', '"tags"')) {
    value.tags.forEach((t, i) => {
      if (p.object(t, `/tags/${i}`, 'a tag')) p.text(t, 'name', `/tags/${i}`, true);
    });
  }
  return p.list.length === 0
    ? { ok: true, document: value as unknown as OpenAPIDocument }
    : { ok: false, problems: p.list };
}

function checkPathItem(p: Problems, item: Json, at: string, v30: boolean): void {
  if (item.parameters !== undefined) checkParameters(p, item.parameters, `${at}/parameters`);
  for (const m of methods) {
    const op = item[m];
    if (op === undefined) continue;
    const opAt = `${at}/${m}`;
    if (!p.object(op, opAt, `the "${m}" operation`)) continue;
    p.text(op, 'operationId', opAt, false);
    p.text(op, 'summary', opAt, false);
    if (op.parameters !== undefined) checkParameters(p, op.parameters, `${opAt}/parameters`);
    if (
      op.requestBody !== undefined &&
      p.object(op.requestBody, `${opAt}/requestBody`, '"requestBody"') &&
      op.requestBody.$ref === undefined
    ) {
      p.object(op.requestBody.content, `${opAt}/requestBody/content`, 'the request body\'s "content"');
    }
    if (op.responses === undefined) {
      if (v30) p.add(`${opAt}/responses`, 'required field "responses" is missing (OpenAPI 3.0)');
    } else if (p.object(op.responses, `${opAt}/responses`, '"responses"')) {
      for (const [status, response] of Object.entries(op.responses)) {
        const rAt = `${opAt}/responses/${escape(status)}`;
        if (status.startsWith('x-')) continue;
        if (!/^(?:[1-5](?:\d\d|XX)|default)$/.test(status))
          p.add(rAt, `"${status}" is not a status code, a range such as "4XX", or "default"`);
        if (p.object(response, rAt, 'a response') && response.$ref === undefined)
          p.text(response, 'description', rAt, true);
      }
    }
    if (op.security !== undefined && p.array(op.security, `${opAt}/security`, '"security"'))
      checkSecurity(p, op.security, `${opAt}/security`);
    if (op.tags !== undefined && p.array(op.tags, `${opAt}/tags`, '"tags"')) {
      op.tags.forEach(
        (t, i) => typeof t !== 'string' && p.add(`${opAt}/tags/${i}`, `a tag must be a text, found ${kind(t)}`),
      );
    }
  }
}

function checkParameters(p: Problems, value: unknown, at: string): void {
  if (!p.array(value, at, '"parameters"')) return;
  value.forEach((param, i) => {
    const pAt = `${at}/${i}`;
    if (!p.object(param, pAt, 'a parameter') || param.$ref !== undefined) return;
    p.text(param, 'name', pAt, true);
    if (typeof param.in !== 'string' || !parameterLocations.has(param.in)) {
      p.add(
        `${pAt}/in`,
        `"in" must be one of query, header, path, cookie; found ${param.in === undefined ? 'nothing' : JSON.stringify(param.in)}`,
      );
    } else if (param.in === 'path' && param.required !== true) {
      p.add(`${pAt}/required`, `path parameter "${String(param.name)}" must have "required": true`);
    }
    if (param.schema !== undefined && param.content !== undefined)
      p.add(pAt, 'a parameter has "schema" or "content", not both');
  });
}

function checkSecurity(p: Problems, list: unknown[], at: string): void {
  list.forEach((req, i) => {
    if (!p.object(req, `${at}/${i}`, 'a security requirement')) return;
    for (const [name, scopes] of Object.entries(req)) {
      if (!Array.isArray(scopes)) p.add(`${at}/${i}/${escape(name)}`, `the scopes of "${name}" must be an array`);
    }
  });
}
