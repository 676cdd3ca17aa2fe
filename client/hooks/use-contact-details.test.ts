import { describe, expect, it } from 'vitest';
import { parseContactDetails } from './use-contact-details';

describe('stored contact details', () => {
  it.each([
    ['nothing', null, null],
    ['not JSON', 'nope', null],
    ['an array', '[]', null],
    [
      'a full record',
      JSON.stringify({
        name: 'Camille',
        email: 'c@example.org',
        phone: '06 12 34 56 78',
        phoneObject: { number: '+33612345678', country: 'FR', national: '06 12 34 56 78' },
        isSpammer: true,
      }),
      {
        name: 'Camille',
        email: 'c@example.org',
        phone: '06 12 34 56 78',
        phoneObject: { number: '+33612345678', country: 'FR', national: '06 12 34 56 78' },
        isSpammer: true,
      },
    ],
    [
      'odd fields replaced by empty ones',
      JSON.stringify({ name: 3, email: 'c@example.org', phoneObject: 'x', isSpammer: 'yes' }),
      { name: '', email: 'c@example.org', phone: '', phoneObject: null, isSpammer: false },
    ],
  ])('reads %s', (_name, raw, expected) => {
    expect(parseContactDetails(raw)).toEqual(expected);
  });
});
