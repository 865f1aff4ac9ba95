// Everyday TypeScript shapes for the derive tests: `undefined` as "may be absent", array-like
// interfaces, classes with behaviour, URL and RegExp, JSDoc on the brace's line, notes of
// primitive aliases, tagged unions written in place, closed objects.

export type Scores = Partial<Record<string, number>>;
export interface Sparse {
  [key: string]: number | undefined;
}
export type NoKeys = Record<string, never>;
/** Exactly one of `a` and `b` (the optional-never idiom). */
export type OneOf = { a: string; b?: never } | { a?: never; b: number };
export interface Result<T> {
  ok: boolean;
  value: T;
}
export interface Outcomes {
  done: Result<void>;
  skipped: Result<undefined>;
}
export type MaybeFlag = boolean | undefined;
export interface Flags {
  flag: MaybeFlag;
}

export type Tag = string | number | TagList;
// Empty interfaces extending an array are the case under test.
/* eslint-disable @typescript-eslint/no-empty-object-type */
export interface TagList extends Array<Tag> {}
export interface Names extends ReadonlyArray<string> {}
export interface Labels extends Names {}
/* eslint-enable @typescript-eslint/no-empty-object-type */

export class Invoice {
  static zero = 0;
  id = '';
  #secret = 1;
  lines: number[] = [];
  get total(): number {
    return this.lines.length + this.#secret;
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

export interface Line { /** @minimum 1 */ qty: number; /** @maxLength 3 */ unit: string }

/** @pattern ^[a-z]+$ */
export type Slug = string;
/** @minLength 2 */
export type ShortSlug = Slug;
export interface Article {
  slug: Exclude<Slug, ''>;
  previous: Slug | null;
  short: ShortSlug;
  /** @pattern ^x */
  own: Slug;
}

export type Payment = { kind: 'card'; last4: string } | { kind: 'invoice'; dueDays: number };
export interface Card {
  kind: 'card';
  last4: string;
}
/** Takes the name an in-place member of Payment would get. */
export interface PaymentCard {
  number: string;
}
export type Mixed = Card | { kind: 'bank-transfer'; iban: string };
export interface Order {
  payment: { method: 'card'; last4: string } | { method: 'cash' };
}

/** @additionalProperties false */
export interface Strict {
  a: string;
  inner: { b: number };
}
/** @additionalProperties true */
export interface Loose {
  a: string;
}
export interface Holder {
  /** @additionalProperties false */
  inline: { c: boolean };
  strict: Strict;
  bag: Record<string, string>;
}
