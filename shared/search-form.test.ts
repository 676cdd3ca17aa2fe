import { describe, expect, it } from 'vitest';
import { testConfig } from './test-config';
import { criteriaFromForm, placeFromForm, searchFormTarget } from './search-form';

// The search form's fields → the result-list URL, as both the browser and the BFF's
// /{lang}/search/ endpoint compute it.

const config = testConfig;

describe('placeFromForm', () => {
  const rows: { form: string; expected: ReturnType<typeof placeFromForm> }[] = [
    { form: '', expected: { kind: 'none' } },
    { form: 'lieu_q=%20%20', expected: { kind: 'none' } },
    {
      form: 'lieu_q=Cannes&lieu=cannes&lieu_label=Cannes',
      expected: { kind: 'slug', slug: 'cannes' },
    },
    // Text changed after choosing: the text wins.
    { form: 'lieu_q=Nice&lieu=cannes&lieu_label=Cannes', expected: { kind: 'text', text: 'Nice' } },
    { form: 'lieu_q=Nice', expected: { kind: 'text', text: 'Nice' } },
    // A slug of the wrong shape is never trusted.
    { form: 'lieu_q=X&lieu=..%2Fadmin&lieu_label=X', expected: { kind: 'text', text: 'X' } },
  ];
  it.each(rows)('reads "$form"', ({ form, expected }) => {
    expect(placeFromForm(new URLSearchParams(form))).toEqual(expected);
  });
});

describe('searchFormTarget', () => {
  const rows: {
    name: string;
    form: string;
    slug: string | null;
    lang: 'fr' | 'en';
    href: string;
    errors: string[];
  }[] = [
    {
      name: 'nature and place only',
      form: 'nature=V',
      slug: 'cannes',
      lang: 'fr',
      href: '/fr/vente/cannes/',
      errors: [],
    },
    {
      name: 'rent bounds of a rent search, sale bounds dropped',
      form: 'nature=L&price_max=900000&monthly_rent_min=2000&monthly_rent_max=9000',
      slug: 'paris',
      lang: 'en',
      href: '/en/rent/paris/?monthly_rent_min=2000&monthly_rent_max=9000',
      errors: [],
    },
    {
      name: 'the page is dropped: a new search starts at page 1',
      form: 'nature=V&page=4&sort=price_asc',
      slug: 'nice',
      lang: 'fr',
      href: '/fr/vente/nice/?sort=price_asc',
      errors: [],
    },
    {
      name: 'a minimum above its maximum is kept so the page can say why',
      form: 'nature=V&price_min=900000&price_max=500000',
      slug: 'nice',
      lang: 'fr',
      href: '/fr/vente/nice/?price_max=500000&price_min=900000',
      errors: ['minPrice'],
    },
    {
      name: 'more bedrooms than rooms',
      form: 'nature=V&nb_rooms=2&nb_bedrooms=4',
      slug: null,
      lang: 'fr',
      href: `/fr/vente/?nb_rooms=2&nb_bedrooms=4`,
      errors: ['bedRoomsCount'],
    },
    {
      name: 'garbage numbers and unknown assets dropped',
      form: 'nature=V&price_max=abc&assets=nope&area_min=-5',
      slug: 'nice',
      lang: 'fr',
      href: '/fr/vente/nice/',
      errors: [],
    },
  ];
  it.each(rows)('$name', ({ form, slug, lang, href, errors }) => {
    const target = searchFormTarget(
      criteriaFromForm(new URLSearchParams(form), config),
      slug,
      lang,
      config,
    );
    expect(target.href).toBe(href);
    expect(target.errors.map((e) => e.field)).toEqual(errors);
  });
});
