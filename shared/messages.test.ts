import { describe, expect, it } from 'vitest';
import * as messages from './messages';
import { ALL_MESSAGES, fieldInvalid, messageById } from './messages';

const exported = Object.values(messages).filter(
  (value): value is { id: string; message: string } =>
    typeof value === 'object' && value !== null && 'id' in value && 'message' in value,
);

describe('messages', () => {
  it('lists every exported descriptor once', () => {
    expect(new Set(ALL_MESSAGES)).toEqual(new Set(exported));
    expect(new Set(ALL_MESSAGES.map((m) => m.id)).size).toBe(ALL_MESSAGES.length);
  });

  it.each(ALL_MESSAGES.map((m) => [m.id, m] as const))('%s has a French text', (_id, m) => {
    expect(m.message?.trim()).not.toBe('');
  });

  it.each(ALL_MESSAGES.map((m) => [m.id, m] as const))(
    '%s gives a value for each placeholder',
    (_id, m) => {
      const placeholders = [...(m.message ?? '').matchAll(/\{(\w+)\}/g)].map((x) => x[1]);
      expect(Object.keys(m.values ?? {}).sort()).toEqual(placeholders.sort());
    },
  );

  it('finds a descriptor by id, and falls back to the invalid-value message', () => {
    expect(messageById('form.phone.required').message).toBe(
      'Veuillez saisir un numéro de téléphone',
    );
    expect(messageById('Invalid type: Expected string')).toBe(fieldInvalid);
  });
});
