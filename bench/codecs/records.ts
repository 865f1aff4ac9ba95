// The records every contestant encodes and decodes: a user with the field kinds a typical API
// body has (int64 id, strings, an enum, a nested record, a list of a tagged union, an optional).
import { Schema, type Static } from '@kitgen/runtime';

export const Status = Schema.Union([Schema.Literal('active'), Schema.Literal('suspended'), Schema.Literal('deleted')], {
  title: 'Status',
});
export const Address = Schema.Object(
  { street: Schema.String(), city: Schema.String(), zip: Schema.String() },
  { title: 'Address' },
);
export const Contact = Schema.TaggedUnion(
  {
    Email: Schema.Object({ address: Schema.String() }),
    Phone: Schema.Object({ number: Schema.String(), ext: Schema.Integer() }),
  },
  { title: 'Contact' },
);
export const User = Schema.Object(
  {
    id: Schema.Int64(),
    name: Schema.String(),
    age: Schema.Integer(),
    score: Schema.Number(),
    active: Schema.Boolean(),
    status: Status,
    tags: Schema.Array(Schema.String()),
    address: Address,
    contacts: Schema.Array(Contact),
    nickname: Schema.Optional(Schema.String()),
  },
  { title: 'User' },
);
export type UserValue = Static<typeof User>;

const statuses = ['active', 'suspended', 'deleted'] as const;

/** `count` varied users, the same on every run. */
export function users(count: number): UserValue[] {
  return Array.from({ length: count }, (_, i) => ({
    id: 10_000_000_000n + BigInt(i) * 7919n,
    name: `User Number ${i} ${'x'.repeat(i % 13)}`,
    age: 18 + (i % 60),
    score: i * 1.25 + 0.5,
    active: i % 3 !== 0,
    status: statuses[i % 3],
    tags: Array.from({ length: i % 5 }, (_, j) => `tag-${j}`),
    address: { street: `${i} Long Street Name`, city: i % 2 ? 'Springfield' : 'Zürich', zip: String(10_000 + i) },
    contacts: [
      { type: 'Email', address: `user${i}@example.com` },
      ...(i % 2 ? [{ type: 'Phone' as const, number: `+41 44 ${1_000_000 + i}`, ext: i }] : []),
    ],
    ...(i % 4 === 0 ? { nickname: `nick${i}` } : {}),
  }));
}
