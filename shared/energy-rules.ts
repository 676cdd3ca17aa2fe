import type { Lieu, NatureId } from './contract';

// The energy rules of a French housing advertisement, each a dated table with the text it comes
// from, so that a change of the law is one edit here. Where a summary of the law says otherwise,
// the official text quoted below wins.

/** The DPE classes since the 2021 method, best first. */
export const ENERGY_CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type EnergyClass = (typeof ENERGY_CLASSES)[number];

/** A class A to G from any text ('f' → 'F'), or null. */
export function energyClass(value: unknown): EnergyClass | null {
  const text = typeof value === 'string' ? value.trim().toUpperCase() : '';
  return (ENERGY_CLASSES as readonly string[]).includes(text) ? (text as EnergyClass) : null;
}

/** Whether class `a` is `b` or better (A is the best). */
export function classAtMost(a: EnergyClass, b: EnergyClass): boolean {
  return ENERGY_CLASSES.indexOf(a) <= ENERGY_CLASSES.indexOf(b);
}

/**
 * Why an advertisement has no DPE class, from the Poliris feed (columns 177/179): `VI` a blank
 * DPE ("DPE vierge": no usable consumption records), `NS` a property the DPE does not apply to
 * ("Non soumis au DPE").
 */
export const DPE_ABSENCES = ['VI', 'NS'] as const;
export type DpeAbsence = (typeof DPE_ABSENCES)[number];

// ---------------------------------------------------------------------------------------------
// Mentions of an advertisement

/**
 * Classes an advertisement must call "Logement à consommation énergétique excessive", with the
 * class: code de la construction et de l'habitation, art. L173-2 as written by loi n° 2021-1104
 * of 22 August 2021, and the arrêté of 22 December 2021 on that mention, in force on 1 January 2022
 * in mainland France and on 1 July 2024 in Guadeloupe, Martinique, Guyane, La Réunion and
 * Mayotte. The portal shows it everywhere in France from the later date on.
 */
export const EXCESSIVE_CLASSES: readonly EnergyClass[] = ['F', 'G'];

/** Whether a housing advertisement of this class carries the excessive-consumption mention. */
export function isExcessive(cls: EnergyClass | null): boolean {
  return cls !== null && EXCESSIVE_CLASSES.includes(cls);
}

// The estimated yearly energy cost: code de la construction et de l'habitation, art. R126-23
// (décret n° 2020-1610 of 17 December 2020), in force on 1 January 2022. The range of the DPE
// (Poliris columns 326–328) follows "Montant estimé des dépenses annuelles d'énergie pour un
// usage standard :" and names the reference year of the energy prices, at least as large as the
// advertisement's text (client/components/offer/energy-mentions.tsx).

// ---------------------------------------------------------------------------------------------
// Letting bans

/**
 * Where a French home is: mainland France or the five overseas departments, which the law gives
 * later dates. Other overseas territories (Saint-Martin, Saint-Barthélemy, Saint-Pierre-et-
 * Miquelon, the Pacific) are not named by these texts: they are read as mainland, the strictest.
 */
export type LettingArea = 'mainland' | 'overseas';

/** The lets a ban concerns. */
export type LettingUse =
  /** A home let on a lease (loi n° 89-462 of 6 July 1989): the portal's rent offers (L). */
  | 'lease'
  /** A furnished tourist let (meublé de tourisme): the portal's seasonal offers (S). */
  | 'tourist'
  /**
   * A new furnished tourist let in a town where it needs a change-of-use authorisation (code de
   * la construction et de l'habitation, art. L631-7): the authorisation is refused.
   */
  | 'change_of_use';

export interface LettingBan {
  use: LettingUse;
  area: LettingArea;
  cls: EnergyClass;
  /** ISO date from which the class may no longer be let that way. */
  from: string;
}

/**
 * The first day each class may no longer be let, by use and area.
 *
 * Leases: loi n° 89-462, art. 6 as written by loi n° 2021-1104 of 22 August 2021 ("Climat et
 * résilience"), art. 160: a decent home is of class A to F from 1 January 2025, A to E from
 * 1 January 2028, A to D from 1 January 2034; in Guadeloupe, Martinique, Guyane, La Réunion and
 * Mayotte A to F from 1 January 2028 and A to E from 1 January 2031 (no later step there). The
 * same dates are in décret n° 2002-120, art. 3 bis, as written by décret n° 2023-796 of 18 August
 * 2023. No later change of the overseas dates was found in the official texts available; the
 * table is the one place to change if one is published.
 *
 * Tourist lets: loi n° 2024-1039 of 19 November 2024 ("loi Le Meur"), art. 3. Its I (code du
 * tourisme, art. L324-2-2, in force on 1 January 2034) makes every meublé de tourisme meet the
 * levels of a decent home of loi n° 89-462, art. 6, unless it is the landlord's main home: from
 * 2034, A to D in mainland France and A to E overseas. Its II (code de la construction et de
 * l'habitation, art. L631-10, in force on 21 November 2024, mainland France only) requires a DPE
 * of class A to E for a change-of-use authorisation, A to D from 1 January 2034. (Summaries that
 * say "F from 2025, E from 2028" for tourist lets misread the text.) The exception of the
 * landlord's main home is not known from an offer: the portal states the general rule.
 */
export const LETTING_BANS: readonly LettingBan[] = [
  { use: 'lease', area: 'mainland', cls: 'G', from: '2025-01-01' },
  { use: 'lease', area: 'mainland', cls: 'F', from: '2028-01-01' },
  { use: 'lease', area: 'mainland', cls: 'E', from: '2034-01-01' },
  { use: 'lease', area: 'overseas', cls: 'G', from: '2028-01-01' },
  { use: 'lease', area: 'overseas', cls: 'F', from: '2031-01-01' },
  { use: 'tourist', area: 'mainland', cls: 'G', from: '2034-01-01' },
  { use: 'tourist', area: 'mainland', cls: 'F', from: '2034-01-01' },
  { use: 'tourist', area: 'mainland', cls: 'E', from: '2034-01-01' },
  { use: 'tourist', area: 'overseas', cls: 'G', from: '2034-01-01' },
  { use: 'tourist', area: 'overseas', cls: 'F', from: '2034-01-01' },
  { use: 'change_of_use', area: 'mainland', cls: 'G', from: '2024-11-21' },
  { use: 'change_of_use', area: 'mainland', cls: 'F', from: '2024-11-21' },
  { use: 'change_of_use', area: 'mainland', cls: 'E', from: '2034-01-01' },
];

/** The day a class may no longer be let that way there, or null when no text bans it. */
export function lettingBanFrom(
  cls: EnergyClass,
  use: LettingUse,
  area: LettingArea,
): string | null {
  return LETTING_BANS.find((b) => b.use === use && b.area === area && b.cls === cls)?.from ?? null;
}

/** The first three digits of the postcodes of Guadeloupe, Martinique, Guyane, Réunion, Mayotte. */
const OVERSEAS_POSTCODES = ['971', '972', '973', '974', '976'];
/** Saint-Barthélemy and Saint-Martin, whose postcodes start like Guadeloupe's. */
const NOT_OVERSEAS_DEPARTMENTS = ['97133', '97150'];

/**
 * The area of an offer's place from its postcodes (a commune's, else its ancestors'); null
 * abroad, where French letting law does not apply.
 */
export function lettingAreaOf(
  lieu: Pick<Lieu, 'postcodes' | 'is_foreign_country'> & {
    ancestors: readonly Pick<Lieu, 'postcodes' | 'is_foreign_country'>[];
  },
): LettingArea | null {
  const places = [lieu, ...lieu.ancestors];
  if (places.some((p) => p.is_foreign_country)) return null;
  const postcodes = places.flatMap((p) => p.postcodes);
  const overseas = (cp: string) =>
    OVERSEAS_POSTCODES.includes(cp.slice(0, 3)) && !NOT_OVERSEAS_DEPARTMENTS.includes(cp);
  return postcodes.some(overseas) ? 'overseas' : 'mainland';
}

/** What an offer page says about letting the home: one line per ban, and whether it is in force. */
export interface LettingNotice {
  use: LettingUse;
  cls: EnergyClass;
  from: string;
  /** The ban applies on `today` already. */
  inForce: boolean;
}

/**
 * The letting bans an offer shows: sale and rent offers the ban on leases, seasonal offers those
 * on tourist lets (with the change of use, in mainland France); none abroad, without a class or
 * for a class no text bans.
 */
export function lettingNotices(
  nature: NatureId,
  cls: EnergyClass | null,
  area: LettingArea | null,
  today: string,
): LettingNotice[] {
  if (cls === null || area === null) return [];
  const uses: LettingUse[] = nature === 'S' ? ['tourist', 'change_of_use'] : ['lease'];
  return uses.flatMap((use) => {
    const from = lettingBanFrom(cls, use, area);
    return from === null ? [] : [{ use, cls, from, inForce: from <= today }];
  });
}
