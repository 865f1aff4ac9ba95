// A broad corpus of type shapes, one exported type per case, derived both by DeriveSchema.gen<T>()
// and by ts-json-schema-generator (derive-agreement.test.ts), then compared on instances.

// --- primitives and literals
export type Text = string;
export type TextOrNumber = string | number;
export type Colour = 'red' | 'green' | 'blue';
export type MixedLiterals = 'auto' | 1 | true;
export type MaybeText = string | null;
export type Anything = unknown;

// --- objects
export interface Person {
  name: string;
  age?: number;
  readonly id: string;
  nickname: string | undefined;
}
export interface Nested {
  outer: { inner: { value: number }; list: Array<{ id: string }> };
}
export interface Dictionary {
  [key: string]: number;
}
export type KeyedByLiteral = Record<'a' | 'b', boolean>;
export interface Employee extends Person {
  company: string;
}
// Both derivations read `{}` as an object (TypeScript would also take a string or a number).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type Empty = {};
export type AnyObject = object;

// --- undefined, void and never
export type PartialRecord = Partial<Record<string, number>>;
export interface SparseMap {
  [key: string]: number | undefined;
}
export type MaybeFlag = boolean | undefined;
export interface Flagged {
  flag: MaybeFlag;
}
export type NoKeys = Record<string, never>;
export type OneOf = { a: string; b?: never } | { a?: never; b: number };
export interface Box<T> {
  ok: boolean;
  value: T;
}
export type VoidBox = Box<void>;
export type UndefinedBox = Box<undefined>;
export interface MustBeAbsent {
  gone: undefined;
  kept: string;
}

// --- array-like interfaces, classes, URL and RegExp
export type Tag = string | number | TagList;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TagList extends Array<Tag> {}
export class Account {
  static count = 0;
  id = '';
  balance: number = 0;
  #secret = 1;
  get doubled(): number {
    return this.balance * 2 + this.#secret;
  }
  describe(): string {
    return this.id;
  }
}
export interface Shape {
  name: string;
  area(): number;
}
export interface Link {
  href: URL;
  matcher: RegExp;
}

// --- JSDoc
export interface Line { /** @minimum 1 */ qty: number }
/** @pattern ^[a-z]+$ */
export type Slug = string;
export interface Article {
  slug: Exclude<Slug, ''>;
}
export interface Constrained {
  /** @minimum 0 @maximum 10 @asType integer */
  score: number;
  /** @minLength 2 @maxLength 4 */
  code: string;
  /** @format email */
  email: string;
  /** @minItems 1 */
  tags: string[];
}

// --- discriminated unions
export type Payment = { kind: 'card'; last4: string } | { kind: 'invoice'; dueDays: number };
export interface Circle {
  kind: 'circle';
  radius: number;
}
export interface Square {
  kind: 'square';
  side: number;
}
export type NamedShape = Circle | Square;
export interface Order {
  payment: { method: 'card'; last4: string } | { method: 'cash' };
}

// --- closed objects
/** @additionalProperties false */
export interface Strict {
  a: string;
}

// --- utility types
export type PartialPerson = Partial<Person>;
export type RequiredPerson = Required<Person>;
export type PersonName = Pick<Person, 'name' | 'age'>;
export type PersonWithoutId = Omit<Person, 'id' | 'nickname'>;
export type FrozenPerson = Readonly<Person>;
export type DefinitelyText = NonNullable<string | null | undefined>;
export type WarmColour = Exclude<Colour, 'blue'>;
export type CoolColour = Extract<Colour, 'blue' | 'purple'>;
export type Resolved = Awaited<Promise<{ done: boolean }>>;

// --- mapped types
export type Flags = { [K in 'read' | 'write']: boolean };
export type Getters = { [K in 'name' | 'age' as `get${Capitalize<K>}`]: string };
export type Optionalised<T> = { [K in keyof T]?: T[K] };
export type OptionalCircle = Optionalised<Circle>;
export enum Level {
  Low = 'low',
  High = 'high',
}
export type PerLevel = Record<Level, number>;

// --- conditional types
export type IsText<T> = T extends string ? { text: T } : { other: T };
export type TextCase = IsText<'hi'>;
export type OtherCase = IsText<number>;
export type ElementOf<T> = T extends Array<infer E> ? E : never;
export type Element = ElementOf<Array<{ id: number }>>;
export type Distributed = Exclude<'a' | 'b' | 1 | 2, number>;

// --- generics
export interface Page<T> {
  items: T[];
  next: string | null;
}
export type PageOfPeople = Page<Person>;
export type PageOfPages = Page<Page<string>>;
export interface WithDefault<T = number> {
  value: T;
}
export type DefaultedGeneric = WithDefault;
export interface Pair<A, B> {
  first: A;
  second: B;
}
export type TextNumberPair = Pair<string, number>;

// --- intersections
export type Named = { name: string };
export type Aged = { age: number };
export type NamedAndAged = Named & Aged;
export type WithExtra = Person & { extra?: boolean };
export type UserId = string & { readonly __brand: 'UserId' };

// --- template literals
export type UserKey = `user-${number}`;
export type Prefixed = `${'a' | 'b'}-${string}`;
export type Shout = Uppercase<'hello' | 'bye'>;

// --- recursion
export interface TreeNode {
  value: number;
  children: TreeNode[];
}
export interface Folder {
  name: string;
  entries: Entry[];
}
export interface File {
  name: string;
  size: number;
}
export type Entry = File | Folder;
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export interface ListNode {
  value: string;
  next: ListNode | null;
}

// --- enums
export enum Direction {
  Up = 'up',
  Down = 'down',
}
export enum Priority {
  Low,
  Mid,
  High,
}
export interface UsesEnums {
  direction: Direction;
  priority: Priority;
  onlyUp: Direction.Up;
}

// --- tuples and arrays
export type Point = [number, number];
export type OptionalTail = [string, number?];
export type RestTuple = [string, ...boolean[]];
export type Matrix = number[][];
export type Frozen = ReadonlyArray<string>;

// --- dates, keyof, typeof, indexed access
export interface Event {
  at: Date;
  label: string;
}
export type PersonKeys = keyof Employee;
const _defaults = { retries: 3, mode: 'fast' } as const;
export type Defaults = typeof _defaults;
export type AgeOf = Person['age'];
export type PageItem = PageOfPeople['items'][number];

// --- refused by design: no JSON form
export interface WithCallback {
  name: string;
  run: () => void;
}
export type Lookup = Map<string, number>;
export interface Keyed {
  key: symbol;
}
