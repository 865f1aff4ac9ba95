import type { HttpMethod, Operation, RequestBody } from './Api.ts';
import type { RawResponse } from './bodies.ts';
import type { RawParameter } from './parameters.ts';
import type { OperationSecurity } from './security.ts';

/** An operation as read from the document, before statuses, credentials, names and groups are given. */
export interface RawOperation {
  readonly method: HttpMethod;
  readonly path: string;
  readonly segments: Operation['segments'];
  readonly operationId?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly deprecated: boolean;
  readonly parameters: readonly RawParameter[];
  readonly body: RequestBody | undefined;
  readonly responses: readonly RawResponse[];
  readonly security: OperationSecurity;
  readonly pointer: string;
}
