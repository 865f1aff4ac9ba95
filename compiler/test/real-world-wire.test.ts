// The real-world wire test (support/realWorldWire.ts) on a fixed sample of APIs.guru's published
// documents: kitgen generates each one's server, every operation is called with a document-valid
// and an invalid request over the wire, and a referee that knows only the document judges every
// answer. The whole directory is `npm run test:real-world-wire`; this sample keeps the count of
// kitgen's findings from rising: each document's count is held at or below the number recorded
// here. A fix lowers a number (record it); a rise fails the test and names the findings. A
// document that newly generates, or calls operations it could not call before, may show findings
// that were hidden: record those too, and say so in the commit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { directoryRoot } from './support/apisGuruDirectory.ts';
import { repoRoot } from './support/fixtures.ts';
import { DocumentReferee, type OpenApiDocument } from './support/documentReferee.ts';
import { documentOperations } from './support/documentOperations.ts';
import { DocumentSamples } from '../src/mock/documentSamples.ts';
import { RefereeUnable } from '../src/check/documentReferee.ts';
import { wireTestDocument } from './support/realWorldWire.ts';
import { describe } from './support/wireFindings.ts';
import { firstDifference } from './support/wireFidelity.ts';
import { judgeRefusal, judgeValidAnswer } from './support/wireJudge.ts';
import { validParts } from './support/wireRequests.ts';
import { invalidRequests, wrongText } from './support/wireSpoilers.ts';
import { loadPatternTester } from '../src/check/patternTester.ts';

const patterns = await loadPatternTester();

const workDir = join(repoRoot, '.tmp', 'real-world-wire-test');

/** A document of the sample: what it shows, and how many of kitgen's findings it has at most. */
interface SampleDocument {
  readonly document: string;
  readonly shows: string;
  readonly kitgen: number;
  /** Operations called, spread over the document, where calling all of them takes too long. */
  readonly maxOperations?: number;
}

const sample: readonly SampleDocument[] = [
  {
    document: 'azure.com/network-applicationGateway.json',
    shows:
      "Azure network, refused once as 'only a $ref in a loop of $refs'; its first calls compile validators for seconds",
    kitgen: 0,
    maxOperations: 3,
  },
  {
    document: 'azure.com/postgresql.json',
    shows: 'Azure: int64 in nested objects, `default` errors without a body, enum path parameters',
    kitgen: 0,
  },
  { document: 'azure.com/azsadmin-ScaleUnit.json', shows: 'int64 in allOf answered as a bigint', kitgen: 0 },
  {
    document: 'azure.com/cognitiveservices-ContentModerator.json',
    shows: 'operations of one path told apart by their bodies (`#overload=stream`, `#overload=url`, none)',
    kitgen: 0,
  },
  { document: 'elevenlabs.io.json', shows: 'an `audio/*` response sent with a concrete type', kitgen: 0 },
  {
    document: 'mastercard.com/masterpassqr.json',
    shows: 'a fragment going on with more path (`/send/#env/v1/…`)',
    kitgen: 0,
  },
  { document: 'betfair.com.json', shows: 'int64 inside allOf in a request body', kitgen: 0 },
  { document: 'geodatasource.com.json', shows: 'responses declared as application/json; charset=utf-8', kitgen: 0 },
  { document: 'xkcd.com.json', shows: '`*/*` responses, a `type: number` path parameter', kitgen: 0 },
  { document: 'remove.bg.json', shows: '`*/*` responses, multipart bodies', kitgen: 0 },
  { document: 'exude-api.herokuapp.com.json', shows: 'a multipart array part', kitgen: 0 },
  {
    document: 'hubapi.com/events.json',
    shows: 'a `default` error schema under `*/*` (its required fields warned about)',
    kitgen: 0,
  },
  { document: 'mbus.local.json', shows: 'text/plain error responses, number path parameters', kitgen: 0 },
  {
    document: 'apisetu.gov.in/hpayushboard.json',
    shows: 'a declared 400 schema with an enum of error codes',
    kitgen: 0,
  },
  { document: 'opto22.com/groov.json', shows: 'an apiKey in the query, integer path parameters', kitgen: 0 },
  { document: 'webscraping.ai.json', shows: 'OpenAPI 3.1', kitgen: 0 },
  {
    document: 'apideck.com/crm.json',
    shows: 'optional nullable properties left out of an answer',
    kitgen: 0,
    maxOperations: 8,
  },
  { document: 'oceandrivers.com.json', shows: 'a required query parameter with a default', kitgen: 0 },
  {
    document: 'amazonaws.com/entitlement.marketplace.json',
    shows: 'AWS: operations of one path told apart by a header value (`/#X-Amz-Target=…`)',
    kitgen: 0,
  },
  {
    document: 'amazonaws.com/mediapackage.json',
    shows: 'AWS: a fragment naming a required query parameter (`/tags/{resource-arn}#tagKeys`)',
    kitgen: 0,
  },
  {
    document: 'amazonaws.com/s3.json',
    shows:
      'AWS S3: operations of one path told apart by a flag the fragment names (`/{Bucket}#cors`, `#x-amz-copy-source`), array headers',
    kitgen: 0,
  },
  {
    document: 'amazonaws.com/ce.json',
    shows: 'AWS Cost Explorer: a recursive schema that is an allOf member of itself (`Expression.Not`)',
    kitgen: 0,
  },
  { document: 'parliament.uk/writtenquestions.json', shows: 'a path parameter of `format: date-time`', kitgen: 0 },
  {
    document: 'amazonaws.com/chime-sdk-media-pipelines.json',
    shows: 'AWS: a pattern only ECMA-262 outside unicode mode reads (`[\\:\\_]`)',
    kitgen: 0,
  },
  {
    document: 'waterlinked.com.json',
    shows: 'a vendor type over a JSON error (`application/vnd.goa.error`)',
    kitgen: 0,
  },
  {
    document: 'microsoft.com/cognitiveservices-ComputerVision.json',
    shows: 'operations of one path told apart by their body type (`#overload=stream`), errors declared as octet-stream',
    kitgen: 0,
  },
  {
    document: 'gettyimages.com.json',
    shows: 'an image/jpeg upload whose schema is a nullable base64 string',
    kitgen: 0,
  },
  { document: 'adyen.com/TerminalAPI-v1.json', shows: 'base64 strings whose spelling a pattern constrains', kitgen: 0 },
  { document: 'adyen.com/BinLookupService.json', shows: 'base64 (`contentEncoding`) answered as bytes', kitgen: 0 },
  {
    document: 'flickr.com.json',
    shows: 'a query string in the path key: operations of /rest told apart by their method=… literal',
    kitgen: 0,
  },
  { document: 'peoplegeneratorapi.live.json', shows: '/x and /x/ declared as two operations', kitgen: 0 },
  {
    document: '6-dot-authentiqio.appspot.com.json',
    shows: 'an integer `error` in a declared error under `*/*`',
    kitgen: 0,
  },
  {
    document: 'npr.org/listening.json',
    shows: 'an int64 in a field two allOf members declare (errors needing `version`: warned)',
    kitgen: 0,
  },
  {
    document: 'graphhopper.com.json',
    shows: 'int64 defaults (0, and 2^63 for Long.MAX_VALUE) filled in as bigints',
    kitgen: 0,
  },
  { document: 'mineskin.org.json', shows: 'a required User-Agent header left out is refused', kitgen: 0 },
  {
    document: 'lgtm.com.json',
    shows: 'a bound on PUT `{project-id}` not applied to GET of the same path (else a broader path took it)',
    kitgen: 0,
  },
  {
    document: 'azure.com/hardwaresecuritymodules-dedicatedhsm.json',
    shows: 'a sparse answer with a required property described in an `allOf` member',
    kitgen: 0,
  },
  {
    document: 'amazonaws.com/sdb.json',
    shows: '`text/xml` errors; a spoiled `Action` that selects no operation of `/#Action=…`',
    kitgen: 0,
  },
  {
    document: 'digitallocker.gov.in/authpartner.json',
    shows: 'a declared error `oneOf` of four identical shapes (the document cannot be met)',
    kitgen: 0,
  },
  { document: 'httpbin.org.json', shows: 'TRACE operations, sent with node:http', kitgen: 0 },
  { document: 'wordnik.com.json', shows: '`*/*` answers of schemas with properties and no type', kitgen: 0 },
  {
    document: 'vtex.local/Master-Data-API-.json',
    shows: 'a sampled path that is a more concrete operation of the document (`…/dataentities/Client/…`)',
    kitgen: 0,
  },
  { document: 'ote-godaddy.com/orders.json', shows: '`required: [""]`, a property named ""', kitgen: 0 },
  { document: 'storecove.com.json', shows: 'an enum of 2,100 values in a request body', kitgen: 0 },
  { document: 'meteosource.com.json', shows: '`format: binary` inside JSON answers', kitgen: 0 },
  { document: 'openai.com.json', shows: 'multipart parts of a nullable integer', kitgen: 0 },
  { document: 'stoplight.io.json', shows: 'booleans with `default: ""`', kitgen: 0 },
  { document: 'increase.com.json', shows: 'a multipart part the form does not require', kitgen: 0 },
  { document: 'xtrf.eu.json', shows: 'multipart responses without a schema', kitgen: 0 },
  { document: 'stream-io-api.com.json', shows: 'path parameters described by JSON content', kitgen: 0 },
  { document: 'sinao.app.json', shows: "exploded query objects keyed by other parameters' names", kitgen: 0 },
  { document: 'linode.com.json', shows: 'a `required`-only property beside an array', kitgen: 0 },
  { document: 'ably.io/platform.json', shows: 'a bodiless `default` error with a required header', kitgen: 0 },
  {
    document: 'azure.com/containerregistry.json',
    shows: 'operations told apart by a keyless fragment (`#mode=chunk`), by what each requires',
    kitgen: 0,
  },
  { document: 'here.com/positioning.json', shows: 'a declared error requiring `action` advice', kitgen: 0 },
  { document: 'hubapi.com/crm.json', shows: 'a declared error requiring a uuid `correlationId`', kitgen: 0 },
  {
    document: 'azure.com/azsadmin-Operations.json',
    shows: 'one path parameter twice in a path (`System.{location}/…/{location}`)',
    kitgen: 0,
  },
  {
    document: 'azure.com/resources-managedapplications.json',
    shows: 'PUTs of one path told apart by parameter names and a fragment, and by their bodies',
    kitgen: 0,
  },
];

for (const s of sample) {
  test(`real-world wire: ${s.document}`, { timeout: 120_000 }, async (t) => {
    const report = await wireTestDocument(join(directoryRoot, s.document), {
      workDir,
      name: s.document,
      // Generous: the first call of an operation compiles its validators, seconds for Azure's schemas.
      requestTimeoutMs: 60_000,
      ...(s.maxOperations !== undefined ? { maxOperations: s.maxOperations } : {}),
    });
    for (const v of report.violations) t.diagnostic(describe(v).slice(0, 500));
    const kitgen = report.violations.filter((v) => v.owner === 'kitgen');
    t.diagnostic(
      `${s.shows}: ${report.operations} operations, ${report.called} answers (${report.refusalsTried} to invalid requests), ${report.judged} judged; ` +
        `kitgen ${kitgen.length} of at most ${s.kitgen}, ${report.violations.length - kitgen.length} not kitgen's; ${report.seconds.toFixed(1)} s`,
    );
    assert.deepEqual(
      report.violations.filter((v) => v.owner === 'harness').map(describe),
      [],
      'the harness itself never fails',
    );
    assert.ok(report.generated, 'kitgen generated the document');
    assert.ok(report.started, 'its server started');
    assert.ok(report.called > 0 && report.refusalsTried > 0, 'operations were called, with valid and invalid requests');
    assert.ok(report.judged > 0, 'the referee judged answers');
    assert.ok(
      kitgen.length <= s.kitgen,
      `${kitgen.length} of kitgen's findings, more than the ${s.kitgen} recorded:\n${kitgen.map((v) => describe(v).slice(0, 300)).join('\n')}`,
    );
  });
}

// The instrument must be able to fail: an answer that breaks the document is found, one that
// keeps it is not, and an invalid request is one the document itself refuses.
const planted = {
  openapi: '3.0.3',
  info: { title: 'Planted', version: '1' },
  paths: {
    '/pets/{id}': {
      get: {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: 'a pet',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
          '404': {
            description: 'none',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['id', 'name', 'secret'],
        properties: {
          id: { type: 'integer', format: 'int64', readOnly: true },
          name: { type: 'string' },
          secret: { $ref: '#/components/schemas/Secret' },
          tag: { type: 'string', nullable: true },
        },
      },
      Secret: { type: 'string', writeOnly: true },
      Error: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'integer' }, message: { type: 'string' } },
      },
    },
  },
} as unknown as OpenApiDocument;

test('the referee finds an answer that breaks the document, and passes one that keeps it', () => {
  const referee = new DocumentReferee(planted, patterns);
  const [op] = documentOperations(planted);
  const json = 'application/json; charset=utf-8';
  const judge = (status: number, text: string, contentType: string | undefined = json) =>
    judgeValidAnswer(planted, referee, op, { status, contentType, text }).map((f) => f.category);
  // writeOnly `secret` (through its $ref) is not required in a response; `tag` may be null.
  assert.deepEqual(judge(200, '{"id":9007199254740993,"name":"Rex","tag":null}'), []);
  assert.deepEqual(judge(200, '{"id":"1","name":"Rex"}'), ['response-schema']);
  assert.deepEqual(judge(200, '{"id":1,"name":"Rex"}', '*/*'), ['content-type']);
  assert.deepEqual(judge(200, '{"id":1,"name":"Rex"}', 'text/plain'), ['content-type']);
  assert.deepEqual(judge(201, '{"id":1,"name":"Rex"}'), ['response-status']);
  assert.deepEqual(judge(500, '{"error":"Internal Server Error"}'), ['5xx-on-valid']);
  assert.deepEqual(judge(400, '{"error":"Bad Request"}'), ['valid-refused']);

  const refusal = (status: number, text: string) =>
    judgeRefusal(planted, referee, op, { status, contentType: json, text }).map((f) => f.category);
  assert.deepEqual(refusal(404, '{"code":404,"message":"no such pet"}'), []);
  assert.deepEqual(refusal(404, '{"error":"Not Found"}'), ['error-body-schema']);
  assert.deepEqual(refusal(400, '{"error":"Bad Request"}'), [], 'an undeclared 4xx makes no claim on its body');
  assert.deepEqual(refusal(200, '{"id":1,"name":"Rex"}'), ['invalid-accepted']);
  assert.deepEqual(refusal(500, ''), ['5xx-on-invalid']);
});

test('valid requests are sampled from the document and checked; invalid ones are refused by the document itself', () => {
  const referee = new DocumentReferee(planted, patterns);
  const samples = new DocumentSamples(planted, referee, { documentFault: (e) => e instanceof RefereeUnable });
  const [op] = documentOperations(planted);
  // readOnly `id` is not required in a request, writeOnly `secret` is.
  assert.equal(referee.check('/components/schemas/Pet', 'request', { name: 'Rex', secret: 's' }), undefined);
  assert.match(referee.check('/components/schemas/Pet', 'request', { name: 'Rex' }) ?? '', /secret/);
  const pet = samples.valid('/components/schemas/Pet', 'response');
  assert.ok(
    pet.ok && referee.check('/components/schemas/Pet', 'response', pet.value) === undefined,
    'a response sample fits its schema',
  );
  const parts = validParts(planted, op, samples, 'application/json');
  assert.ok(!('owner' in parts));
  assert.match(parts.path.id, /^-?\d+$/, 'the integer path parameter is sampled as one');
  const [first] = invalidRequests(planted, referee, op, parts);
  assert.equal(first.parts.path.id, wrongText, 'the first invalid request gives the integer parameter a text');
});

test('an answer must cross the wire as the handler gave it, up to what its types cannot hold', () => {
  const sent = { name: 'Rex', tags: ['a'] };
  assert.equal(firstDifference(sent, { name: 'Rex', tags: ['a'] }), undefined);
  assert.equal(firstDifference(sent, { tags: ['a'], name: 'Rex' }), undefined, 'key order is no difference');
  assert.match(
    firstDifference(sent, { name: 'Rex', tags: ['a'], tag: null }) ?? '',
    /at \/tag the handler gave absent, the wire has null/,
  );
  assert.match(
    firstDifference(sent, { name: 'Rex', tags: [] }) ?? '',
    /at \/tags\/0 the handler gave "a", the wire has absent/,
  );
  // `extra` is no property of the types: dropped or kept, it is no difference; made up, it is.
  const given = { ...sent, extra: 1 };
  assert.equal(firstDifference(sent, { name: 'Rex', tags: ['a'] }, given), undefined);
  assert.equal(firstDifference(sent, { name: 'Rex', tags: ['a'], extra: 1 }, given), undefined);
  assert.match(firstDifference(sent, { name: 'Rex', tags: ['a'], other: 2 }, given) ?? '', /at \/other/);
  assert.equal(firstDifference({ blob: 'a2l0Z2Vu' }, { blob: 'a2l0Z2Vu' }), undefined);
});
