import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { diagnosticAtText, type Diagnostic } from '../diagnostics/index.ts';
import type { EndpointFound, LoadFailure } from './describeProtocol.ts';
import type { SourcePlace } from './exportDocs.ts';

/** A diagnostic at a place, with its code frame. */
export function placedDiagnostic(
  place: SourcePlace | undefined,
  file: string,
  severity: Diagnostic['severity'],
  message: string,
  fix: string,
  text?: string,
): Diagnostic {
  if (place === undefined) return { severity, file, message, fix };
  let source = text;
  if (source === undefined) {
    try {
      source = readFileSync(place.file, 'utf8');
    } catch {
      source = '';
    }
  }
  return diagnosticAtText({ ...place, text: source }, severity, message, fix);
}

/** The first stack frame in one of `files` (`file:///…/pets.endpoints.ts?kitgen=3:12:5`). */
function frameIn(stack: string, files: readonly string[]): SourcePlace | undefined {
  for (const match of stack.matchAll(/\(?((?:file:\/\/)?\/[^():\s]+?)(?:\?[^:\s)]*)?:(\d+):(\d+)\)?/g)) {
    const path = match[1].startsWith('file:') ? fileURLToPath(match[1]) : match[1];
    if (files.includes(path)) return { file: path, line: Number(match[2]), column: Number(match[3]), length: 1 };
  }
  return undefined;
}

/**
 * The diagnostic of a module that threw while loading: at the throwing line of one of the
 * user's files when the stack has one, naming the file and the cause, with the rule it breaks.
 */
export function loadFailureDiagnostic(failure: LoadFailure, projectFiles: readonly string[]): Diagnostic {
  const place = frameIn(failure.stack, projectFiles);
  const unexpanded = failure.name === 'DeriveSchemaError';
  const fix = unexpanded
    ? 'add the file with that DeriveSchema.gen<T>() call to the inputs of kitgen generate, or derive the schema in an endpoint definition file'
    : 'an endpoint definition file should only define endpoints and types: move side effects (starting servers, reading files or the environment, connecting) out of it';
  const syntax = failure.name === 'SyntaxError' || /Transform failed|Expected /.test(failure.message);
  return placedDiagnostic(
    place,
    failure.file,
    'error',
    `loading ${failure.file} failed: ${failure.name}: ${failure.message.split('\n')[0]}`,
    syntax ? 'fix the syntax error; `tsc --noEmit` shows it too' : fix,
  );
}

/** The diagnostic of an error OpenAPIGen raised, at the export it names (by operationId or method and path). */
export function describeFailureDiagnostic(
  failure: LoadFailure,
  found: readonly EndpointFound[],
  places: ReadonlyMap<string, SourcePlace>,
): Diagnostic {
  const message = failure.message.replace(/^OpenAPIGen: /, '');
  const named = found.filter(
    (e) => message.includes(`"${e.operationId}"`) || message.includes(`${e.method.toUpperCase()} ${e.path}`),
  );
  const first = named[named.length - 1] ?? found[0];
  const place = first !== undefined ? places.get(`${first.file}#${first.exportName}`) : undefined;
  const others = named.length > 1 ? ` (exports ${named.map((e) => e.exportName).join(' and ')})` : '';
  const fix = /operationId/.test(message)
    ? 'give each endpoint its own operationId (.operationId(...)), or leave it out: the export name is used'
    : /two endpoints describe/.test(message)
      ? 'combine the two into one endpoint, or change the method or path of one'
      : 'see the message; the endpoint must be one OpenAPI can describe';
  return placedDiagnostic(place, failure.file, 'error', `cannot describe the endpoints: ${message}${others}`, fix);
}
