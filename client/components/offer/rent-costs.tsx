import { useLingui } from '@lingui/react/macro';
import type { Lang } from '../../../shared/contract';
import { formatAmount } from '../../../shared/format';
import { DEPOSIT_MONTHS, maxDeposit } from '../../../shared/purchase-costs';
import { FactList, type Fact } from './features';

// What a rent costs each month and at the start: the rent, the charges the offer gives, their
// sum, and the deposit: the offer's, and the most the law allows (loi 89-462 art. 22 and 25-6:
// one month's rent without charges unfurnished, two furnished). Rules: shared/purchase-costs.ts.

export function RentCosts({
  rent,
  charges,
  deposit,
  lang,
}: {
  rent: number;
  charges: number | null;
  deposit: number | null;
  lang: Lang;
}) {
  const { t } = useLingui();
  const eur = (value: number) => formatAmount(value, lang);
  const unfurnished = DEPOSIT_MONTHS.unfurnished;
  const furnished = DEPOSIT_MONTHS.furnished;
  const facts: Fact[] = [{ label: t`Loyer mensuel hors charges`, value: eur(rent) }];
  if (charges !== null) {
    facts.push({ label: t`Charges mensuelles`, value: eur(charges) });
    facts.push({ label: t`Total par mois`, value: eur(rent + charges) });
  }
  if (deposit !== null) facts.push({ label: t`Dépôt de garantie demandé`, value: eur(deposit) });
  facts.push(
    {
      label: t`Dépôt maximal, location vide (${unfurnished} mois de loyer)`,
      value: eur(maxDeposit(rent, false)),
    },
    {
      label: t`Dépôt maximal, location meublée (${furnished} mois de loyer)`,
      value: eur(maxDeposit(rent, true)),
    },
  );
  return (
    <>
      <FactList facts={facts} className="offer-facts" rowClassName="offer-facts__row" />
      <p className="offer-costs__note">
        {t`Plafonds légaux : loi du 6 juillet 1989, articles 22 et 25-6.`}
      </p>
    </>
  );
}
