import { describe, expect, it } from 'vitest';
import { decodePageFormState, encodePageFormState, type PageFormState } from './contact-outcome';

describe('page-form state in a header', () => {
  const states: PageFormState[] = [
    {
      form: 'contact',
      status: 'invalid',
      target: { offer_id: 12 },
      errors: { phone: 'form.phone.invalid' },
      values: {
        name: 'Zoë Müller 🏡',
        phone: '06',
        email: 'z@example.org',
        message: 'Café\nOui',
        reco: true,
      },
      isSpammer: false,
    },
    { form: 'phone', status: 'revealed', offer_id: 3 },
  ];

  it.each(states)('comes back as it went ($form)', (state) => {
    const value = encodePageFormState(state);
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePageFormState(value)).toEqual(state);
  });

  it.each([
    ['absent', null],
    ['empty', ''],
    ['not base64url', 'a b+c'],
    ['not JSON', Buffer.from('nope').toString('base64url')],
    [
      'another shape',
      Buffer.from(JSON.stringify({ form: 'contact', status: 'hacked' })).toString('base64url'),
    ],
    ['an unknown form', Buffer.from(JSON.stringify({ form: 'other' })).toString('base64url')],
  ])('reads %s as none', (_name, value) => {
    expect(decodePageFormState(value)).toBeNull();
  });
});
