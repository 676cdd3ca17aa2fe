import type { DpeAbsence } from '../../shared/energy-rules';
import { Prng, hashSeed } from './prng';

// What a seeded offer's DPE says besides its class (Poliris columns 324–328): the date and method
// of the diagnosis, the estimated yearly energy cost for standard use and the year of its energy
// prices, or why there is no class. Drawn from a stream of its own per offer (named by its
// reference), so the rest of the seed is the same with or without these facts.

/** Euros a year per kWh of primary energy a square metre uses a year, about (2021–2024 prices). */
export const EUROS_PER_PRIMARY_KWH = 0.09;
/** The estimate's range around its middle, as the 2021 method gives it (about ±16 %). */
export const COST_SPREAD = 0.16;
/** The 2021 method applies to diagnoses made from this day; every valid DPE is one by now. */
export const DPE_2021_FROM = Date.UTC(2021, 6, 1);
const DAY = 86_400_000;

export interface SeedDpeReport {
  dpe_date: string | null;
  dpe_method: string | null;
  dpe_cost_min: number | null;
  dpe_cost_max: number | null;
  dpe_cost_year: number | null;
  dpe_absence: DpeAbsence | null;
}

const NONE: SeedDpeReport = {
  dpe_date: null,
  dpe_method: null,
  dpe_cost_min: null,
  dpe_cost_max: null,
  dpe_cost_year: null,
  dpe_absence: null,
};

/**
 * The DPE facts of an offer. With a class: a diagnosis made up to three years before publication
 * (never before the 2021 method), its cost range from the energy value and the surface, indexed
 * on the prices of 1 January of the year before the diagnosis. Without one: land is not subject
 * to the DPE ('NS'), a home whose DPE is missing has a blank one ('VI'), a seasonal let says
 * nothing.
 */
export function seedDpeReport(offer: {
  reference: string;
  seasonal: boolean;
  land: boolean;
  dpeValue: number | null;
  surface: number | null;
  publishedAt: number;
}): SeedDpeReport {
  if (offer.dpeValue === null) {
    if (offer.seasonal) return NONE;
    return { ...NONE, dpe_absence: offer.land ? 'NS' : 'VI' };
  }
  const rng = new Prng(hashSeed('dpe', offer.reference));
  const earliest = Math.max(DPE_2021_FROM, offer.publishedAt - 3 * 365 * DAY);
  const made = new Date(earliest + Math.floor(rng.next() * (offer.publishedAt - earliest)));
  const year = made.getUTCFullYear();
  const report: SeedDpeReport = {
    ...NONE,
    dpe_date: made.toISOString().slice(0, 10),
    dpe_method: 'DPE_v07-2021',
  };
  if (offer.surface === null) return report;
  // Between 92 % and 108 % of the typical cost of the energy value, then the method's range.
  const middle = offer.dpeValue * offer.surface * EUROS_PER_PRIMARY_KWH * rng.float(0.92, 1.08);
  const round = (n: number) => Math.max(10, Math.round(n / 10) * 10);
  return {
    ...report,
    dpe_cost_min: round(middle * (1 - COST_SPREAD)),
    dpe_cost_max: round(middle * (1 + COST_SPREAD)),
    dpe_cost_year: Math.max(2021, year - 1),
  };
}
