// How the real-world wire test reads a published document for its referee: swagger-parser's
// bundle, which gathers a document's external `$ref`s into one. Microsoft Graph's 20 MB (and
// Graph beta's 47 MB) have none, yet the bundle's crawl over every node took 137 s of Graph's
// 787 s on a loaded machine; a large JSON document with only local references is already bundled.
import { readFile, stat } from 'node:fs/promises';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenApiDocument } from './documentReferee.ts';

/** Documents at least this large skip the bundle's crawl when they have no external `$ref`. */
const largeDocumentBytes = 4_000_000;

/** A `$ref` whose value does not start with `#`: a file or URL the bundle must fetch. */
const externalRef = /"\$ref"\s*:\s*"(?!#)/;

/**
 * The document, bundled: a large JSON file whose every `$ref` is local is parsed as it is; any
 * other goes through swagger-parser (which refuses what it cannot resolve, a finding of the
 * document's). The generator reads the same file on its own and reports a broken local `$ref`.
 */
export async function readWireDocument(file: string): Promise<OpenApiDocument> {
  if (file.endsWith('.json') && (await stat(file)).size >= largeDocumentBytes) {
    const text = await readFile(file, 'utf8');
    if (!externalRef.test(text)) return JSON.parse(text) as OpenApiDocument;
  }
  return (await SwaggerParser.bundle(file)) as unknown as OpenApiDocument;
}
