import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Fees, Lang, OfferDetail } from '../../../shared/contract';
import { feePercentOf } from '../../../shared/fees';
import { formatAmount, formatPercent, formatPrice } from '../../../shared/format';
import { offerAmount } from '../offer-card';
import { FactList, type Fact } from './features';

// Price and fee breakdown: the price in euros without decimals with the nature's suffix (or
// 'price on request' when hidden), the agency's fees and who pays them, the price without fees,
// and for rentals the deposit and monthly charges.

const PAYER: Record<Fees['payer'], MessageDescriptor> = {
  buyer: msg`Honoraires à la charge de l'acquéreur`,
  seller: msg`Honoraires à la charge du vendeur`,
  tenant: msg`Honoraires à la charge du locataire`,
  owner: msg`Honoraires à la charge du propriétaire`,
};

/** The price line of an offer: formatted with its suffix, or 'price on request'. */
export function usePriceText(offer: OfferDetail, lang: Lang): string {
  const { t } = useLingui();
  const amount = offerAmount(offer);
  return offer.prixCache || amount === null
    ? t`Prix sur demande`
    : formatPrice(amount, offer.nature.id, lang);
}

export function FeeBreakdown({ offer, lang }: { offer: OfferDetail; lang: Lang }) {
  const { t, i18n } = useLingui();
  const price = usePriceText(offer, lang);
  const fees = offer.fees;
  const hidden = offer.prixCache;
  const rows: Fact[] = [];
  rows.push({ label: offer.nature.id === 'V' ? t`Prix` : t`Loyer`, value: price });
  if (fees) {
    // The percentage of the amounts shown; the feed's own only when the amounts give none.
    const pct =
      offer.nature.id === 'V'
        ? (feePercentOf(fees, offer.price, offer.priceWithoutFees) ?? fees.percent)
        : fees.percent;
    const percent = pct !== null ? formatPercent(pct, lang) : null;
    const amount = fees.amount !== null && !hidden ? formatAmount(fees.amount, lang) : null;
    const value = [percent, amount].filter(Boolean).join(' · ');
    rows.push({ label: i18n._(PAYER[fees.payer]), value: value || t`Non communiqué` });
  }
  if (offer.priceWithoutFees !== null && !hidden) {
    rows.push({
      label: t`Prix hors honoraires`,
      value: formatPrice(offer.priceWithoutFees, offer.nature.id, lang),
    });
  }
  if (fees?.charges != null) {
    rows.push({ label: t`Charges mensuelles`, value: formatAmount(fees.charges, lang) });
  }
  if (fees?.deposit != null) {
    rows.push({ label: t`Dépôt de garantie`, value: formatAmount(fees.deposit, lang) });
  }
  return <FactList facts={rows} className="offer-facts" rowClassName="offer-facts__row" />;
}
