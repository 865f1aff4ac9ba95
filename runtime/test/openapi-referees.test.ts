// OpenAPIGen.fromEndpoints judged by referees nobody here wrote: swagger-parser validation and
// Redocly's recommended lint, on endpoints that use every operation of the endpoint API, for
// 3.1.0 and 3.0.3 and for each JSON discriminator style.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CodecConfig,
  DiscriminatorSetting,
  Endpoint,
  HeaderCodec,
  HttpCodec,
  NameFormat,
  OpenAPIGen,
  PathCodec,
  RoutePattern,
  Schema,
  Status,
} from '@kitgen/runtime';
import { everyOperation } from './fixtures/openapi/everyOperation.ts';
import { describe, redoclyLint, swaggerParserError, type LintProblem } from './fixtures/openapi/referees.ts';

const versions = ['3.1.0', '3.0.3'] as const;

const configs: Record<string, CodecConfig> = {
  'default config (ClassName discriminator)': CodecConfig.default,
  'Name discriminator, snake_case, no explicit nulls or empty collections, streams as arrays': CodecConfig({
    discriminatorSettings: DiscriminatorSetting.Name('kind', NameFormat.KebabCase),
    fieldNameFormat: NameFormat.SnakeCase,
    explicitNulls: CodecConfig.ExplicitConfig(false, false),
    explicitEmptyCollections: CodecConfig.ExplicitConfig(false, true),
    treatStreamsAsArrays: true,
  }),
  NoDiscriminator: CodecConfig({ discriminatorSettings: DiscriminatorSetting.NoDiscriminator }),
};

/**
 * Warnings that cannot be avoided for this endpoint set with `fromEndpoints(title, version, …)`,
 * each with the reason. Anything else fails the test.
 */
const unavoidable: ReadonlyArray<{ rule: string; pointer: RegExp; reason: string }> = [
  {
    rule: 'info-license',
    pointer: /^#\/info$/,
    reason: 'the (title, version) form has no license; the options form takes one (tested below, no warning)',
  },
  {
    rule: 'tag-description',
    pointer: /^#\/tags\/\d+\/description$/,
    reason: 'tags named by endpoints get descriptions only from options.tags (tested below, no warning)',
  },
  {
    rule: 'operation-4xx-response',
    pointer: /^#\/paths\/~1(health\/head|either\/get)\/responses$/,
    reason:
      'HEAD /health and GET /either have no inputs, no auth and no declared errors: the server never answers them with a 4XX',
  },
];

function unexpected(problems: readonly LintProblem[]): LintProblem[] {
  return problems.filter(
    (p) => p.severity === 'error' || !unavoidable.some((u) => u.rule === p.rule && u.pointer.test(p.pointer)),
  );
}

for (const [label, codecConfig] of Object.entries(configs)) {
  for (const openapi of versions) {
    test(`every endpoint operation, ${openapi}, ${label}: swagger-parser valid, Redocly recommended without errors`, async () => {
      const doc = OpenAPIGen.fromEndpoints(
        { title: 'Every operation', version: '1.0.0', openapi, codecConfig },
        ...everyOperation,
      );
      assert.equal(doc.version, openapi);
      const json = doc.toJson();
      assert.equal(await swaggerParserError(json), undefined);
      const problems = await redoclyLint(json);
      assert.deepEqual(unexpected(problems), [], describe(unexpected(problems)));
      // The listed warnings are real: each still shows up (if one stops, drop it from the list).
      for (const u of unavoidable)
        assert.ok(
          problems.some((p) => p.rule === u.rule && u.pointer.test(p.pointer)),
          `${u.rule} no longer reported: ${u.reason}`,
        );
    });
  }
}

test('the options form (license, described tags, servers, default security) leaves only the 4XX warnings', async () => {
  for (const openapi of versions) {
    const doc = OpenAPIGen.fromEndpoints(
      {
        title: 'Every operation',
        version: '2.1.0',
        openapi,
        description: 'All of it',
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
        contact: { name: 'API team', email: 'api@kitgen.invalid' },
        servers: [{ url: 'http://127.0.0.1:8080', description: 'local' }],
        tags: [
          { name: 'users', description: 'People' },
          { name: 'admin', description: 'Administration' },
        ],
        securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
        security: [{ apiKey: [] }],
      },
      ...everyOperation,
    );
    const json = doc.toJson();
    assert.equal(await swaggerParserError(json), undefined, openapi);
    const problems = await redoclyLint(json);
    assert.deepEqual(
      problems.filter((p) => p.rule !== 'operation-4xx-response'),
      [],
      describe(problems),
    );
    assert.equal(doc.document.info.license?.name, 'MIT');
    assert.deepEqual(doc.document.security, [{ apiKey: [] }]);
    // Endpoints without auth of their own opt out of the default requirement; auth endpoints keep theirs.
    assert.deepEqual(doc.document.paths?.['/health']?.head?.security, []);
    assert.deepEqual(doc.document.paths?.['/users']?.post?.security, [{ bearerAuth: [] }]);
  }
});

test('the DESIGN.md example passes both referees in both versions', async () => {
  const User = Schema.Object(
    { id: Schema.Integer(), name: Schema.String({ description: 'Display name' }) },
    { $id: 'User' },
  );
  const NotFound = Schema.Object({ message: Schema.String() }, { $id: 'NotFound' });
  const getUser = Endpoint(RoutePattern.GET('users', PathCodec.int('id')))
    .query(HttpCodec.query('limit', Schema.Integer()))
    .header(HeaderCodec.authorization)
    .out(User)
    .outError(NotFound, Status.NotFound)
    .doc('Fetch one user');
  for (const openapi of versions) {
    const json = (
      openapi === '3.1.0'
        ? OpenAPIGen.fromEndpoints('Users', '1.0.0', getUser)
        : OpenAPIGen.fromEndpoints({ title: 'Users', version: '1.0.0', openapi }, getUser)
    ).toJson();
    assert.equal(await swaggerParserError(json), undefined);
    const problems = await redoclyLint(json);
    assert.deepEqual(
      problems.filter((p) => p.rule !== 'info-license'),
      [],
      describe(problems),
    );
  }
});
