import { describe, expect, it } from 'vitest';
import {
  departementOfPostcode,
  departmentalRate,
  loanPayment,
  maxDeposit,
  notaryEmoluments,
  notaryFees,
  parseCostsQuery,
} from './purchase-costs';

const TODAY = '2026-11-28';

describe('notaryEmoluments', () => {
  // Each bracket alone, then across brackets: 3.870 % to 6,500, 1.596 % to 17,000, 1.064 % to
  // 60,000, 0.799 % beyond.
  it.each<[number, number]>([
    [0, 0],
    [1_000, 38.7],
    [6_500, 251.55],
    [10_000, 251.55 + 55.86],
    [17_000, 251.55 + 167.58],
    [30_000, 251.55 + 167.58 + 138.32],
    [60_000, 251.55 + 167.58 + 457.52],
    [200_000, 1995.25],
    [1_000_000, 251.55 + 167.58 + 457.52 + 7_510.6],
  ])('counts %d € at %d € before VAT', (price, expected) => {
    expect(notaryEmoluments(price, TODAY)).toBeCloseTo(expected, 2);
  });
});

describe('departmentalRate', () => {
  it.each<[string, string, number]>([
    ['83', TODAY, 5], // Var voted the increase
    ['75', TODAY, 5],
    ['06', TODAY, 4.5], // Alpes-Maritimes did not
    ['38', TODAY, 4.5],
    ['36', TODAY, 3.8], // Indre below the ceiling
    ['976', TODAY, 3.8],
    ['83', '2025-03-31', 4.5], // before the increase
    ['83', '2028-03-31', 5],
    ['83', '2028-04-01', 4.5], // the increase ends with March 2028
  ])('département %s on %s: %d %%', (code, day, rate) => {
    expect(departmentalRate(code, day)).toBe(rate);
  });
});

describe('notaryFees', () => {
  const base = { departement: '83', newBuild: false, firstTimeBuyer: false, day: TODAY };

  it('adds up duties, fees with VAT, the contribution and disbursements', () => {
    // 5 % + 1.2 % + 2.37 % of 5 % = 6.3185 % of 500,000 = 31,592.50 → 31,593
    // fees 251.55 + 167.58 + 457.52 + 440,000 × 0.799 % (3,515.60) = 4,392.25 → 4,392, VAT 878
    expect(notaryFees({ ...base, price: 500_000 })).toEqual({
      departmentalRate: 5,
      duties: 31_593,
      dutiesRate: 6.3185,
      emoluments: 4_392,
      emolumentsVat: 878,
      securityContribution: 500,
      disbursements: 1_200,
      total: 38_563,
      share: 7.71,
    });
  });

  it.each<[string, boolean, boolean, number, number]>([
    // département, new build, first-time buyer → departmental rate, duties
    ['83', false, false, 5, 31_593],
    ['83', false, true, 4.5, 29_033], // 5.80665 %
    ['06', false, false, 4.5, 29_033],
    ['36', false, false, 3.8, 25_450], // 3.8 + 1.2 + 0.09006 = 5.09006 %
    ['83', true, false, 0, 3_575], // 0.715 %
  ])(
    'dép. %s, new %s, first-time %s: rate %d, duties %d €',
    (dep, newBuild, first, rate, duties) => {
      const fees = notaryFees({
        ...base,
        price: 500_000,
        departement: dep,
        newBuild,
        firstTimeBuyer: first,
      });
      expect(fees.departmentalRate ?? 0).toBe(rate);
      expect(fees.duties).toBe(duties);
    },
  );

  it('charges the security contribution at least 15 €', () => {
    expect(notaryFees({ ...base, price: 10_000 }).securityContribution).toBe(15);
  });
});

describe('loanPayment', () => {
  // Known instalments of constant-instalment loans (to the cent); the cost is what they add up
  // to over the loan, less the principal.
  it.each<[number, number, number, number, number]>([
    [200_000, 20, 3, 1_109.2, 66_208],
    [100_000, 15, 4, 739.69, 33_144.2],
    [300_000, 25, 3.5, 1_501.87, 150_561],
    [120_000, 10, 0, 1_000, 0],
    [0, 20, 3, 0, 0],
  ])('%d € over %d years at %d %%: %d €/month', (principal, years, ratePct, monthly, interest) => {
    const loan = loanPayment({ principal, years, ratePct });
    expect(loan.monthly).toBeCloseTo(monthly, 2);
    expect(loan.interest).toBeCloseTo(interest, 0);
  });
});

describe('maxDeposit', () => {
  it.each<[number, boolean, number]>([
    [2_000, false, 2_000],
    [2_000, true, 4_000],
  ])('rent %d €, furnished %s: at most %d €', (rent, furnished, deposit) => {
    expect(maxDeposit(rent, furnished)).toBe(deposit);
  });
});

describe('departementOfPostcode', () => {
  it.each<[string, string | null]>([
    ['83990', '83'],
    ['75008', '75'],
    ['20000', '2A'],
    ['20200', '2B'],
    ['97400', '974'],
    ['', null],
    ['ABCDE', null],
  ])('%s → %s', (postcode, code) => {
    expect(departementOfPostcode(postcode)).toBe(code);
  });
});

describe('parseCostsQuery', () => {
  it.each<[string, Partial<ReturnType<typeof parseCostsQuery>>]>([
    [
      '',
      { downPayment: null, years: null, rate: null, firstHome: false, newBuild: false, errors: [] },
    ],
    ['down_payment=150 000&years=25&rate=3,45', { downPayment: 150_000, years: 25, rate: 3.45 }],
    ['first_home=1&new_build=on', { firstHome: true, newBuild: true }],
    ['years=&rate=', { years: null, rate: null, errors: [] }],
    ['years=0', { years: null, errors: ['years'] }],
    ['years=31', { errors: ['years'] }],
    ['years=12.5', { errors: ['years'] }],
    ['rate=16', { errors: ['rate'] }],
    ['down_payment=-5&rate=abc', { errors: ['downPayment', 'rate'] }],
  ])('reads %j', (query, expected) => {
    expect(parseCostsQuery(new URLSearchParams(query))).toMatchObject(expected);
  });
});
