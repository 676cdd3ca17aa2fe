import type { CondoRow, FeesRow, NatureId } from '../db/types';

// What the Poliris reader hands to the import: one mapped offer per good row, or the reason a row
// was skipped. The reader (poliris.ts, mapping.ts) knows the format; the import (import.ts) knows
// the database.

/** A photo named by a feed row: a file beside annonces.csv, or an http(s) URL. */
export type FeedPhotoSource = { kind: 'file'; name: string } | { kind: 'url'; url: string };

export interface FeedPhotoRef {
  source: FeedPhotoSource;
  /** The row's caption for this slot ('' when none); the import falls back to the title. */
  caption: string;
}

/** An offer as its feed row describes it, mapped onto the portal's model. */
export interface FeedOffer {
  /** The agency's reference (column 2): with the agency, the key of the offer. */
  reference: string;
  nature: NatureId;
  rubriqueId: number;
  /** The reference lieu of the postcode and city (or the foreign country). */
  lieuId: number;
  titleFr: string;
  titleEn: string;
  descriptionFr: string;
  descriptionEn: string;
  /** Sale price (V), whole euros. */
  price: number | null;
  /** Monthly rent (L), whole euros. */
  monthlyRent: number | null;
  /** Weekly rent (S), whole euros (high season when both are given). */
  weeklyRent: number | null;
  /** Price on request: the amount is kept (it is searched) but not shown. */
  priceHidden: boolean;
  priceWithoutFees: number | null;
  fees: FeesRow | null;
  condo: CondoRow | null;
  surface: number | null;
  fieldSurface: number | null;
  rooms: number | null;
  bedrooms: number | null;
  /** Values among the contract's ATOUTS. */
  atouts: string[];
  exclusivity: boolean;
  dpeClass: string | null;
  dpeValue: number | null;
  /** The DPE's date, ISO (col 324 dd/mm/yyyy), and method (col 325, 'DPE_v07-2021'…). */
  dpeDate: string | null;
  dpeMethod: string | null;
  /** The estimated yearly energy cost range, whole euros, and its reference year (326–328). */
  dpeCostMin: number | null;
  dpeCostMax: number | null;
  dpeCostYear: number | null;
  /** Without a DPE class: 'VI' a blank DPE, 'NS' not subject to it. */
  dpeAbsence: 'VI' | 'NS' | null;
  gesClass: string | null;
  gesValue: number | null;
  videoUrl: string | null;
  tourUrl: string | null;
  /** The negotiator of the listing (cols 106, 105, 107): its e-mail receives the leads. */
  negotiatorName: string | null;
  negotiatorPhone: string | null;
  negotiatorEmail: string | null;
  /** From the row when present, else null (the import then takes the lieu's). */
  lat: number | null;
  lng: number | null;
  photos: FeedPhotoRef[];
}

/** Why a row was skipped: where in the file, and in plain words. */
export interface RowProblem {
  /** 1-based line number in annonces.csv. */
  line: number;
  /** The row's reference when it could be read. */
  reference: string | null;
  /** 1-based column position, when one column is at fault. */
  position: number | null;
  /** The column's Poliris name (e.g. 'prix'), when one column is at fault. */
  column: string | null;
  reason: string;
}

/** Something odd in a row that is still imported, said in the report. */
export interface RowWarning {
  /** fees-mismatch: the fee percentage disagrees with the fee and price amounts. */
  kind: 'fees-mismatch';
  /** The Poliris column at fault. */
  column: string;
  message: string;
}

export type FeedLine =
  | { line: number; offer: FeedOffer; warnings: RowWarning[] }
  | { line: number; problem: RowProblem };

/** A file that is not a Poliris feed at all: rejected as a whole. */
export class NotPolirisError extends Error {
  override name = 'NotPolirisError';
}
