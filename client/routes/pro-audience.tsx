import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { formatAmount, formatDate, formatNumber } from '../../shared/format';
import { href } from '../../shared/routes';
import {
  AUDIENCE_METRICS,
  AUDIENCE_PERIODS,
  DEFAULT_AUDIENCE_PERIOD,
  RANKED_METRICS,
  type AudienceDay,
  type AudienceMetric,
  type AudiencePeriod,
  type ProAudienceOffer,
} from '../../shared/pro-audience';
import type { Lang } from '../../shared/contract';
import { defineScreen } from '../app/screen';
import { AudienceChart } from '../components/pro/audience-chart';
import { PRO_CACHE, proHead, requireProUser } from '../components/pro/session';
import { ScrollRegion } from '../components/pro/scroll-region';
import { ProShell } from '../components/pro/shell';
import '../styles/pro-audience.css';

// The audience of the agency's listings (/fr/espace-pro/audience/, /en/pro/audience/): over 7,
// 30 or 90 days (links: works without JavaScript), the agency's daily figures as charts drawn
// on the server with the same figures in a table, its offers' totals, and with ?offre= one
// offer's figures against its comparable offers.

const METRIC_LABELS: Record<AudienceMetric, MessageDescriptor> = {
  impressions: msg`Affichages en liste`,
  views: msg`Vues de l'annonce`,
  phones: msg`Numéros affichés`,
  contacts: msg`Demandes de contact`,
  alerts: msg`Envois dans les alertes`,
  priceChanges: msg`Changements de prix`,
};

const RANK: MessageDescriptor = msg`{gender, select, f {{rank, selectordinal, one {#re} other {#e}}} other {{rank, selectordinal, one {#er} other {#e}}}} sur {count, plural, one {# {rubrique} comparable} other {# {rubrique} comparables}} {place}`;

/** "12e sur 47 villas comparables à Cannes" in the language of `i18n`. */
function rankLabel(i18n: I18n, values: Record<string, string | number>): string {
  const descriptor: MessageDescriptor = Object.assign({}, RANK, { values });
  return i18n._(descriptor);
}

/** A day (YYYY-MM-DD) in the language's long format. */
function dayOf(day: string, lang: Lang): string {
  return formatDate(`${day}T12:00:00Z`, lang);
}

function parsePeriod(raw: string | null): AudiencePeriod {
  const n = Number(raw);
  return (AUDIENCE_PERIODS as readonly number[]).includes(n)
    ? (n as AudiencePeriod)
    : DEFAULT_AUDIENCE_PERIOD;
}

function positiveInt(raw: string | null): number | undefined {
  return raw && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

export default defineScreen({
  async loader(args) {
    const me = await requireProUser(args);
    const days = parsePeriod(args.url.searchParams.get('days'));
    const page = positiveInt(args.url.searchParams.get('page')) ?? 1;
    const offerId = positiveInt(args.url.searchParams.get('offre'));
    const signal = args.request.signal;
    const [audience, offer] = await Promise.all([
      args.api.get('proAudience', { days, page, lang: args.lang }, { signal }),
      offerId
        ? args.api.get('proAudienceOffer', { id: offerId, days, lang: args.lang }, { signal })
        : Promise.resolve(null),
    ]);
    return { me, days, page, audience, offer };
  },
  cache: PRO_CACHE,
  head: ({ i18n }) => proHead(i18n._(msg`Audience de vos annonces`)),
  Component: function ProAudience({ data, config, lang }) {
    const { t } = useLingui();
    const { me, days, page, audience, offer } = data;
    const retired = t`retirée`;
    const base = href('proAudience', {}, lang, config);
    const link = (q: Record<string, string | number | undefined>) => {
      const params = new URLSearchParams();
      for (const [k, value] of Object.entries(q))
        if (value !== undefined) params.set(k, String(value));
      return `${base}?${params.toString()}`;
    };
    const n = (value: number) => formatNumber(value, lang);
    const pages = Math.max(1, Math.ceil(audience.offers.total / audience.offers.page_size));
    return (
      <ProShell
        me={me}
        current="proAudience"
        lang={lang}
        config={config}
        title={t`Audience de vos annonces`}
      >
        <nav aria-label={t`Période`} className="audience-periods">
          <ul>
            {AUDIENCE_PERIODS.map((d) => (
              <li key={d}>
                <Link
                  to={link({ days: d, offre: offer?.offer.id })}
                  aria-current={d === days ? 'page' : undefined}
                >
                  {t`${d} jours`}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>{t`Du ${dayOf(audience.from, lang)} au ${dayOf(audience.to, lang)}`}</p>

        {offer ? <OfferAudience offer={offer} lang={lang} /> : null}

        <section aria-labelledby="audience-agency">
          <h2 id="audience-agency">{t`Toutes vos annonces`}</h2>
          <Figures series={audience.series} totals={audience.totals} lang={lang} id="agency" />
        </section>

        {/* The table's scrolling region is the one landmark named by this heading. */}
        <section>
          <h2 id="audience-offers">{t`Par annonce`}</h2>
          <ScrollRegion labelledBy="audience-offers">
            <table className="audience-table">
              <MetricsHead first={t`Annonce`} />
              <tbody>
                {audience.offers.items.map((o) => (
                  <tr key={o.id}>
                    <th scope="row">
                      <Link to={link({ days, offre: o.id })}>
                        {o.reference} – {o.title}
                      </Link>
                      {o.status === 'obsolete' ? ` (${retired})` : null}
                    </th>
                    {AUDIENCE_METRICS.map((m) => (
                      <td key={m}>{n(o.totals[m])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {pages > 1 ? (
            <nav aria-label={t`Pages des annonces`} className="audience-pages">
              {page > 1 ? (
                <Link to={link({ days, page: page - 1 })}>{t`Page précédente`}</Link>
              ) : null}{' '}
              {t`Page ${page} sur ${pages}`}{' '}
              {page < pages ? (
                <Link to={link({ days, page: page + 1 })}>{t`Page suivante`}</Link>
              ) : null}
            </nav>
          ) : null}
        </section>
      </ProShell>
    );
  },
});

/** The head of a table of the figures: the rows' column, then a column per figure. */
function MetricsHead({ first }: { first: string }) {
  const { i18n } = useLingui();
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        {AUDIENCE_METRICS.map((m) => (
          <th scope="col" key={m}>
            {i18n._(METRIC_LABELS[m])}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Totals, a chart per figure and the daily figures as a table. */
function Figures({
  series,
  totals,
  lang,
  id,
}: {
  series: AudienceDay[];
  totals: Record<AudienceMetric, number>;
  lang: 'fr' | 'en';
  id: string;
}) {
  const { t, i18n } = useLingui();
  const n = (value: number) => formatNumber(value, lang);
  return (
    <>
      <ul className="audience-figures">
        {AUDIENCE_METRICS.map((m) => (
          <li key={m}>
            <span className="audience-figures__label">{i18n._(METRIC_LABELS[m])}</span>{' '}
            <strong>{n(totals[m])}</strong>
            <AudienceChart series={series} metric={m} />
          </li>
        ))}
      </ul>
      <details className="audience-daily">
        <summary>{t`Chiffres jour par jour`}</summary>
        <ScrollRegion labelledBy={`audience-daily-${id}`}>
          <table className="audience-table">
            <caption id={`audience-daily-${id}`}>{t`Chiffres jour par jour`}</caption>
            <MetricsHead first={t`Jour`} />
            <tbody>
              {series.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{formatDate(`${d.day}T12:00:00Z`, lang, 'medium')}</th>
                  {AUDIENCE_METRICS.map((m) => (
                    <td key={m}>{n(d[m])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </details>
    </>
  );
}

/** One offer: its figures, its rank among comparable offers, its price changes. */
function OfferAudience({ offer, lang }: { offer: ProAudienceOffer; lang: 'fr' | 'en' }) {
  const { t, i18n } = useLingui();
  const n = (value: number) => formatNumber(value, lang);
  const c = offer.comparables;
  return (
    <section aria-labelledby="audience-offer">
      <h2 id="audience-offer">
        {offer.offer.reference} – {offer.offer.title}
      </h2>
      <Figures series={offer.series} totals={offer.totals} lang={lang} id="offer" />
      {c ? (
        <ScrollRegion labelledBy="audience-peers">
          <table className="audience-table">
            <caption id="audience-peers">{t`Face aux annonces comparables`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Chiffre`}</th>
                <th scope="col">{t`Cette annonce`}</th>
                <th scope="col">{t`Médiane des comparables`}</th>
                <th scope="col">{t`Rang`}</th>
              </tr>
            </thead>
            <tbody>
              {AUDIENCE_METRICS.map((m) => (
                <tr key={m}>
                  <th scope="row">{i18n._(METRIC_LABELS[m])}</th>
                  <td>{n(offer.totals[m])}</td>
                  <td>{n(c.medians[m])}</td>
                  <td>
                    {(RANKED_METRICS as readonly string[]).includes(m)
                      ? rankLabel(i18n, {
                          gender: offer.offer.rubrique.gender,
                          rank: c.ranks[m as (typeof RANKED_METRICS)[number]],
                          count: c.count,
                          rubrique: offer.offer.rubrique.plural,
                          place: c.lieu.prep,
                        })
                      : '–'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : (
        <p>{t`Trop peu d'annonces comparables pour la comparer.`}</p>
      )}
      <h3>{t`Changements de prix`}</h3>
      {offer.price_changes.length > 0 ? (
        <ul>
          {offer.price_changes.map((p) => (
            <li key={p.at}>
              {formatDate(p.at, lang)} : {formatAmount(p.old_amount, lang)} →{' '}
              {formatAmount(p.new_amount, lang)}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t`Aucun changement de prix sur la période.`}</p>
      )}
    </section>
  );
}
