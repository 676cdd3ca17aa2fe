import * as v from 'valibot';

// What buying or renting an offer really costs: the notary's fees on a sale (transfer duties,
// regulated fees, property security contribution, disbursements), the monthly payment of a loan
// and the deposit the law allows on a rent. Every rule is a dated table citing its text, so that
// next year's change is one edit here. Amounts are in euros; rates in percent.

/** A rule in force from a date (ISO yyyy-mm-dd, inclusive) until the next row's. */
interface Dated<T> {
  from: string;
  value: T;
}

/** The row of a dated table in force on a day (the table sorted oldest first). */
function inForce<T>(table: readonly Dated<T>[], day: string): T {
  let found = table[0]!.value;
  for (const row of table) if (row.from <= day) found = row.value;
  return found;
}

// ---------------------------------------------------------------------------------------------
// Transfer duties (droits de mutation à titre onéreux) on an existing home.
// Code général des impôts art. 1594 D (departmental rate, 1.20 % to 4.50 %), art. 1584 (communal
// tax 1.20 %), art. 1595 bis, art. 1647 V (state's assessment levy: 2.37 % of the departmental
// duty). Loi n° 2025-127 du 14 février 2025 de finances pour 2025, art. 116:
// for deeds from 1 April 2025 to 31 March 2028 a département may vote up to 5.00 %; first-time
// buyers of their main home keep the rate before the increase.
// Which départements voted it comes from the DGFiP's table of departmental rates (published
// 2025); 73 authorities raised to 5 %, taking effect on 1 April, 1 May, 1 June or 1 July 2025 as
// each voted. The list of those that did not raise is recalled from that table as reported by
// the press (Banque des Territoires, 2025) and may be incomplete for overseas départements: a
// département not listed below is counted at 5 % from 1 May 2025. Check it against the DGFiP's
// current table before each update.

/** The communal tax (CGI art. 1584), percent of the price. */
export const COMMUNAL_RATE = 1.2;
/** The state's assessment levy (CGI art. 1647 V), percent of the departmental duty. */
export const ASSESSMENT_LEVY_PCT = 2.37;
/** The ceiling before loi de finances 2025 art. 116, kept for first-time buyers. */
export const DEPARTMENTAL_RATE_BEFORE_2025 = 4.5;

/** Départements still at 4.50 % after the 2025 increase was open (did not vote it). */
const NOT_RAISED_2025 = new Set([
  '01', // Ain
  '03', // Allier
  '04', // Alpes-de-Haute-Provence
  '06', // Alpes-Maritimes
  '26', // Drôme
  '27', // Eure
  '38', // Isère
  '40', // Landes
  '48', // Lozère
  '60', // Oise
  '65', // Hautes-Pyrénées
  '71', // Saône-et-Loire
  '90', // Territoire de Belfort
]);

/** Départements below 4.50 % (CGI art. 1594 D, their own vote): Indre; Mayotte. */
const REDUCED_RATE: Record<string, number> = { '36': 3.8, '976': 3.8 };

/** The departmental rate of a département on a day, before any first-time buyer's relief. */
export function departmentalRate(code: string, day: string): number {
  const reduced = REDUCED_RATE[code];
  if (reduced !== undefined) return reduced;
  if (NOT_RAISED_2025.has(code)) return DEPARTMENTAL_RATE_BEFORE_2025;
  return inForce(
    [
      { from: '2000-01-01', value: DEPARTMENTAL_RATE_BEFORE_2025 },
      { from: '2025-05-01', value: 5 },
      // Art. 116: the increase applies to deeds until 31 March 2028.
      { from: '2028-04-01', value: DEPARTMENTAL_RATE_BEFORE_2025 },
    ],
    day,
  );
}

// New homes (sold by their builder within five years of completion, under VAT): the duties are
// the taxe de publicité foncière at the reduced rate of 0.70 % (CGI art. 1594 F quinquies A)
// plus the levy of 2.14 % of it (CGI art. 1647 V), 0.715 % of the price in all.
export const NEW_BUILD_RATE = 0.715;

// ---------------------------------------------------------------------------------------------
// The notary's regulated fees for a sale (émoluments proportionnels), Code de commerce
// art. A444-91, brackets and rates of the arrêté du 28 février 2020 (from 1 May 2020), kept by
// the later arrêtés on the notaries' tariff (that of 26 February 2024 left these rates as they
// were, as far as known here): 3.870 %, 1.596 %, 1.064 %, 0.799 %. VAT of 20 % on top (CGI art.
// 278).

/** One bracket: its rate applies to the part of the price up to `upTo` (Infinity for the last). */
export interface FeeBracket {
  upTo: number;
  rate: number;
}

export const NOTARY_BRACKETS: readonly Dated<readonly FeeBracket[]>[] = [
  {
    from: '2020-05-01',
    value: [
      { upTo: 6_500, rate: 3.87 },
      { upTo: 17_000, rate: 1.596 },
      { upTo: 60_000, rate: 1.064 },
      { upTo: Infinity, rate: 0.799 },
    ],
  },
];
export const VAT_RATE = 20;

// Contribution de sécurité immobilière, CGI art. 879: 0.10 % of the price, at least 15 €.
export const SECURITY_CONTRIBUTION_RATE = 0.1;
export const SECURITY_CONTRIBUTION_MIN = 15;

// Disbursements and formalities (land registry extracts, town planning documents, the notary's
// formality fees): not a rate of the price; an allowance, as notaries' own estimates give.
export const DISBURSEMENTS_ALLOWANCE = 1_200;

/** Rounded to the cent, as the notary's deed counts. */
function cents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The regulated fees before VAT of a price, bracket by bracket. */
export function notaryEmoluments(price: number, day: string): number {
  let total = 0;
  let floor = 0;
  for (const bracket of inForce(NOTARY_BRACKETS, day)) {
    if (price <= floor) break;
    total += ((Math.min(price, bracket.upTo) - floor) * bracket.rate) / 100;
    floor = bracket.upTo;
  }
  return cents(total);
}

export interface NotaryFeesInput {
  price: number;
  /** INSEE code of the offer's département ('83', '2A', '974'). */
  departement: string;
  /** A new home under VAT: reduced duties. */
  newBuild: boolean;
  /** A first-time buyer of a main home: exempt from the 2025 increase. */
  firstTimeBuyer: boolean;
  /** The day of the deed, ISO yyyy-mm-dd. */
  day: string;
}

export interface NotaryFees {
  /** Departmental rate applied, percent (null for a new home). */
  departmentalRate: number | null;
  /** Transfer duties in all: departmental, communal and the levy (or the new-home tax). */
  duties: number;
  /** Their rate in all, percent of the price. */
  dutiesRate: number;
  emoluments: number;
  emolumentsVat: number;
  securityContribution: number;
  disbursements: number;
  total: number;
  /** The total's share of the price, percent. */
  share: number;
}

/** The notary's fees of a sale, rounded to the euro as estimates are. */
export function notaryFees(input: NotaryFeesInput): NotaryFees {
  const { price, day } = input;
  let departmental: number | null = null;
  let dutiesRate: number;
  if (input.newBuild) {
    dutiesRate = NEW_BUILD_RATE;
  } else {
    const voted = departmentalRate(input.departement, day);
    departmental = input.firstTimeBuyer ? Math.min(voted, DEPARTMENTAL_RATE_BEFORE_2025) : voted;
    dutiesRate = departmental + COMMUNAL_RATE + (departmental * ASSESSMENT_LEVY_PCT) / 100;
  }
  const duties = Math.round((price * dutiesRate) / 100);
  const emoluments = Math.round(notaryEmoluments(price, day));
  const emolumentsVat = Math.round((notaryEmoluments(price, day) * VAT_RATE) / 100);
  const securityContribution = Math.round(
    Math.max((price * SECURITY_CONTRIBUTION_RATE) / 100, SECURITY_CONTRIBUTION_MIN),
  );
  const disbursements = DISBURSEMENTS_ALLOWANCE;
  const total = duties + emoluments + emolumentsVat + securityContribution + disbursements;
  return {
    departmentalRate: departmental,
    duties,
    dutiesRate: Math.round(dutiesRate * 10_000) / 10_000,
    emoluments,
    emolumentsVat,
    securityContribution,
    disbursements,
    total,
    share: Math.round((total / price) * 10_000) / 100,
  };
}

/**
 * The INSEE code of a département from a French postcode: the first two digits, three overseas
 * (97x), Corsica split at 20200 (2A below, 2B from).
 * @example departementOfPostcode('83990') // '83'; '20000' → '2A'; '97400' → '974'
 */
export function departementOfPostcode(postcode: string): string | null {
  if (!/^\d{5}$/.test(postcode)) return null;
  if (postcode.startsWith('97') || postcode.startsWith('98')) return postcode.slice(0, 3);
  if (postcode.startsWith('20')) return Number(postcode) < 20200 ? '2A' : '2B';
  return postcode.slice(0, 2);
}

// ---------------------------------------------------------------------------------------------
// A loan's monthly payment: constant instalments, interest monthly at the yearly rate / 12
// (the usual French mortgage; insurance left out).

export interface LoanInput {
  /** Amount borrowed. */
  principal: number;
  years: number;
  /** Yearly nominal rate, percent. */
  ratePct: number;
}

export interface Loan {
  monthly: number;
  /** Interest paid over the loan's life: the total cost of credit, insurance left out. */
  interest: number;
}

/** The monthly payment and the cost of credit, to the cent. */
export function loanPayment({ principal, years, ratePct }: LoanInput): Loan {
  const n = Math.round(years * 12);
  if (principal <= 0 || n <= 0) return { monthly: 0, interest: 0 };
  const r = ratePct / 100 / 12;
  // The borrower pays the instalment rounded to the cent; the cost of credit follows from it.
  const monthly = cents(r === 0 ? principal / n : (principal * r) / (1 - (1 + r) ** -n));
  return { monthly, interest: cents(monthly * n - principal) };
}

// ---------------------------------------------------------------------------------------------
// A rent's deposit: loi n° 89-462 du 6 juillet 1989, art. 22 (unfurnished: at most one month's
// rent without charges) and art. 25-6 (furnished: at most two months).

export const DEPOSIT_MONTHS = { unfurnished: 1, furnished: 2 } as const;

/** The largest deposit the law allows for a monthly rent (without charges). */
export function maxDeposit(monthlyRent: number, furnished: boolean): number {
  return monthlyRent * DEPOSIT_MONTHS[furnished ? 'furnished' : 'unfurnished'];
}

// ---------------------------------------------------------------------------------------------
// Price per square metre (the offer's own: pricePerM2 in shared/format.ts, which result cards
// import without this module).

/** Comparables below this count give no median: too few to say anything. */
export const MIN_COMPARABLES = 5;

// ---------------------------------------------------------------------------------------------
// The costs form of a sale offer: GET parameters of the offer page, so that it works without
// JavaScript (and a computed page can be shared).

export const COSTS_PARAMS = {
  downPayment: 'down_payment',
  years: 'years',
  rate: 'rate',
  firstHome: 'first_home',
  newBuild: 'new_build',
} as const;

export type CostsField = 'downPayment' | 'years' | 'rate';

/** Loans in France run at most 25 years (HCSF rule, with 2 of deferral): 30 leaves room. */
export const MAX_LOAN_YEARS = 30;
export const MAX_RATE_PCT = 15;

/** A number as people type it: spaces between thousands, a decimal comma or point. */
const TypedNumber = v.pipe(
  v.string(),
  v.transform((text) => text.replace(/[\s\u00a0\u202f€%]/g, '').replace(',', '.')),
  v.regex(/^\d+(\.\d+)?$/),
  v.transform(Number),
);

const FIELD_SCHEMAS = {
  downPayment: v.pipe(TypedNumber, v.integer(), v.minValue(0)),
  years: v.pipe(TypedNumber, v.integer(), v.minValue(1), v.maxValue(MAX_LOAN_YEARS)),
  rate: v.pipe(TypedNumber, v.minValue(0), v.maxValue(MAX_RATE_PCT)),
} satisfies Record<CostsField, v.GenericSchema<string, number>>;

export interface CostsQuery {
  downPayment: number | null;
  years: number | null;
  rate: number | null;
  firstHome: boolean;
  newBuild: boolean;
  /** The fields given with a value that is not one. */
  errors: CostsField[];
}

/** The costs form's values in a query string; an empty field is unset, a wrong one an error. */
export function parseCostsQuery(params: URLSearchParams): CostsQuery {
  const query: CostsQuery = {
    downPayment: null,
    years: null,
    rate: null,
    firstHome: params.has(COSTS_PARAMS.firstHome),
    newBuild: params.has(COSTS_PARAMS.newBuild),
    errors: [],
  };
  for (const field of ['downPayment', 'years', 'rate'] as const) {
    const text = params.get(COSTS_PARAMS[field])?.trim() ?? '';
    if (text === '') continue;
    const parsed = v.safeParse(FIELD_SCHEMAS[field], text);
    if (parsed.success) query[field] = parsed.output;
    else query.errors.push(field);
  }
  return query;
}
