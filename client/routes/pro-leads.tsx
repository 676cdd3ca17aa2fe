import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import * as v from 'valibot';
import { BFF_PATHS } from '../../shared/bff-paths';
import { FORM_FIELD } from '../../shared/page-actions';
import {
  LEAD_STATES,
  ProLeadsQuerySchema,
  type ProLead,
  type ProLeadList,
  type ProLeadsQuery,
} from '../../shared/pro';
import { href } from '../../shared/routes';
import { badRequest } from '../app/errors';
import { defineScreen } from '../app/screen';
import {
  PRO_CACHE,
  PRO_LEAD_HANDLED_FORM,
  proHead,
  requireProUser,
} from '../components/pro/session';
import { ProShell } from '../components/pro/shell';

// The agency's leads (/fr/espace-pro/prospects/, /en/pro/leads/): its contact requests, newest
// first, a page at a time, filtered by offer, state and period (a GET form: the filters are the
// URL's), each with how to answer it and the delivery of its lead mail; a button marks one handled
// or not (./pro-leads.server.ts). The CSV export takes the same filters.

const FILTER_KEYS = ['offer', 'state', 'from', 'to'] as const;

function filterQuery(query: ProLeadsQuery, page?: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = query[key];
    if (value !== undefined) params.set(key, String(value));
  }
  if (page && page > 1) params.set('page', String(page));
  return params;
}

export default defineScreen({
  async loader(args) {
    const raw = Object.fromEntries(
      [...args.url.searchParams].filter(([key, value]) => value !== '' && key !== 'lang'),
    );
    const query = v.safeParse(ProLeadsQuerySchema, raw);
    if (!query.success) throw badRequest(400);
    const me = await requireProUser(args);
    const leads = await args.api.get('proLeads', query.output, { signal: args.request.signal });
    return { me, leads, query: query.output };
  },
  cache: PRO_CACHE,
  head: ({ i18n }) => proHead(i18n._(msg`Prospects`)),
  Component: function ProLeads({ data, config, lang }) {
    const { t } = useLingui();
    const { me, leads, query } = data;
    const here = href('proLeads', {}, lang, config);
    const pages = Math.max(1, Math.ceil(leads.total / leads.page_size));
    const pageHref = (page: number) => {
      const params = filterQuery(query, page);
      return params.size ? `${here}?${params}` : here;
    };
    const exportParams = filterQuery(query);
    exportParams.set('lang', lang);
    return (
      <ProShell me={me} current="proLeads" lang={lang} config={config} title={t`Prospects`}>
        <form
          method="get"
          action={here}
          className="pro-filters"
          aria-label={t`Filtrer les prospects`}
        >
          <div className="pro-field">
            <label htmlFor="lead-offer">{t`Annonce`}</label>
            <select id="lead-offer" name="offer" defaultValue={query.offer ?? ''}>
              <option value="">{t`Toutes les annonces`}</option>
              {leads.offers.map((offer) => (
                <option key={offer.id} value={offer.id}>
                  {offer.reference} – {offer.title}
                </option>
              ))}
            </select>
          </div>
          <div className="pro-field">
            <label htmlFor="lead-state">{t`État`}</label>
            <select id="lead-state" name="state" defaultValue={query.state ?? ''}>
              <option value="">{t`Tous`}</option>
              {LEAD_STATES.map((state) => (
                <option key={state} value={state}>
                  {state === 'new' ? t`À traiter` : t`Traités`}
                </option>
              ))}
            </select>
          </div>
          <div className="pro-field">
            <label htmlFor="lead-from">{t`Du`}</label>
            <input id="lead-from" name="from" type="date" defaultValue={query.from ?? ''} />
          </div>
          <div className="pro-field">
            <label htmlFor="lead-to">{t`Au`}</label>
            <input id="lead-to" name="to" type="date" defaultValue={query.to ?? ''} />
          </div>
          <button type="submit" className="pro__button">
            {t`Filtrer`}
          </button>
        </form>
        <p className="pro-leads__count" role="status">
          {leads.total === 0
            ? t`Aucun prospect pour ces critères.`
            : t`${plural(leads.total, { one: '# prospect', other: '# prospects' })}, page ${leads.page} sur ${pages}`}{' '}
          <a href={`${BFF_PATHS.proLeadsCsv}?${exportParams}`} download>
            {t`Exporter en CSV`}
          </a>
        </p>
        <ol className="pro-leads">
          {leads.items.map((lead) => (
            <LeadItem key={lead.id} lead={lead} lang={lang} />
          ))}
        </ol>
        {pages > 1 && (
          <nav aria-label={t`Pages des prospects`} className="pro-pages">
            {leads.page > 1 && <Link to={pageHref(leads.page - 1)}>{t`Page précédente`}</Link>}
            {leads.page < pages && <Link to={pageHref(leads.page + 1)}>{t`Page suivante`}</Link>}
          </nav>
        )}
      </ProShell>
    );
  },
});

function LeadItem({ lead, lang }: { lead: ProLead; lang: 'fr' | 'en' }) {
  const { t, i18n } = useLingui();
  const when = i18n.date(new Date(lead.created_at), {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  });
  const subject = lead.offer ? `Re: ${lead.offer.reference} ${lead.offer.title}` : 'Re:';
  const delivery =
    lead.delivery.status === 'sent'
      ? t`Mail envoyé à ${lead.delivery.to ?? ''}`
      : lead.delivery.status === 'queued'
        ? t`Mail en attente d'envoi`
        : lead.delivery.status === 'failed'
          ? t`Échec de l'envoi du mail`
          : t`Aucun mail envoyé`;
  const titleId = `lead-${lead.id}`;
  return (
    <li className="pro-lead" aria-labelledby={titleId}>
      <h2 id={titleId} className="pro-lead__title">
        {lead.name} <span className="pro-lead__date">{when}</span>
      </h2>
      <dl className="pro-lead__facts">
        <dt>{t`E-mail`}</dt>
        <dd>
          <a href={`mailto:${lead.email}?subject=${encodeURIComponent(subject)}`}>{lead.email}</a>
        </dd>
        <dt>{t`Téléphone`}</dt>
        <dd>
          <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>{lead.phone}</a>
        </dd>
        <dt>{t`Annonce`}</dt>
        <dd>
          {lead.offer ? (
            lead.offer.url ? (
              <a href={lead.offer.url}>
                {lead.offer.reference} – {lead.offer.title}
              </a>
            ) : (
              `${lead.offer.reference} – ${lead.offer.title}`
            )
          ) : (
            t`Demande adressée à l'agence`
          )}
        </dd>
        <dt>{t`Envoi`}</dt>
        <dd>{delivery}</dd>
        <dt>{t`État`}</dt>
        <dd>
          {lead.handled_at
            ? lead.handled_by
              ? t`Traité le ${i18n.date(new Date(lead.handled_at), { dateStyle: 'long', timeZone: 'Europe/Paris' })} par ${lead.handled_by}`
              : t`Traité le ${i18n.date(new Date(lead.handled_at), { dateStyle: 'long', timeZone: 'Europe/Paris' })}`
            : t`À traiter`}
        </dd>
      </dl>
      <blockquote className="pro-lead__message" lang={lead.lang !== lang ? lead.lang : undefined}>
        <p>{lead.message}</p>
      </blockquote>
      <div className="pro-lead__actions">
        <a
          className="pro__button"
          href={`mailto:${lead.email}?subject=${encodeURIComponent(subject)}`}
        >
          <Trans>Répondre à {lead.name}</Trans>
        </a>
        <form method="post">
          <input type="hidden" name={FORM_FIELD} value={PRO_LEAD_HANDLED_FORM} />
          <input type="hidden" name="id" value={lead.id} />
          <input type="hidden" name="handled" value={lead.handled_at ? '0' : '1'} />
          <button type="submit" className="pro__button">
            {lead.handled_at ? (
              <Trans>Remettre {lead.name} à traiter</Trans>
            ) : (
              <Trans>Marquer {lead.name} comme traité</Trans>
            )}
          </button>
        </form>
      </div>
    </li>
  );
}

export type { ProLeadList };
