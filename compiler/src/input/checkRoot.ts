import type { Diagnostics } from '../diagnostics/index.ts';

/**
 * Checks what must hold before anything else is read: an object with an `openapi` version
 * 3.0.x or 3.1.x. Swagger 2.0 gets a message saying how to convert it.
 */
export function checkRoot(document: unknown, diagnostics: Diagnostics): document is Record<string, unknown> {
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    diagnostics.error('', 'the document must be an object (an OpenAPI 3.0 or 3.1 description)');
    return false;
  }
  const doc = document as Record<string, unknown>;
  if (doc.swagger !== undefined) {
    diagnostics.error(
      '/swagger',
      `Swagger ${String(doc.swagger)} documents are not supported; kitgen reads OpenAPI 3.0 and 3.1. Convert it first, e.g. \`npx swagger2openapi swagger.yaml -o openapi.yaml\``,
    );
    return false;
  }
  if (typeof doc.openapi !== 'string') {
    diagnostics.error(
      doc.openapi === undefined ? '' : '/openapi',
      'not an OpenAPI document: the "openapi" version field (3.0.x or 3.1.x) is missing or not text',
    );
    return false;
  }
  if (!/^3\.[01]\.\d+$/.test(doc.openapi)) {
    diagnostics.error('/openapi', `OpenAPI ${doc.openapi} is not supported; kitgen reads 3.0.x and 3.1.x`);
    return false;
  }
  return true;
}
