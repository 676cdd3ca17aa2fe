import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_KEY,
  LOWER_SLUG,
  MAX_ID,
  SLUG,
  idNumber,
  idText,
  idempotencyKey,
  isId,
  parseId,
} from './validation';

// The portal's one vocabulary of outside input: the same rules wherever they are checked.

const messagesOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((i) => i.message);
};

describe('ids', () => {
  it('are whole numbers from 1 to the largest integer of the database', () => {
    expect(MAX_ID).toBe(2_147_483_647);
    for (const id of [1, 42, MAX_ID]) expect(isId(id)).toBe(true);
    for (const x of [0, -1, 1.5, MAX_ID + 1, Number.NaN, '42', null]) expect(isId(x)).toBe(false);
  });

  it('are read from text of at most ten digits', () => {
    expect(parseId(' 42 ')).toBe(42);
    expect(parseId(7)).toBe(7);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
    for (const x of ['2147483648', '00000000001', '4e2', '-3', '1.0', '', 'abc', 0]) {
      expect(parseId(x)).toBeNull();
    }
  });

  it('say which rule a JSON id breaks, in the words each side gives', () => {
    const schema = idNumber({ type: 'T', integer: 'I', min: 'MIN', max: 'MAX' });
    expect(messagesOf(schema, 5)).toEqual([]);
    expect(messagesOf(schema, '5')).toEqual(['T']);
    expect(messagesOf(schema, 2.5)).toEqual(['I']);
    expect(messagesOf(schema, 0)).toEqual(['MIN']);
    expect(messagesOf(schema, MAX_ID + 1)).toEqual(['MAX']);
  });

  it('are read from a form field as numbers', () => {
    const schema = idText();
    expect(v.parse(schema, '123')).toBe(123);
    for (const x of ['0', '2147483648', '12345678901', ' 1', '1e3', 12]) {
      expect(v.safeParse(schema, x).success).toBe(false);
    }
  });
});

describe('slugs', () => {
  it('take letters, digits, hyphens and underscores in paths, up to 200 characters', () => {
    expect(SLUG.test('villa-cannes_2')).toBe(true);
    expect(SLUG.test('Paris')).toBe(true);
    expect(SLUG.test('a'.repeat(200))).toBe(true);
    for (const s of ['a'.repeat(201), '-paris', '..', 'a.b', 'a%20b', '']) {
      expect(SLUG.test(s)).toBe(false);
    }
  });

  it('are lower case with hyphens as the listings API writes them', () => {
    expect(LOWER_SLUG.test('saint-tropez')).toBe(true);
    for (const s of ['Saint-Tropez', 'saint_tropez', 'a'.repeat(201)]) {
      expect(LOWER_SLUG.test(s)).toBe(false);
    }
  });
});

describe('idempotency keys', () => {
  it('are 8 to 100 letters, digits or -_.:', () => {
    expect(IDEMPOTENCY_KEY.test('contact:2026-11-27:abcd')).toBe(true);
    for (const k of ['short', 'a'.repeat(101), 'has space12', 'slash/1234']) {
      expect(IDEMPOTENCY_KEY.test(k)).toBe(false);
    }
    const schema = idempotencyKey({ type: 'T', key: 'K' });
    expect(messagesOf(schema, 12345678)).toEqual(['T']);
    expect(messagesOf(schema, 'short')).toEqual(['K']);
  });
});
