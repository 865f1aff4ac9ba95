// Media types published documents use for bodies the runtime has no codec of their own for. The
// compiler reads documents by the same rules (compiler/src/model/mediaTypes.ts keeps a copy, since
// it cannot import the runtime; a test holds the two equal).

/**
 * Words of a vendor subtype that name a syntax other than JSON or a binary family: a body so
 * labelled is not JSON whatever its schema says (`application/vnd.ms-excel`, `application/x-yaml`,
 * `application/vnd.apache.thrift.binary`, `application/x-pkcs12`).
 */
export const notJsonWords: readonly string[] = [
  'xml',
  'yaml',
  'yml',
  'protobuf',
  'proto',
  'msgpack',
  'thrift',
  'avro',
  'cbor',
  'bson',
  'ndjson',
  'jsonl',
  'jsonlines',
  'seq',
  'zip',
  'gzip',
  'gz',
  'tar',
  'rar',
  '7z',
  'compressed',
  'pdf',
  'ms',
  'openxmlformats',
  'oasis',
  'opendocument',
  'octet',
  'binary',
  'pkcs7',
  'pkcs8',
  'pkcs10',
  'pkcs12',
  'x509',
  'pem',
  'der',
  'javascript',
  'ecmascript',
  'csv',
  'excel',
  'sqlite3',
  'apache',
  'parquet',
  'arrow',
  'wasm',
  'java',
  'android',
  'shockwave',
  'stream',
  'oai',
  'turtle',
  'rdf',
  'n3',
  'ntriples',
  'nquads',
  'trig',
  'sparql',
  'jsonnet',
  'smile',
  'jws',
  'jwt',
  'jose',
];

const notJson = new Set(notJsonWords);

/**
 * True for a vendor media type that names no syntax of its own (`application/vnd.goa.error`,
 * `application/vnd.github.object`, `application/x-…`, `application/prs.…`, and `application/json+sarif`
 * written the wrong way round): a body of such a type whose schema is a JSON value (an object,
 * array, number …; not bytes or a string) is written and read as JSON, labelled with the declared
 * type. `essence` is the lower-cased `type/subtype`.
 */
export function isVendorJsonType(essence: string): boolean {
  if (!essence.startsWith('application/')) return false;
  const subtype = essence.slice('application/'.length);
  // A structured suffix names the syntax (`+xml`, `+prettyjws`); `+json` ones are JSON already.
  if (subtype.includes('+') && !subtype.startsWith('json+')) return false;
  const words = subtype.split(/[.+-]/);
  if (words.some((w) => notJson.has(w))) return false;
  return words[0] === 'vnd' || words[0] === 'x' || words[0] === 'prs' || words.includes('json');
}

/** True for the names documents give plain text by mistake (`application/text`, `plain/text`): read and written as text. */
export function isMisnamedText(essence: string): boolean {
  return essence === 'application/text' || essence === 'plain/text';
}
