// A query key that several parameters read, in OpenAPI's form style (exploded), over the wire:
// AWS's EC2 document declares `Version` and a `LaunchTemplate` object with a `Version` property,
// and four options objects that each have `Enabled`. Each writes its value under the same name,
// so the values are shared out in declaration order; objects that other keys of their own show
// were not sent do not count; a list parameter of the name takes every value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from 'typebox';
import { Endpoint, RoutePattern, HttpCodec, Schema, Routes } from '@kitgen/runtime';
import { startServer } from './support/testServer.ts';

const optionalObject = (properties: Record<string, ReturnType<typeof Schema.String>>) =>
  Type.Object(Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, Schema.Optional(v)])));
const query = (name: string, schema: Parameters<typeof HttpCodec.query>[1]) => HttpCodec.query(name, schema);
const optional = (name: string, schema: Parameters<typeof HttpCodec.query>[1]) =>
  HttpCodec.query(name, schema).optional();

async function serve(fn: (url: string) => Promise<void>): Promise<void> {
  const run = Endpoint(RoutePattern.GET('run'))
    .query(optional('LaunchTemplate', optionalObject({ LaunchTemplateId: Schema.String(), Version: Schema.String() })))
    .query(query('Version', Schema.Literal('2016-11-15')))
    .out(Schema.Unknown());
  const flag = Schema.Boolean() as unknown as ReturnType<typeof Schema.String>;
  // As generated code writes a named schema beside its own description.
  const describedFlag = Schema.Unsafe({
    allOf: [Schema.Boolean(), { description: 'The attribute value.' }],
  }) as unknown as ReturnType<typeof Schema.String>;
  const vpn = Endpoint(RoutePattern.GET('vpn'))
    .query(optional('ConnectionLogOptions', optionalObject({ Enabled: flag, CloudwatchLogGroup: Schema.String() })))
    .query(optional('DnsServers', optionalObject({ CustomDnsServers: Schema.String(), Enabled: flag })))
    .query(optional('ClientConnectOptions', optionalObject({ Enabled: flag, LambdaFunctionArn: Schema.String() })))
    .query(optional('ClientLoginBannerOptions', optionalObject({ Enabled: flag, BannerText: Schema.String() })))
    .out(Schema.Unknown());
  const image = Endpoint(RoutePattern.GET('image'))
    .query(optional('Description', optionalObject({ Value: Schema.String() })))
    .query(optional('Value', Schema.String()))
    .query(optional('ImdsSupport', optionalObject({ Value: Schema.String() })))
    .out(Schema.Unknown());
  const instance = Endpoint(RoutePattern.GET('instance'))
    .query(optional('SourceDestCheck', optionalObject({ Value: describedFlag })))
    .query(optional('Kernel', optionalObject({ Value: Schema.String() })))
    .query(optional('Value', Schema.String()))
    .out(Schema.Unknown());
  const stacks = Endpoint(RoutePattern.GET('stacks'))
    .query(optional('Accounts', Schema.Array(Schema.String())))
    .query(
      optional(
        'DeploymentTargets',
        Type.Object({
          Accounts: Schema.Optional(Schema.Array(Schema.String())),
          OrganizationalUnitIds: Schema.Optional(Schema.Array(Schema.String())),
        }),
      ),
    )
    .out(Schema.Unknown());
  const server = await startServer(
    Routes(
      run.implement(([template, version]) => ({ template, version })),
      vpn.implement(([log, dns, connect, banner]) => ({ log, dns, connect, banner })),
      image.implement(([description, value, imds]) => ({ description, value, imds })),
      stacks.implement(([accounts, targets]) => ({ accounts, targets })),
      instance.implement(([check, kernel, value]) => ({ check, kernel, value })),
    ),
  );
  try {
    await fn(server.url);
  } finally {
    await server.shutdown();
  }
}

const json = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

test("a parameter's name that is also an object's property: the values in declaration order", async () => {
  await serve(async (url) => {
    const both = await json(`${url}/run?LaunchTemplateId=lt-1&Version=7&Version=2016-11-15`);
    assert.deepEqual(both.body, { template: { LaunchTemplateId: 'lt-1', Version: '7' }, version: '2016-11-15' });
    // The object was not sent (no key of its own): the one value is the parameter's.
    const alone = await json(`${url}/run?Version=2016-11-15`);
    assert.deepEqual(alone.body, { version: '2016-11-15' });
    // Each value is still held to its reader's schema.
    const wrong = await json(`${url}/run?LaunchTemplateId=lt-1&Version=7&Version=2020-01-01`);
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.parameter, 'Version');
  });
});

test('objects that share a key: the ones sent take its values in their order', async () => {
  await serve(async (url) => {
    const three = await json(
      `${url}/vpn?Enabled=true&CloudwatchLogGroup=g&Enabled=false&LambdaFunctionArn=f&Enabled=true&BannerText=hi`,
    );
    assert.deepEqual(three.body, {
      log: { Enabled: true, CloudwatchLogGroup: 'g' },
      connect: { Enabled: false, LambdaFunctionArn: 'f' },
      banner: { Enabled: true, BannerText: 'hi' },
    });
    const all = await json(`${url}/vpn?Enabled=true&Enabled=false&CustomDnsServers=d&Enabled=true&Enabled=false`);
    assert.deepEqual(all.body, {
      log: { Enabled: true },
      dns: { CustomDnsServers: 'd', Enabled: false },
      connect: { Enabled: true },
      banner: { Enabled: false },
    });
    // Two values, three objects sent: whose is whose cannot be told, and the request is refused naming one.
    const unclear = await json(
      `${url}/vpn?Enabled=true&CloudwatchLogGroup=g&Enabled=false&LambdaFunctionArn=f&BannerText=hi`,
    );
    assert.equal(unclear.status, 400);
    assert.equal(unclear.body.parameter, 'ConnectionLogOptions');
  });
});

test('objects that declare nothing but the shared key: the values go to the first readers', async () => {
  await serve(async (url) => {
    assert.deepEqual((await json(`${url}/image?Value=a&Value=b&Value=c`)).body, {
      description: { Value: 'a' },
      value: 'b',
      imds: { Value: 'c' },
    });
    assert.deepEqual((await json(`${url}/image?Value=b`)).body, { value: 'b' });
    // Fewer values than readers, none told apart: a reading serves it, the first readers in
    // declaration order taking the values, as form style writes them (a parameter given all of
    // them would read `a,b`).
    const two = await json(`${url}/image?Value=a&Value=b`);
    assert.equal(two.status, 200, JSON.stringify(two.body));
    assert.deepEqual(two.body, { description: { Value: 'a' }, value: 'b' });
    const blanks = await json(`${url}/image?Value=&Value=`);
    assert.equal(blanks.status, 200, JSON.stringify(blanks.body));
    assert.deepEqual(blanks.body, { description: { Value: '' }, value: '' });
    // A reader whose schema takes none of the values gives way (EC2's ModifyInstanceAttribute:
    // boolean `Value`s declared before the text ones).
    const texts = await json(`${url}/instance?Value=&Value=`);
    assert.equal(texts.status, 200, JSON.stringify(texts.body));
    assert.deepEqual(texts.body, { kernel: { Value: '' }, value: '' });
    const mixed = await json(`${url}/instance?Value=true&Value=x`);
    assert.deepEqual(mixed.body, { check: { Value: true }, value: 'x' });
    const three = await json(`${url}/instance?Value=false&Value=&Value=`);
    assert.equal(three.status, 200, JSON.stringify(three.body));
    assert.deepEqual(three.body, { check: { Value: false }, kernel: { Value: '' }, value: '' });
  });
});

test('a list parameter of the name takes every value; the object with that property gets none', async () => {
  await serve(async (url) => {
    const both = await json(`${url}/stacks?Accounts=1&Accounts=2&OrganizationalUnitIds=ou-1`);
    assert.deepEqual(both.body, { accounts: ['1', '2'], targets: { OrganizationalUnitIds: ['ou-1'] } });
  });
});
