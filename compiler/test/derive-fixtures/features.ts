// Types for the derive tests: one or two per feature.

export interface Owner {
  readonly name: string;
  email?: string | undefined;
  nickname: string | undefined;
  phone: string | null;
}

export type Kind = 'cat' | 'dog';
export type Mixed = 'auto' | 1 | true;
export type Level = 1 | 2 | 3;
export type Ratio = 0.5 | 1;
export interface Literals {
  kind: Kind;
  maybeKind?: Kind | null;
  mixed: Mixed;
  level: Level;
  ratio: Ratio;
  flag: true;
  autoOrNumber: 'auto' | number;
  anything: unknown;
  whatever: any;
  nothing: null;
  either: string | number;
  onOff: boolean | null;
}

export enum Color {
  Red = 'red',
  Green = 'green',
}
export enum Priority {
  Low,
  High,
}
export interface Enums {
  color: Color;
  maybeColor: Color | null;
  priority: Priority;
  onlyRed: Color.Red;
}

export interface Circle {
  kind: 'circle';
  radius: number;
}
export interface Square {
  kind: 'square';
  side: number;
}
export type Shape = Circle | Square;
export type InlineShape = { kind: 'circle'; radius: number } | { kind: 'square'; side: number };

export interface Collections {
  tags: string[];
  frozen: ReadonlyArray<number>;
  pair: [string, number];
  optionalTail: [string, number?];
  rest: [string, ...boolean[]];
  scores: Record<string, number>;
  byId: { [id: string]: Owner };
  fixedKeys: Record<'a' | 'b', boolean>;
  bag: Record<string, unknown>;
}

export interface Named {
  name: string;
}
export type WithAge = Named & { age: number };
export type UserId = string & { readonly __brand: 'UserId' };
declare const orderBrand: unique symbol;
export type OrderId = number & { readonly [orderBrand]: true };
export interface Ids {
  user: UserId;
  order: OrderId;
}

export interface Profile {
  id: number;
  name: string;
  bio?: string;
}
export interface Utilities {
  patch: Partial<Profile>;
  full: Required<Profile>;
  summary: Pick<Profile, 'id' | 'name'>;
  withoutBio: Omit<Profile, 'bio'>;
  frozen: Readonly<Profile>;
  nullableFields: { [K in keyof Named]: Named[K] | null };
}

export interface User {
  id: number;
}
export interface Page<T> {
  items: T[];
  next?: string;
}
export interface Pair<A, B> {
  first: A;
  second: B;
}
export type Box<T> = { value: T };
export interface A {
  a: string;
}
export interface B {
  b: string;
}
export interface Generics {
  users: Page<User>;
  pair: Pair<A, B>;
  boxed: Box<string>;
  pages: Page<Page<User>>;
}

export interface Scalars {
  when: Date;
  big: bigint;
  bytes: Uint8Array;
  buffer: Buffer;
  route: `/pets/${string}`;
  version: `v${number}.${number}`;
  object: object;
}

/**
 * A documented thing.
 * @deprecated
 * @example {"count": 1}
 */
export interface Documented {
  /**
   * How many.
   * @isInt
   * @minimum 0
   * @maximum 100
   * @default 1
   */
  count: number;
  /** @asType integer @format int64 */
  total: number;
  /** @format int32 */
  small: number;
  /**
   * Shown name.
   * @minLength 1
   * @maxLength 20
   * @pattern ^[a-z]+$
   * @example "rex"
   * @example "max"
   */
  name: string;
  /** @description From the tag. */
  tagged: string;
  /** @default red */
  color: string;
  /** @format email */
  email: string;
  /** @deprecated use name */
  old?: string;
  /** @readOnly */
  id: string;
  /** The owner (a component: notes on a reference are left out). */
  owner: Owner;
}

export class Point {
  x = 0;
  y = 0;
}
