import type { Doc, Filter } from './port';

/** The documents and cases the read conformance suite (conformance-reads.ts) runs every read store against. */
export const people: Doc[] = [
  { _id: 'a', name: 'Ann', age: 31, tags: ['admin', 'ops'], address: { city: 'Lyon', zip: '69001' }, joined: new Date('2024-01-05T00:00:00Z'), orders: [{ sku: 'x', qty: 2 }] },
  { _id: 'b', name: 'bob', age: 25, tags: ['ops'], address: { city: 'Paris' }, nickname: null, joined: new Date('2024-03-01T00:00:00Z'), orders: [{ sku: 'y', qty: 9 }] },
  { _id: 'c', name: 'Cleo', age: 42, tags: [], address: { city: 'Lyon' }, joined: new Date('2023-11-20T00:00:00Z') },
  { _id: 'd', name: 'dan', tags: ['dev'], nickname: 'D', orders: [{ sku: 'y', qty: 1 }, { sku: 'x', qty: 5 }] },
  { _id: 'e', name: 'Eve', age: '40' },
];

export interface Holder extends Doc {
  list: number[];
  inner: { n: number };
}

export const filterCases: Array<[string, Filter, string[]]> = [
  ['equality', { name: 'Ann' }, ['a']],
  ['a dotted path', { 'address.city': 'Lyon' }, ['a', 'c']],
  ['a path through an array of documents', { 'orders.sku': 'x' }, ['a', 'd']],
  ['array membership', { tags: 'ops' }, ['a', 'b']],
  ['a whole array', { tags: ['ops'] }, ['b']],
  ['null, which also matches a missing field', { nickname: null }, ['a', 'b', 'c', 'e']],
  ['$eq', { age: { $eq: 25 } }, ['b']],
  ['$ne, which matches a missing field', { age: { $ne: 25 } }, ['a', 'c', 'd', 'e']],
  ['$gt within the operand type only', { age: { $gt: 30 } }, ['a', 'c']],
  ['$gte', { age: { $gte: 31 } }, ['a', 'c']],
  ['$lt', { age: { $lt: 31 } }, ['b']],
  ['$lte', { age: { $lte: 31 } }, ['a', 'b']],
  ['a range', { age: { $gte: 25, $lt: 40 } }, ['a', 'b']],
  ['a string range in byte order', { name: { $gte: 'a' } }, ['b', 'd']],
  ['a date range', { joined: { $gte: new Date('2024-01-01T00:00:00Z') } }, ['a', 'b']],
  ['$gt on a path through an array', { 'orders.qty': { $gt: 4 } }, ['b', 'd']],
  ['$in', { age: { $in: [25, 42] } }, ['b', 'c']],
  ['$in on an array field', { tags: { $in: ['dev', 'admin'] } }, ['a', 'd']],
  ['$in on _id', { _id: { $in: ['a', 'c', 'zz'] } }, ['a', 'c']],
  ['$nin, which matches a missing field', { tags: { $nin: ['ops'] } }, ['c', 'd', 'e']],
  ['$exists true, null included', { nickname: { $exists: true } }, ['b', 'd']],
  ['$exists false', { nickname: { $exists: false } }, ['a', 'c', 'e']],
  ['$exists on a dotted path', { 'address.zip': { $exists: true } }, ['a']],
  ['$regex', { name: { $regex: '^[a-z]' } }, ['b', 'd']],
  ["$regex with $options 'i'", { name: { $regex: 'AN', $options: 'i' } }, ['a', 'd']],
  ['$and', { $and: [{ 'address.city': 'Lyon' }, { age: { $gt: 35 } }] }, ['c']],
  ['$or', { $or: [{ name: 'Ann' }, { tags: 'dev' }] }, ['a', 'd']],
  ['$not, which matches a missing field', { age: { $not: { $gt: 30 } } }, ['b', 'd', 'e']],
  ['$not with a regular expression', { name: { $not: /^a/i } }, ['b', 'c', 'd', 'e']],
  ['an empty filter', {}, ['a', 'b', 'c', 'd', 'e']],
  ['an empty clause of $and, which every document matches', { $and: [{}, { name: 'Ann' }] }, ['a']],
  ['an empty clause of $or, which every document matches', { $or: [{ name: 'Ann' }, {}] }, ['a', 'b', 'c', 'd', 'e']],
  ['$or of one literal in several fields, ignoring case', { $or: [{ name: { $regex: 'E', $options: 'i' } }, { nickname: { $regex: 'E', $options: 'i' } }] }, ['c', 'e']],
  ['$or of one literal in fields holding arrays and null', { $or: [{ nickname: { $regex: 'd', $options: 'i' } }, { tags: { $regex: 'OP', $options: 'i' } }] }, ['a', 'b', 'd']],
  ['$or of one literal, case kept', { $or: [{ name: { $regex: 'D' } }, { nickname: { $regex: 'D' } }] }, ['d']],
];

// Searches as the admin lists write them: one escaped literal, case ignored, in several fields.
export const searched: Doc[] = [
  { _id: 'p1', name: 'Ann Lee', email: 'ann@example.com', city: 'Lyon' },
  { _id: 'p2', name: 'Émile Zola', email: 'EMILE@example.com', city: 'Paris' },
  { _id: 'p3', name: 'Bob', email: null, city: ['Nice', 'ÉVIAN'] },
  { _id: 'p4', name: 'a.b (c)', email: 'dot@example.com', city: 42 },
  { _id: 'p5', email: 'k@example.com', city: 'KELVIN' },
];
export const literally = (text: string) => ({ $regex: text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' });
export const searchCases: Array<[string, string, string[]]> = [
  ['ASCII in any field', 'LEE', ['p1']],
  ['in the last field', 'lyon', ['p1']],
  ['never across two fields', 'example.comlyon', []],
  ['text outside ASCII, folded as MongoDB folds it', 'émile', ['p2']],
  ['ASCII within text outside ASCII', 'zola', ['p2']],
  ['an element of an array', 'évian', ['p3']],
  ['metacharacters taken literally', 'a.b (c)', ['p4']],
  ['a dot that is not a wildcard', 'a.c', []],
  ['a number is not text', '42', []],
  ['in every document with it', '@example.com', ['p1', 'p2', 'p4', 'p5']],
];
