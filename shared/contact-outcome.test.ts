import { describe, expect, it } from 'vitest';
import { pageFormState, type PageFormState } from './contact-outcome';

describe('the outcome of a form posted without JavaScript', () => {
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

  it.each(states)('is read back as the action gave it ($form)', (state) => {
    expect(pageFormState(structuredClone(state))).toEqual(state);
  });

  it.each([
    ['nothing posted', undefined],
    ['another form', { form: 'prospect', status: 'sent' }],
    ['an unknown status', { form: 'contact', status: 'maybe', target: {}, values: {} }],
    ['not an object', 'contact'],
  ])('is none for %s', (_, posted) => {
    expect(pageFormState(posted)).toBeNull();
  });
});
