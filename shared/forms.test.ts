import { describe, expect, it } from 'vitest';
import { ContactFormSchema, ProspectFormSchema, parsePhone } from './contact-forms';
import { AlertFormSchema, formInputToObject, parseForm } from './forms';

const validContact = {
  name: 'Jeanne Dupont',
  phone: '06 12 34 56 78',
  email: 'jeanne@example.fr',
  message: 'Je souhaite visiter ce bien.',
};
const validProspect = {
  lastname: 'Dupont',
  firstname: 'Jeanne',
  company: 'Dupont Immobilier',
  city: 'Cannes',
  lieu_id: '10',
  phone: '+33 4 93 00 00 00',
  email: 'agence@example.fr',
  message: '',
};

/** The id of the error of one field, or undefined when the form is valid or the field is fine. */
function errorOf(schema: Parameters<typeof parseForm>[0], input: unknown, field: string) {
  const result = parseForm(schema, input);
  return result.ok ? undefined : result.errors[field]?.id;
}

describe('parsePhone', () => {
  it.each<[string, string, { number: string; country: string | null } | null]>([
    [
      'a French mobile in national form',
      '06 12 34 56 78',
      { number: '+33612345678', country: 'FR' },
    ],
    ['a French number without spaces', '0612345678', { number: '+33612345678', country: 'FR' }],
    ['a French number with dashes', '06-12-34-56-78', { number: '+33612345678', country: 'FR' }],
    [
      'a French number in international form',
      '+33 1 23 45 67 89',
      { number: '+33123456789', country: 'FR' },
    ],
    [
      'a French number with the 00 prefix',
      '0033 6 12 34 56 78',
      { number: '+33612345678', country: 'FR' },
    ],
    ['a British number', '+44 20 7946 0958', { number: '+442079460958', country: 'GB' }],
    ['a Swiss number', '+41 22 345 67 89', { number: '+41223456789', country: 'CH' }],
    ['a US number', '+1 212 555 0199', { number: '+12125550199', country: 'US' }],
    ['a number one digit short', '01 23 45 67 8', null],
    ['a number too long', '+33612345678999', null],
    ['three digits', '123', null],
    ['letters', 'abc', null],
    ['an overlong input', '0'.repeat(41), null],
  ])('%s', (_name, input, expected) => {
    const phone = parsePhone(input);
    if (expected === null) expect(phone).toBeNull();
    else expect(phone).toMatchObject(expected);
  });

  it('gives the national format', () => {
    expect(parsePhone('+33612345678')?.national).toBe('06 12 34 56 78');
  });
});

describe('contact form', () => {
  it('accepts a valid form and adds the phone object', () => {
    const result = parseForm(ContactFormSchema, { ...validContact, reco: 'on' });
    expect(result).toEqual({
      ok: true,
      value: {
        ...validContact,
        reco: true,
        phoneObject: { number: '+33612345678', country: 'FR', national: '06 12 34 56 78' },
      },
    });
  });

  it.each<[string, Record<string, unknown>, string, string | undefined]>([
    ['requires a name', { name: undefined }, 'name', 'form.name.required'],
    ['requires a name that is not only spaces', { name: '  ' }, 'name', 'form.name.required'],
    ['accepts a name of 80 characters', { name: 'a'.repeat(80) }, 'name', undefined],
    ['refuses a name of 81 characters', { name: 'a'.repeat(81) }, 'name', 'form.name.tooLong'],
    ['requires a phone', { phone: '' }, 'phone', 'form.phone.required'],
    ['requires a phone that is not only spaces', { phone: '   ' }, 'phone', 'form.phone.required'],
    [
      'requires a phone when the field is missing',
      { phone: undefined },
      'phone',
      'form.phone.required',
    ],
    ['refuses an invalid phone', { phone: '01 23' }, 'phone', 'form.phone.invalid'],
    ['accepts an international phone', { phone: '+44 20 7946 0958' }, 'phone', undefined],
    ['requires an email', { email: '' }, 'email', 'form.email.required'],
    ['refuses an invalid email', { email: 'jeanne@' }, 'email', 'form.email.invalid'],
    [
      'refuses an email without a domain dot',
      { email: 'jeanne at example.fr' },
      'email',
      'form.email.invalid',
    ],
    [
      'refuses an overlong email',
      { email: `${'a'.repeat(250)}@example.fr` },
      'email',
      'form.email.invalid',
    ],
    ['requires a message', { message: '' }, 'message', 'form.message.required'],
    [
      'refuses a message above 5000 characters',
      { message: 'a'.repeat(5001) },
      'message',
      'form.message.tooLong',
    ],
    [
      'refuses a repeated text field',
      { email: ['a@example.fr', 'b@example.fr'] },
      'email',
      'form.field.invalid',
    ],
    ['refuses a number as text', { message: 42 }, 'message', 'form.field.invalid'],
  ])('%s', (_name, patch, field, expectedId) => {
    expect(errorOf(ContactFormSchema, { ...validContact, ...patch }, field)).toBe(expectedId);
  });

  it.each<[unknown, boolean]>([
    ['on', true],
    ['true', true],
    [true, true],
    ['1', true],
    [['false', 'on'], true],
    [undefined, false],
    ['', false],
    ['off', false],
    ['false', false],
    [false, false],
  ])('reads the reco opt-in %j as %s', (reco, expected) => {
    const result = parseForm(ContactFormSchema, { ...validContact, reco });
    expect(result.ok && result.value.reco).toBe(expected);
  });

  it('gives the spec texts and the name limit', () => {
    const result = parseForm(ContactFormSchema, { name: 'a'.repeat(81) });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.phone?.message).toBe('Veuillez saisir un numéro de téléphone');
    expect(result.errors.name?.values).toEqual({ nameMaxLength: 80 });
    expect(Object.keys(result.errors).sort()).toEqual(['email', 'message', 'name', 'phone']);
  });

  it('keeps what was typed when refused', () => {
    const result = parseForm(ContactFormSchema, { ...validContact, phone: '01 23', extra: 'x' });
    expect(result).toMatchObject({ ok: false, values: { ...validContact, phone: '01 23' } });
  });

  it('ignores unknown keys', () => {
    const result = parseForm(ContactFormSchema, { ...validContact, isSpammer: 'true' });
    expect(result.ok && Object.keys(result.value)).not.toContain('isSpammer');
  });

  it('reads URLSearchParams and FormData bodies', () => {
    const params = new URLSearchParams({ ...validContact, reco: 'on' });
    const formData = new FormData();
    for (const [k, val] of params) formData.append(k, val);
    expect(parseForm(ContactFormSchema, params)).toMatchObject({ ok: true, value: { reco: true } });
    expect(parseForm(ContactFormSchema, formData)).toMatchObject({
      ok: true,
      value: { reco: true },
    });
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'name=x'],
    ['an array', [validContact]],
  ])('refuses %s as a whole', (_name, input) => {
    const result = parseForm(ContactFormSchema, input);
    expect(result.ok).toBe(false);
    expect(result.ok ? undefined : result.errors.form?.id).toBe('form.field.invalid');
  });
});

describe('prospect form', () => {
  it('accepts a valid form', () => {
    const result = parseForm(ProspectFormSchema, validProspect);
    expect(result).toMatchObject({
      ok: true,
      value: { lastname: 'Dupont', city: 'Cannes', lieu_id: 10, message: '' },
    });
    expect(result.ok && result.value.phoneObject.number).toBe('+33493000000');
  });

  it.each<[string, Record<string, unknown>, string, string | undefined]>([
    ['requires a lastname', { lastname: '' }, 'lastname', 'form.lastname.required'],
    ['limits the lastname', { lastname: 'a'.repeat(81) }, 'lastname', 'form.lastname.tooLong'],
    ['requires a firstname', { firstname: ' ' }, 'firstname', 'form.firstname.required'],
    ['limits the firstname', { firstname: 'a'.repeat(81) }, 'firstname', 'form.firstname.tooLong'],
    ['requires a company', { company: undefined }, 'company', 'form.company.required'],
    ['limits the company', { company: 'a'.repeat(81) }, 'company', 'form.company.tooLong'],
    ['requires a city', { city: '' }, 'city', 'form.city.required'],
    ['limits the city', { city: 'a'.repeat(81) }, 'city', 'form.city.tooLong'],
    ['accepts a city without a lieu id', { lieu_id: '' }, 'lieu_id', undefined],
    ['refuses a malformed lieu id', { lieu_id: 'paris' }, 'lieu_id', 'form.field.invalid'],
    ['refuses a zero lieu id', { lieu_id: '0' }, 'lieu_id', 'form.field.invalid'],
    [
      'refuses a lieu id above the database range',
      { lieu_id: '2147483648' },
      'lieu_id',
      'form.field.invalid',
    ],
    ['requires a phone', { phone: '' }, 'phone', 'form.phone.required'],
    ['refuses an invalid phone', { phone: '12' }, 'phone', 'form.phone.invalid'],
    ['requires an email', { email: '' }, 'email', 'form.email.required'],
    ['refuses an invalid email', { email: 'agence@example' }, 'email', 'form.email.invalid'],
    ['accepts no message', { message: undefined }, 'message', undefined],
    ['limits the message', { message: 'a'.repeat(5001) }, 'message', 'form.message.tooLong'],
  ])('%s', (_name, patch, field, expectedId) => {
    expect(errorOf(ProspectFormSchema, { ...validProspect, ...patch }, field)).toBe(expectedId);
  });

  it('reads no lieu id as absent', () => {
    const result = parseForm(ProspectFormSchema, { ...validProspect, lieu_id: undefined });
    expect(result.ok && result.value.lieu_id).toBeUndefined();
    expect(result.ok && JSON.stringify(result.value)).not.toContain('lieu_id');
  });
});

describe('alert form', () => {
  it.each<[string, Record<string, unknown>, string, string | undefined]>([
    ['accepts a valid email', { email: 'a@example.fr' }, 'email', undefined],
    ['requires an email', { email: '' }, 'email', 'form.email.required'],
    ['refuses an invalid email', { email: 'nope' }, 'email', 'form.email.invalid'],
  ])('%s', (_name, input, field, expectedId) => {
    expect(errorOf(AlertFormSchema, input, field)).toBe(expectedId);
  });

  it.each<[unknown, boolean]>([
    ['on', true],
    [undefined, false],
  ])('reads the contactProximite consent %j as %s', (consent, expected) => {
    const result = parseForm(AlertFormSchema, { email: 'a@example.fr', contactProximite: consent });
    expect(result).toEqual({
      ok: true,
      value: { email: 'a@example.fr', contactProximite: expected },
    });
  });
});

describe('formInputToObject', () => {
  it('turns repeated keys into arrays', () => {
    expect(formInputToObject(new URLSearchParams('a=1&b=2&a=3'))).toEqual({
      a: ['1', '3'],
      b: '2',
    });
  });
});
