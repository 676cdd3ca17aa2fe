import { useId, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Lang, Settings } from '../../../shared/contract';
import { formatAmount, formatPercent } from '../../../shared/format';
import {
  COSTS_PARAMS,
  DISBURSEMENTS_ALLOWANCE,
  MAX_LOAN_YEARS,
  MAX_RATE_PCT,
  SECURITY_CONTRIBUTION_RATE,
  VAT_RATE,
  loanPayment,
  notaryFees,
  parseCostsQuery,
  type CostsField,
  type CostsQuery,
} from '../../../shared/purchase-costs';
import { FactList } from './features';
import '../../styles/offer-costs.css';

// What a sale offer really costs: the notary's fees with their breakdown (transfer duties of the
// département, the notary's fees and their VAT, the security contribution, disbursements) and
// the monthly payment of a loan. One GET form (the offer page's own URL) holds the buyer's
// choices: without JavaScript it reloads the page with them; with it, the figures follow each
// keystroke. Rules and their texts: shared/purchase-costs.ts.

/** The section's id, the form's target (the page comes back scrolled to it). */
export const COSTS_SECTION_ID = 'offer-costs';

/** The form's fields as typed (strings), from the page's query. */
interface FormState {
  downPayment: string;
  years: string;
  rate: string;
  firstHome: boolean;
  newBuild: boolean;
}

function stateOf(params: URLSearchParams): FormState {
  return {
    downPayment: params.get(COSTS_PARAMS.downPayment) ?? '',
    years: params.get(COSTS_PARAMS.years) ?? '',
    rate: params.get(COSTS_PARAMS.rate) ?? '',
    firstHome: params.has(COSTS_PARAMS.firstHome),
    newBuild: params.has(COSTS_PARAMS.newBuild),
  };
}

function queryOf(state: FormState): CostsQuery {
  const params = new URLSearchParams();
  params.set(COSTS_PARAMS.downPayment, state.downPayment);
  params.set(COSTS_PARAMS.years, state.years);
  params.set(COSTS_PARAMS.rate, state.rate);
  if (state.firstHome) params.set(COSTS_PARAMS.firstHome, '1');
  if (state.newBuild) params.set(COSTS_PARAMS.newBuild, '1');
  return parseCostsQuery(params);
}

/** Today in the portal's time zone, ISO: the day whose rules apply. */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
}

export function PurchaseCosts({
  price,
  departement,
  search,
  loanDefaults,
  lang,
}: {
  price: number;
  departement: { code: string; libelle: string };
  /** The page's query string. */
  search: string;
  loanDefaults: Settings['loanDefaults'];
  lang: Lang;
}) {
  const { t } = useLingui();
  const [state, setState] = useState(() => stateOf(new URLSearchParams(search)));
  const query = queryOf(state);
  const ids = useId();
  const fieldId = (field: CostsField) => `${ids}-${field}`;

  const fees = notaryFees({
    price,
    departement: departement.code,
    newBuild: query.newBuild,
    firstTimeBuyer: query.firstHome,
    day: today(),
  });
  const withFees = price + fees.total;
  const years = query.years ?? loanDefaults.years;
  const ratePct = query.rate ?? loanDefaults.ratePct;
  const downPayment = Math.min(
    query.downPayment ?? Math.round((withFees * loanDefaults.downPaymentPct) / 100),
    withFees,
  );
  const loan = loanPayment({ principal: withFees - downPayment, years, ratePct });

  const pct = (value: number) => formatPercent(value, lang);
  const eur = (value: number) => formatAmount(value, lang);
  const dutiesLabel =
    fees.departmentalRate === null
      ? t`Taxe de publicité foncière, logement neuf (${pct(fees.dutiesRate)})`
      : t`Droits de mutation (${pct(fees.dutiesRate)})`;
  const where = `${departement.libelle} (${departement.code})`;
  const priceText = eur(price);

  const errors: Record<CostsField, string> = {
    downPayment: t`Indiquez un montant en euros, sans centimes.`,
    years: t`Indiquez une durée de 1 à ${MAX_LOAN_YEARS} ans, en années entières.`,
    rate: t`Indiquez un taux de 0 à ${MAX_RATE_PCT} %.`,
  };
  const set = (patch: Partial<FormState>) => setState((old) => ({ ...old, ...patch }));
  const check = (name: 'firstHome' | 'newBuild', idSuffix: string, label: string) => (
    <div className="costs-form__check">
      <input
        id={`${ids}-${idSuffix}`}
        type="checkbox"
        name={COSTS_PARAMS[name]}
        value="1"
        checked={state[name]}
        onChange={(event) => set({ [name]: event.target.checked })}
      />
      <label htmlFor={`${ids}-${idSuffix}`}>{label}</label>
    </div>
  );
  const field = (name: CostsField, label: string, hint: string, value: string) => {
    const invalid = query.errors.includes(name);
    const described = [`${fieldId(name)}-hint`, invalid ? `${fieldId(name)}-error` : null]
      .filter(Boolean)
      .join(' ');
    return (
      <div className={`costs-form__field${invalid ? ' costs-form__field--invalid' : ''}`}>
        <label htmlFor={fieldId(name)}>{label}</label>
        <input
          id={fieldId(name)}
          name={COSTS_PARAMS[name]}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={described}
          onChange={(event) => set({ [name]: event.target.value })}
        />
        <p id={`${fieldId(name)}-hint`} className="costs-form__hint">
          {hint}
        </p>
        {invalid ? (
          <p id={`${fieldId(name)}-error`} className="costs-form__error">
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  };
  // With JavaScript the figures are already those of the fields: nothing to send.
  const onSubmit = (event: FormEvent) => event.preventDefault();

  return (
    <div className="offer-costs">
      <form method="get" action={`#${COSTS_SECTION_ID}`} className="costs-form" onSubmit={onSubmit}>
        <fieldset className="costs-form__group">
          <legend>{t`Votre situation`}</legend>
          {check(
            'firstHome',
            'first',
            t`Premier achat de ma résidence principale (exonéré de la hausse de 2025)`,
          )}
          {check('newBuild', 'new', t`Logement neuf (moins de 5 ans, sous TVA)`)}
        </fieldset>
        <fieldset className="costs-form__group">
          <legend>{t`Votre prêt`}</legend>
          {field(
            'downPayment',
            t`Apport (€)`,
            t`Par défaut ${loanDefaults.downPaymentPct} % du prix et des frais`,
            state.downPayment,
          )}
          {field('years', t`Durée (années)`, t`Par défaut ${loanDefaults.years} ans`, state.years)}
          {field(
            'rate',
            t`Taux annuel (%)`,
            t`Par défaut ${pct(loanDefaults.ratePct)}`,
            state.rate,
          )}
        </fieldset>
        <button type="submit" className="button costs-form__submit">{t`Calculer`}</button>
      </form>

      <p className="offer-costs__summary" role="status">
        {t`Frais de notaire : ${eur(fees.total)} · mensualité : ${eur(loan.monthly)}`}
      </p>
      <div className="offer-costs__results">
        <table className="costs-table">
          <caption>{t`Frais de notaire estimés pour un prix de ${priceText}, ${where}`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Poste`}</th>
              <th scope="col" className="costs-table__num">{t`Montant`}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{dutiesLabel}</th>
              <td className="costs-table__num">{eur(fees.duties)}</td>
            </tr>
            <tr>
              <th scope="row">{t`Émoluments du notaire (hors taxes)`}</th>
              <td className="costs-table__num">{eur(fees.emoluments)}</td>
            </tr>
            <tr>
              <th scope="row">{t`TVA sur les émoluments (${pct(VAT_RATE)})`}</th>
              <td className="costs-table__num">{eur(fees.emolumentsVat)}</td>
            </tr>
            <tr>
              <th scope="row">
                {t`Contribution de sécurité immobilière (${pct(SECURITY_CONTRIBUTION_RATE)})`}
              </th>
              <td className="costs-table__num">{eur(fees.securityContribution)}</td>
            </tr>
            <tr>
              <th scope="row">{t`Débours et formalités (forfait)`}</th>
              <td className="costs-table__num">{eur(DISBURSEMENTS_ALLOWANCE)}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t`Total des frais de notaire`}</th>
              <td className="costs-table__num">{eur(fees.total)}</td>
            </tr>
            <tr>
              <th scope="row">{t`Part du prix`}</th>
              <td className="costs-table__num">{pct(fees.share)}</td>
            </tr>
          </tfoot>
        </table>

        <h3 className="offer-section__subtitle">{t`Mensualité estimée`}</h3>
        <FactList
          className="offer-facts"
          rowClassName="offer-facts__row"
          facts={[
            { label: t`Prix et frais de notaire`, value: eur(withFees) },
            { label: t`Apport`, value: eur(downPayment) },
            { label: t`Montant emprunté`, value: eur(withFees - downPayment) },
            {
              label: t`Durée et taux`,
              value: t`${years} ans à ${pct(ratePct)}`,
            },
            { label: t`Mensualité (hors assurance)`, value: eur(loan.monthly) },
            { label: t`Coût total du crédit`, value: eur(loan.interest) },
          ]}
        />
        <p className="offer-costs__note">
          {t`Estimations : le notaire et la banque donnent les montants exacts.`}
        </p>
      </div>
    </div>
  );
}
