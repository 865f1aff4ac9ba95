import type { Secret } from '../util/Secret.ts';

/**
 * The spec's `AuthType`, the fifth type parameter of an Endpoint. `None` needs nothing; `Basic`
 * and `Bearer` require the credential (401 with `WWW-Authenticate` when missing or malformed)
 * and hand it to the handler as `context.auth`.
 */
export type AuthType = 'None' | 'Basic' | 'Bearer';

/** The auth types by name. */
export const AuthType = {
  None: 'None',
  Basic: 'Basic',
  Bearer: 'Bearer',
} as const satisfies Record<string, AuthType>;

/** The credential a handler receives for an auth type. */
export type Credentials<A extends AuthType> = A extends 'Basic'
  ? { readonly username: string; readonly password: Secret }
  : A extends 'Bearer'
    ? { readonly token: Secret }
    : undefined;
