import { useLingui } from '@lingui/react/macro';
import type { Condo, Lang } from '../../../shared/contract';
import { formatAmount, formatNumber } from '../../../shared/format';

// Condominium information (French rules for listings): number of lots, yearly charges and
// whether a procedure is under way against the condominium.

export function CondoInfo({ condo, lang }: { condo: Condo; lang: Lang }) {
  const { t } = useLingui();
  return (
    <dl className="offer-facts">
      <div className="offer-facts__row">
        <dt>{t`Nombre de lots`}</dt>
        <dd>{formatNumber(condo.lots, lang)}</dd>
      </div>
      <div className="offer-facts__row">
        <dt>{t`Charges annuelles`}</dt>
        <dd>{formatAmount(condo.yearly_charges, lang)}</dd>
      </div>
      <div className="offer-facts__row">
        <dt>{t`Procédure en cours`}</dt>
        <dd>{condo.procedure ? t`Oui` : t`Non`}</dd>
      </div>
    </dl>
  );
}
