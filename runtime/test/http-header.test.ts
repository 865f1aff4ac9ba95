import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { Header, Secret, type Authorization } from '@kitgen/runtime';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

function basic(a: Authorization | undefined): { username: string; password: string } {
  assert.ok(a && a.scheme === 'Basic', `expected Basic credentials, got ${inspect(a)}`);
  return { username: a.username, password: a.password.reveal() };
}

test('Authorization Basic parses user and password, in any case of the scheme', () => {
  assert.deepEqual(basic(Header.Authorization.parse(`Basic ${b64('ada:s3cr:et')}`)), {
    username: 'ada',
    password: 's3cr:et',
  });
  assert.deepEqual(basic(Header.Authorization.parse(`basic ${b64('ada:pw')}`)), { username: 'ada', password: 'pw' });
  assert.deepEqual(basic(Header.Authorization.parse(`BASIC   ${b64('ada:pw')}  `)), {
    username: 'ada',
    password: 'pw',
  });
  // Empty password and empty user are legal (RFC 7617 allows both).
  assert.deepEqual(basic(Header.Authorization.parse(`Basic ${b64('ada:')}`)), { username: 'ada', password: '' });
  assert.deepEqual(basic(Header.Authorization.parse(`Basic ${b64(':pw')}`)), { username: '', password: 'pw' });
  // UTF-8 credentials, and base64 without its padding.
  assert.deepEqual(basic(Header.Authorization.parse(`Basic ${b64('zoë:pässwörd')}`)), {
    username: 'zoë',
    password: 'pässwörd',
  });
  assert.deepEqual(basic(Header.Authorization.parse(`Basic ${b64('ada:p').replace(/=+$/, '')}`)), {
    username: 'ada',
    password: 'p',
  });
  // Latin-1 credentials from older clients are not mangled into U+FFFD.
  const latin1 = Buffer.from('jos\xe9:pw', 'latin1').toString('base64');
  assert.deepEqual(basic(Header.Authorization.parse(`Basic ${latin1}`)), { username: 'josé', password: 'pw' });
});

test('Authorization Basic rejects what is not base64 user:password', () => {
  for (const text of [
    'Basic',
    'Basic ',
    'Basic !!!!',
    `Basic ${b64('no-colon')}`,
    'Basic YWRh=OnB3', // padding in the middle
    'Basic YWRhO', // 5 characters: no base64 string has that length
    `Basic ${b64('ada:pw')} extra`,
  ]) {
    assert.equal(Header.Authorization.parse(text), undefined, text);
  }
});

test('Authorization Bearer takes a token68 and nothing else', () => {
  const a = Header.Authorization.parse('Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc-_~+/==');
  assert.ok(a && a.scheme === 'Bearer');
  assert.equal(a.token.reveal(), 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc-_~+/==');
  assert.equal((Header.Authorization.parse('bearer abc') as { token: Secret }).token.reveal(), 'abc');
  for (const text of ['Bearer', 'Bearer ', 'Bearer a b', 'Bearer a,b', 'Bearer "abc"', 'Bearer =abc']) {
    assert.equal(Header.Authorization.parse(text), undefined, text);
  }
});

test('Authorization with another scheme is kept unparsed; a bad scheme name is invalid', () => {
  const digest = Header.Authorization.parse('Digest username="ada", realm="x"');
  assert.ok(digest && digest.scheme === 'Unparsed');
  assert.equal(digest.authScheme, 'Digest');
  assert.equal(digest.params.reveal(), 'username="ada", realm="x"');
  const negotiate = Header.Authorization.parse('Negotiate');
  assert.ok(negotiate && negotiate.scheme === 'Unparsed');
  assert.equal(Header.Authorization.render(negotiate), 'Negotiate');
  for (const text of ['', ' ', 'Ba(sic) x', '"Basic" x', '@ x'])
    assert.equal(Header.Authorization.parse(text), undefined, JSON.stringify(text));
});

test('Authorization renders and round-trips', () => {
  const basicValue = Header.Authorization.Basic('ada', 'pä:ss');
  const text = Header.Authorization.render(basicValue);
  assert.equal(text, `Basic ${b64('ada:pä:ss')}`);
  assert.deepEqual(basic(Header.Authorization.parse(text)), { username: 'ada', password: 'pä:ss' });
  assert.equal(Header.Authorization.render(Header.Authorization.Bearer('tok.en')), 'Bearer tok.en');
  assert.equal(Header.Authorization.render(Header.Authorization.Bearer(new Secret('t'))), 'Bearer t');
  const digest = Header.Authorization.parse('Digest a=1')!;
  assert.equal(Header.Authorization.render(digest), 'Digest a=1');
  assert.equal(Header.Authorization.name, 'authorization');
  // A user name with ':' could not be told apart from the password on the other side.
  assert.throws(() => Header.Authorization.Basic('a:b', 'pw'), /must not contain ":"/);
});

test('credentials never print: inspect, JSON, String and template strings show <secret>', () => {
  const values = [
    Header.Authorization.parse(`Basic ${b64('ada:hunter2')}`)!,
    Header.Authorization.parse('Bearer hunter2')!,
    Header.Authorization.parse('Custom hunter2')!,
    Header.Authorization.Basic('ada', 'hunter2'),
  ];
  for (const v of values) {
    for (const shown of [
      inspect(v, { depth: 10 }),
      JSON.stringify(v),
      String(Object.values(v)),
      `${Object.values(v).join(' ')}`,
    ]) {
      assert.doesNotMatch(shown, /hunter2/, shown);
    }
    assert.match(inspect(v), /<secret>/);
  }
  const s = new Secret('hunter2');
  assert.equal(`${s}`, '<secret>');
  assert.equal(JSON.stringify({ s }), '{"s":"<secret>"}');
  assert.ok(s.equals('hunter2') && s.equals(new Secret('hunter2')) && !s.equals('hunter3') && !s.equals('hunter22'));
});

test('Date parses the three HTTP-date forms and nothing else', () => {
  const expected = Date.UTC(1994, 10, 6, 8, 49, 37);
  assert.equal(Header.Date.parse('Sun, 06 Nov 1994 08:49:37 GMT')?.getTime(), expected);
  assert.equal(Header.Date.parse('Sunday, 06-Nov-94 08:49:37 GMT')?.getTime(), expected);
  assert.equal(Header.Date.parse('Sun Nov  6 08:49:37 1994')?.getTime(), expected);
  for (const text of [
    '1',
    '2024-01-01',
    'yesterday',
    'Sun, 06 Nov 1994 08:49:37',
    'Sun, 31 Feb 1994 08:49:37 GMT',
    'Sun, 06 Foo 1994 08:49:37 GMT',
    'Sun, 06 Nov 1994 25:49:37 GMT',
    '',
  ]) {
    assert.equal(Header.Date.parse(text), undefined, text);
  }
  const d = new Date(Date.UTC(2024, 1, 29, 23, 59, 1));
  assert.equal(Header.Date.render(d), 'Thu, 29 Feb 2024 23:59:01 GMT');
  assert.equal(Header.Date.parse(Header.Date.render(d))?.getTime(), d.getTime());
});

test('ContentType and Location parse and render', () => {
  const ct = Header.ContentType.parse('Application/JSON; Charset=utf-8');
  assert.equal(ct?.fullType, 'application/json');
  assert.equal(ct?.parameters.charset, 'utf-8');
  assert.equal(Header.ContentType.render(ct!), 'application/json; charset=utf-8');
  assert.equal(Header.ContentType.parse('json'), undefined);
  assert.equal(Header.Location.parse('/users/1'), '/users/1');
  assert.equal(Header.Location.parse(''), undefined);
});

test('the Access-Control family parses and renders', () => {
  const ACAO = Header.AccessControlAllowOrigin;
  assert.deepEqual(ACAO.parse('*'), ACAO.All);
  assert.deepEqual(ACAO.parse(' https://a.example:8443 '), ACAO.Specific('https://a.example:8443'));
  assert.equal(ACAO.parse(''), undefined);
  assert.equal(ACAO.render(ACAO.Specific('https://a.example')), 'https://a.example');
  assert.equal(ACAO.render(ACAO.All), '*');

  const methods = Header.AccessControlAllowMethods;
  assert.deepEqual(methods.parse('GET, POST ,PUT'), methods.Some('GET', 'POST', 'PUT'));
  assert.deepEqual(methods.parse('*'), methods.All);
  assert.deepEqual(methods.parse(''), methods.None);
  assert.equal(methods.render(methods.Some('GET', 'DELETE')), 'GET, DELETE');
  assert.equal(Header.AccessControlAllowHeaders.render(Header.AccessControlAllowHeaders.All), '*');
  assert.equal(
    Header.AccessControlExposeHeaders.render(Header.AccessControlExposeHeaders.Some('x-a', 'x-b')),
    'x-a, x-b',
  );

  const creds = Header.AccessControlAllowCredentials;
  assert.equal(creds.parse('true'), true);
  assert.equal(creds.parse('false'), false);
  assert.equal(creds.parse('yes'), undefined);
  assert.equal(creds.render(creds.Allow), 'true');

  assert.equal(Header.AccessControlMaxAge.parse('600'), 600);
  assert.equal(Header.AccessControlMaxAge.parse('-1'), undefined);
  assert.equal(Header.AccessControlMaxAge.parse('1.5'), undefined);
  assert.equal(Header.AccessControlMaxAge.render(600.9), '600');
  assert.deepEqual(Header.AccessControlRequestHeaders.parse('X-A, Content-Type'), ['x-a', 'content-type']);
  assert.equal(Header.AccessControlRequestMethod.parse(' PUT '), 'PUT');
  assert.equal(Header.Origin.parse(''), undefined);
});
