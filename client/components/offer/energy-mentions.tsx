import { useLingui } from '@lingui/react/macro';
import type { DpeReport, Lang, LieuWithAncestors, NatureId } from '../../../shared/contract';
import {
  energyClass,
  isExcessive,
  lettingAreaOf,
  lettingNotices,
  type EnergyClass,
  type LettingNotice,
} from '../../../shared/energy-rules';
import { TIME_ZONE, formatAmount, formatDate } from '../../../shared/format';

// The energy mentions French law requires of a housing advertisement (shared/energy-rules.ts):
// the excessive-consumption mention of classes F and G, the estimated yearly energy cost with the
// year of its prices, the date and method of the DPE; then whether the home can be let, with the
// date from which its class may no longer be let (and, for a rent offer whose class is banned
// already, that no new lease can be signed). The cost and the excessive mention are written at
// the size of the offer's text, as the law asks.

/** Today in the portal's time zone, ISO: the day the letting bans are read on. */
function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
}

/** A day as the law writes it: '1er janvier 2028' in French, '1 January 2028' in English. */
function legalDate(iso: string, lang: Lang): string {
  const text = formatDate(iso, lang);
  return lang === 'fr' ? text.replace(/^1 /, '1er ') : text;
}

/** The excessive-consumption mention with its class (cards and offer page). */
export function ExcessiveEnergyMention({
  dpeClass,
  className,
}: {
  dpeClass: string | null;
  className: string;
}) {
  const { t } = useLingui();
  const cls = energyClass(dpeClass);
  if (!isExcessive(cls)) return null;
  return (
    <p className={className}>{t`Logement à consommation énergétique excessive : classe ${cls}`}</p>
  );
}

function LettingLine({ notice, lang }: { notice: LettingNotice; lang: Lang }) {
  const { t } = useLingui();
  const date = legalDate(notice.from, lang);
  const cls = notice.cls;
  if (notice.use === 'tourist') {
    return (
      <li>{t`Location en meublé de tourisme interdite à partir du ${date} (classe ${cls}), sauf résidence principale du loueur`}</li>
    );
  }
  if (notice.use === 'change_of_use') {
    return (
      <li>{t`Changement d'usage en meublé de tourisme refusé à partir du ${date} (classe ${cls})`}</li>
    );
  }
  return <li>{t`Location interdite à partir du ${date} (classe ${cls})`}</li>;
}

function dpeMethodName(method: string): string {
  // 'DPE_v07-2021' → '2021': the year names the method; anything else is shown as sent.
  return /^DPE_v\d+-(\d{4})$/i.exec(method)?.[1] ?? method;
}

export function EnergyMentions({
  nature,
  dpeClass,
  report,
  lieu,
  lang,
}: {
  nature: NatureId;
  dpeClass: string | null;
  report: DpeReport;
  lieu: LieuWithAncestors;
  lang: Lang;
}) {
  const { t } = useLingui();
  const cls: EnergyClass | null = energyClass(dpeClass);
  const day = today();
  const notices = lettingNotices(nature, cls, lettingAreaOf(lieu), day);
  const leaseBanned = nature === 'L' && notices.some((n) => n.use === 'lease' && n.inForce);
  const cost = report.cost;
  const min = cost ? formatAmount(cost.min, lang) : '';
  const max = cost ? formatAmount(cost.max, lang) : '';
  const year = cost?.year != null ? String(cost.year) : null;
  const dpeDate = report.date ? formatDate(report.date, lang) : null;
  const method = report.method ? dpeMethodName(report.method) : null;
  return (
    <div className="energy-mentions">
      <ExcessiveEnergyMention dpeClass={dpeClass} className="energy-mentions__excessive" />
      {cost ? (
        <p className="energy-mentions__cost">
          {t`Montant estimé des dépenses annuelles d'énergie pour un usage standard : entre ${min} et ${max} par an.`}
          {year ? (
            <>
              {' '}
              {t`Prix moyens des énergies indexés au 1er janvier ${year} (abonnements compris).`}
            </>
          ) : null}
        </p>
      ) : null}
      {dpeDate ? (
        <p className="energy-mentions__date">
          {method ? t`DPE du ${dpeDate}, méthode ${method}` : t`DPE du ${dpeDate}`}
        </p>
      ) : null}
      {notices.length > 0 ? (
        <div className="energy-mentions__letting">
          <h3 className="offer-section__subtitle">{t`Mise en location`}</h3>
          {leaseBanned ? (
            <p className="energy-mentions__banned">{t`Un nouveau bail ne peut pas être signé pour ce logement : sa classe énergétique n'est plus autorisée à la location.`}</p>
          ) : null}
          <ul className="energy-mentions__bans">
            {notices.map((notice) => (
              <LettingLine key={notice.use} notice={notice} lang={lang} />
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** The text of a DPE class missing for a reason (shown in place of the scale). */
export function useDpeAbsenceText(absence: DpeReport['absence']): string | null {
  const { t } = useLingui();
  if (absence === 'VI') return t`DPE vierge`;
  if (absence === 'NS') return t`Non soumis au DPE`;
  return null;
}
