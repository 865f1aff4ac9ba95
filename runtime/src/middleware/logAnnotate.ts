import type { HeaderType } from '../http/Header.ts';
import type { Request } from '../http/Request.ts';
import { perRouteMiddleware } from './core.ts';
import { annotationsInEffect, withAnnotations, type AnnotationRecord } from '../log/logAnnotationContext.ts';
import type { Middleware } from './core.ts';
import { ConfigErrors, configError } from '../errors/catalogue.ts';

/** The spec's `LogAnnotation`: one key/value pair added to every log line in its scope. */
export interface LogAnnotation {
  readonly key: string;
  readonly value: string;
}

/** Builds annotations (`LogAnnotation('correlation-id', id)`) and reads the ones in effect. */
export const LogAnnotation = Object.assign((key: string, value: string): LogAnnotation => ({ key, value }), {
  /** The annotations in effect where it is called (inside a handler: the request's). */
  current(): AnnotationRecord {
    return annotationsInEffect();
  },
  /**
   * A pino `mixin` adding the annotations in effect to every line; the default logger has it,
   * a logger installed with `Log.set` needs it too: `pino({ mixin: LogAnnotation.mixin })`.
   */
  mixin(): object {
    return annotationsInEffect();
  },
});

type AnnotationSource = (request: Request) => Iterable<LogAnnotation>;

function isAnnotation(value: unknown): value is LogAnnotation {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as LogAnnotation).key === 'string' &&
    typeof (value as LogAnnotation).value === 'string'
  );
}

function annotating(source: AnnotationSource): Middleware {
  return perRouteMiddleware((next) => (request) => {
    const pairs: Array<[string, string]> = [];
    for (const a of source(request)) pairs.push([a.key, a.value]);
    return withAnnotations(pairs, () => next(request));
  });
}

/** Adds one annotation (`key=value`) to every log line written while a wrapped route handles a request. */
export function logAnnotate(key: string, value: string): Middleware;
/** Adds these annotations. */
export function logAnnotate(annotation: LogAnnotation, ...annotations: LogAnnotation[]): Middleware;
/** Adds a set (or any iterable) of annotations. */
export function logAnnotate(annotations: ReadonlySet<LogAnnotation> | Iterable<LogAnnotation>): Middleware;
/** Adds the annotations a function derives from each request. */
export function logAnnotate(
  fromRequest: (request: Request) => ReadonlySet<LogAnnotation> | Iterable<LogAnnotation>,
): Middleware;
export function logAnnotate(
  first: string | LogAnnotation | Iterable<LogAnnotation> | AnnotationSource,
  ...rest: Array<string | LogAnnotation>
): Middleware {
  if (typeof first === 'string') {
    const value = rest[0];
    if (typeof value !== 'string') throw configError(ConfigErrors.BAD_LOG_ANNOTATION_VALUE);
    const fixed = [LogAnnotation(first, value)];
    return annotating(() => fixed);
  }
  if (typeof first === 'function') return annotating(first);
  if (isAnnotation(first)) {
    const fixed = [first, ...rest.filter(isAnnotation)];
    if (fixed.length !== rest.length + 1) throw configError(ConfigErrors.BAD_LOG_ANNOTATIONS);
    return annotating(() => fixed);
  }
  const fixed = [...first];
  if (!fixed.every(isAnnotation)) throw configError(ConfigErrors.BAD_LOG_ANNOTATION_SET);
  return annotating(() => fixed);
}

/** Annotates with request headers: each present header adds `name=value` (name as given). */
export function logAnnotateHeaders(headerName: string, ...headerNames: string[]): Middleware;
/** Annotates with typed headers: each present, valid header adds `header.name=rendered value`. */
export function logAnnotateHeaders(header: HeaderType<unknown>, ...headers: HeaderType<unknown>[]): Middleware;
export function logAnnotateHeaders(
  first: string | HeaderType<unknown>,
  ...rest: Array<string | HeaderType<unknown>>
): Middleware {
  const all = [first, ...rest];
  return annotating((request) => {
    const out: LogAnnotation[] = [];
    for (const h of all) {
      if (typeof h === 'string') {
        const text = request.headers.get(h);
        if (text !== undefined) out.push(LogAnnotation(h, text));
      } else {
        const text = request.headers.get(h.name);
        // The typed form logs the value as the header type renders it; an invalid value is left out.
        const parsed = text === undefined ? undefined : h.parse(text);
        if (parsed !== undefined) out.push(LogAnnotation(h.name, h.render(parsed)));
      }
    }
    return out;
  });
}
