import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NatureId } from '../../../shared/contract';
import type { SortKey } from '../../../shared/criteria';
import type { EnergyClass } from '../../../shared/energy-rules';

// Texts of the search screens that belong to a value (sort options, assets, price fields), as
// message descriptors shown with i18n._().

export const SORT_LABELS: Record<SortKey, MessageDescriptor> = {
  default: msg`Mise en avant`,
  new: msg`Les plus récents`,
  price_asc: msg`Prix croissant`,
  price_desc: msg`Prix décroissant`,
  rent_asc: msg`Loyer croissant`,
  rent_desc: msg`Loyer décroissant`,
  weekly_rent_asc: msg`Loyer hebdomadaire croissant`,
  weekly_rent_desc: msg`Loyer hebdomadaire décroissant`,
};

/** Assets (atouts) of spec section 3. */
export const ASSET_LABELS: Record<string, MessageDescriptor> = {
  alarme: msg`Alarme`,
  ascenseur: msg`Ascenseur`,
  balcon: msg`Balcon`,
  box: msg`Box fermé`,
  car: msg`Accès car`,
  cave: msg`Cave`,
  cave_a_vin: msg`Cave à vin`,
  cheminee: msg`Cheminée`,
  climatisation: msg`Climatisation`,
  garage: msg`Garage`,
  grenier: msg`Grenier`,
  hammam: msg`Hammam`,
  interphone: msg`Interphone`,
  jacuzzi: msg`Jacuzzi`,
  jardin: msg`Jardin`,
  parking: msg`Parking`,
  piscine: msg`Piscine`,
  rdc: msg`Plain-pied`,
  sauna: msg`Sauna`,
  sous_sol: msg`Sous-sol`,
  tennis: msg`Court de tennis`,
  terrasse: msg`Terrasse`,
  veranda: msg`Véranda`,
  vigne: msg`Vignes`,
  vue_mer: msg`Vue mer`,
};

/** Labels of the price bounds of each nature (sale price, monthly rent, weekly rent). */
export const PRICE_BOUND_LABELS: Record<
  NatureId,
  { min: MessageDescriptor; max: MessageDescriptor }
> = {
  V: { min: msg`Prix minimum (€)`, max: msg`Prix maximum (€)` },
  L: { min: msg`Loyer mensuel minimum (€)`, max: msg`Loyer mensuel maximum (€)` },
  S: { min: msg`Loyer hebdomadaire minimum (€)`, max: msg`Loyer hebdomadaire maximum (€)` },
};

/** A maximum DPE class as a filter says it: 'DPE A', 'DPE A à C' / 'DPE A to C'. */
export function dpeMaxLabel(i18n: I18n, cls: EnergyClass): string {
  return cls === 'A' ? i18n._(msg`DPE A`) : i18n._(msg`DPE A à ${cls}`);
}
