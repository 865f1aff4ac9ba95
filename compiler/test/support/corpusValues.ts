// Hand-written values for each type of derive-fixtures/corpus.ts, as they travel in JSON (a Date
// is its text): `valid` ones a value of the type becomes, `invalid` near misses of them. The
// agreement test also samples and mutates values; these are the ones a reader can check by eye.

/** Values of one corpus type. */
export interface CaseValues {
  readonly valid: readonly unknown[];
  readonly invalid: readonly unknown[];
}

const person = { name: 'Ada', id: 'p1' };
const circle = { kind: 'circle', radius: 1 };

/** The corpus's cases by exported type name, in the file's order. */
export const corpusValues: Record<string, CaseValues> = {
  Text: { valid: ['', 'a'], invalid: [1, null] },
  TextOrNumber: { valid: ['a', 1.5], invalid: [true, null] },
  Colour: { valid: ['red', 'blue'], invalid: ['Red', 'purple', 1] },
  MixedLiterals: { valid: ['auto', 1, true], invalid: [false, 2, 'Auto'] },
  MaybeText: { valid: ['a', null], invalid: [1, {}] },
  Anything: { valid: [null, 1, 'a', { a: [1] }], invalid: [] },
  Person: {
    valid: [person, { ...person, age: 3, nickname: 'A' }],
    invalid: [{ name: 'Ada' }, { ...person, age: '3' }, { ...person, nickname: null }],
  },
  Nested: {
    valid: [{ outer: { inner: { value: 1 }, list: [{ id: 'a' }] } }],
    invalid: [{ outer: { inner: {}, list: [] } }, { outer: { inner: { value: 1 }, list: [{}] } }],
  },
  Dictionary: { valid: [{}, { a: 1, b: 2 }], invalid: [{ a: 'x' }, []] },
  KeyedByLiteral: { valid: [{ a: true, b: false }], invalid: [{ a: true }, { a: 1, b: true }] },
  Employee: { valid: [{ ...person, company: 'X' }], invalid: [person, { company: 'X' }] },
  Empty: { valid: [{}, { any: 1 }], invalid: [1, 'x', null] },
  AnyObject: { valid: [{}, { a: 1 }], invalid: [1, null] },
  PartialRecord: { valid: [{}, { a: 1 }], invalid: [{ a: 'x' }, { a: null }] },
  SparseMap: { valid: [{}, { a: 1 }], invalid: [{ a: 'x' }, { a: null }] },
  Flagged: { valid: [{}, { flag: true }], invalid: [{ flag: null }, { flag: 'yes' }] },
  NoKeys: { valid: [{}], invalid: [{ a: 1 }, []] },
  OneOf: { valid: [{ a: 'x' }, { b: 1 }], invalid: [{ a: 'x', b: 1 }, {}, { b: 'x' }] },
  VoidBox: { valid: [{ ok: true }], invalid: [{ ok: true, value: null }, {}] },
  UndefinedBox: { valid: [{ ok: false }], invalid: [{ ok: false, value: 1 }] },
  MustBeAbsent: { valid: [{ kept: 'a' }], invalid: [{ kept: 'a', gone: null }, {}] },
  TagList: { valid: [[], ['a', 1, ['b', [2]]]], invalid: [{ length: 0 }, [true], [['a', null]]] },
  Account: { valid: [{ id: 'a', balance: 1 }], invalid: [{ id: 'a' }, { id: 'a', balance: 'x' }] },
  Shape: { valid: [{ name: 'sq' }], invalid: [{}, { name: 1 }] },
  Link: {
    valid: [{ href: 'https://example.com/a', matcher: '^a+$' }],
    invalid: [{ href: 'not a url', matcher: '^a' }, { href: 'https://x.org' }],
  },
  Line: { valid: [{ qty: 1 }, { qty: 2.5 }], invalid: [{ qty: 0 }, { qty: '1' }] },
  Slug: { valid: ['abc'], invalid: ['ABC', '', 'a-b'] },
  Article: { valid: [{ slug: 'abc' }], invalid: [{ slug: 'ABC' }, {}] },
  Constrained: {
    valid: [{ score: 10, code: 'ab', email: 'a@b.org', tags: ['x'] }],
    invalid: [
      { score: 1.5, code: 'ab', email: 'a@b.org', tags: ['x'] },
      { score: 11, code: 'ab', email: 'a@b.org', tags: ['x'] },
      { score: 1, code: 'abcde', email: 'a@b.org', tags: ['x'] },
      { score: 1, code: 'ab', email: 'nope', tags: ['x'] },
      { score: 1, code: 'ab', email: 'a@b.org', tags: [] },
    ],
  },
  Payment: {
    valid: [
      { kind: 'card', last4: '1234' },
      { kind: 'invoice', dueDays: 30 },
    ],
    invalid: [{ kind: 'card', dueDays: 30 }, { kind: 'cash' }, {}],
  },
  NamedShape: {
    valid: [circle, { kind: 'square', side: 2 }],
    invalid: [{ kind: 'circle', side: 1 }, { kind: 'triangle' }],
  },
  Order: {
    valid: [{ payment: { method: 'cash' } }, { payment: { method: 'card', last4: '1' } }],
    invalid: [{ payment: { method: 'card' } }, {}],
  },
  Strict: { valid: [{ a: 'x' }], invalid: [{ a: 'x', b: 1 }, {}] },
  PartialPerson: { valid: [{}, { name: 'A' }], invalid: [{ name: 1 }] },
  RequiredPerson: {
    valid: [
      { ...person, age: 1 },
      { ...person, age: 1, nickname: 'n' },
    ],
    invalid: [person, { ...person, age: 1, nickname: null }],
  },
  PersonName: { valid: [{ name: 'A' }, { name: 'A', age: 2 }], invalid: [{ age: 2 }] },
  PersonWithoutId: { valid: [{ name: 'A' }], invalid: [{ id: 'x' }] },
  FrozenPerson: { valid: [person], invalid: [{ id: 'x' }] },
  DefinitelyText: { valid: ['a'], invalid: [null, 1] },
  WarmColour: { valid: ['red', 'green'], invalid: ['blue'] },
  CoolColour: { valid: ['blue'], invalid: ['red', 'purple'] },
  Resolved: { valid: [{ done: true }], invalid: [{}, { done: 'yes' }] },
  Flags: { valid: [{ read: true, write: false }], invalid: [{ read: true }] },
  Getters: { valid: [{ getName: 'a', getAge: '1' }], invalid: [{ getName: 'a' }, { name: 'a', age: '1' }] },
  OptionalCircle: { valid: [{}, { radius: 1 }], invalid: [{ kind: 'square' }, { radius: '1' }] },
  PerLevel: { valid: [{ low: 1, high: 2 }], invalid: [{ low: 1 }, { low: 1, high: '2' }] },
  TextCase: { valid: [{ text: 'hi' }], invalid: [{ text: 'ho' }, { other: 1 }] },
  OtherCase: { valid: [{ other: 1 }], invalid: [{ other: 'x' }] },
  Element: { valid: [{ id: 1 }], invalid: [{ id: 'x' }, [{ id: 1 }]] },
  Distributed: { valid: ['a', 'b'], invalid: [1, 'c'] },
  PageOfPeople: { valid: [{ items: [person], next: null }], invalid: [{ items: [{}], next: null }, { items: [] }] },
  PageOfPages: {
    valid: [{ items: [{ items: ['a'], next: 'x' }], next: null }],
    invalid: [{ items: [{ items: [1], next: null }], next: null }],
  },
  DefaultedGeneric: { valid: [{ value: 1 }], invalid: [{ value: 'x' }] },
  TextNumberPair: { valid: [{ first: 'a', second: 1 }], invalid: [{ first: 1, second: 'a' }] },
  NamedAndAged: { valid: [{ name: 'a', age: 1 }], invalid: [{ name: 'a' }, { age: 1 }] },
  WithExtra: { valid: [person, { ...person, extra: true }], invalid: [{ ...person, extra: 1 }] },
  UserId: { valid: ['u1'], invalid: [1] },
  UserKey: { valid: ['user-1', 'user-2.5'], invalid: ['user-', 'admin-1'] },
  Prefixed: { valid: ['a-x', 'b-'], invalid: ['c-x', 'a'] },
  Shout: { valid: ['HELLO', 'BYE'], invalid: ['hello'] },
  TreeNode: {
    valid: [{ value: 1, children: [{ value: 2, children: [] }] }],
    invalid: [{ value: 1, children: [{ value: 2 }] }],
  },
  Folder: {
    valid: [
      {
        name: 'r',
        entries: [
          { name: 'f', size: 1 },
          { name: 's', entries: [] },
        ],
      },
    ],
    invalid: [{ name: 'r', entries: [{ name: 'f' }] }],
  },
  JsonValue: { valid: [null, 1, 'a', [true, { b: [null] }]], invalid: [] },
  ListNode: {
    valid: [{ value: 'a', next: { value: 'b', next: null } }],
    invalid: [{ value: 'a', next: { value: 'b' } }],
  },
  UsesEnums: {
    valid: [{ direction: 'up', priority: 2, onlyUp: 'up' }],
    invalid: [
      { direction: 'up', priority: 3, onlyUp: 'up' },
      { direction: 'down', priority: 0, onlyUp: 'down' },
    ],
  },
  Point: { valid: [[1, 2]], invalid: [[1], [1, 2, 3], ['1', 2]] },
  OptionalTail: { valid: [['a'], ['a', 1]], invalid: [[], ['a', 'b'], ['a', 1, 2]] },
  RestTuple: { valid: [['a'], ['a', true, false]], invalid: [[], ['a', 1]] },
  Matrix: { valid: [[], [[1, 2], []]], invalid: [[1], [['a']]] },
  Frozen: { valid: [[], ['a']], invalid: [[1]] },
  Event: {
    valid: [{ at: '2024-01-02T03:04:05.000Z', label: 'x' }],
    invalid: [{ at: 'yesterday', label: 'x' }, { label: 'x' }],
  },
  PersonKeys: { valid: ['name', 'company'], invalid: ['salary'] },
  Defaults: { valid: [{ retries: 3, mode: 'fast' }], invalid: [{ retries: 4, mode: 'fast' }, { retries: 3 }] },
  AgeOf: { valid: [1, 2.5], invalid: ['1', null] },
  PageItem: { valid: [person], invalid: [{ name: 'A' }] },
  WithCallback: { valid: [], invalid: [] },
  Lookup: { valid: [], invalid: [] },
  Keyed: { valid: [], invalid: [] },
};
