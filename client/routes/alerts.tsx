import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Link,
  useFetcher,
  useLocation,
  useRevalidator,
  type FetcherWithComponents,
} from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import '../styles/alerts.css';
import type {
  Alert,
  AlertCriteria,
  Config,
  Lang,
  LieuWithAncestors,
  OfferSummary,
} from '../../shared/contract';
import {
  ALERT_FORMS,
  ALERT_STATUSES,
  isAlertOutcome,
  type AlertFormName,
  type AlertOutcome,
  type AlertStatus,
} from '../../shared/alert-outcome';
import { indexConfig } from '../../shared/config-index';
import { alertPayloadToCriteria, toApiParams } from '../../shared/criteria';
import { formatPrice, formatSurface } from '../../shared/format';
import { emailInvalid, emailRequired } from '../../shared/messages';
import { FORM_FIELD } from '../../shared/page-actions';
import { ALERT_TOKENS_HEADER, ALERT_TOKEN_PATTERN, type PortalApi } from '../../shared/portal-api';
import { searchHref } from '../../shared/routes';
import { defineScreen } from '../app/screen';
import { FavouriteButton } from '../components/favourite-button';
import { OfferCard } from '../components/offer-card';
import { ASSET_LABELS, dpeMaxLabel } from '../components/search/labels';
import { addAlertTokens, alertTokensStore, removeAlertToken } from '../hooks/use-alert-tokens';
import { useFormAnswer } from '../hooks/use-form-answer';
import { useHydrated } from '../hooks/use-selection';

// Alerts (/fr/alertes/, /en/alerts/): the visitor's saved searches and recommendations (offers
// matching them). No account: the visitor's alert tokens are kept in the browser (localStorage)
// and in a signed httpOnly cookie of the BFF. On the server the loader gets the cookie's tokens
// from the BFF (ALERT_TOKENS_HEADER); in the browser it sends the stored tokens and the BFF adds
// the cookie's. The page shows personal data: never kept by shared caches.
//
// The page's forms are its actions (./alerts.server.ts): deleting an alert, and
// the one click that confirms an alert's address or stops its mails. Mail links open the page
// with `confirm={mail token}` or `unsubscribe={mail token}` (server/routes/alert-links.ts): the
// GET of a link changes nothing (mail scanners and link previews fetch links), the page's button
// posts the action. A broken link comes with `status=link-invalid`.

/** The statuses that are errors (shown as alerts, not as notices): all but the four successes. */
const SUCCESSES: readonly AlertStatus[] = ['created', 'deleted', 'confirmed', 'unsubscribed'];
const ERROR_TEXT: ReadonlySet<AlertStatus> = new Set(
  ALERT_STATUSES.filter((status) => !SUCCESSES.includes(status)),
);

const ERROR_STATUS: Partial<Record<AlertStatus, number>> = {
  'link-invalid': 400,
  token: 400,
  'link-gone': 404,
  'unknown-alert': 404,
};

/** Offers shown as recommendations, and how many alerts they are drawn from. */
const RECOMMENDATIONS = 8;
const RECOMMENDATION_ALERTS = 3;
const MAIL_TOKEN = /^[A-Za-z0-9._-]{1,100}$/;
const PAGE_FORMS: readonly AlertFormName[] = [
  ALERT_FORMS.delete,
  ALERT_FORMS.confirm,
  ALERT_FORMS.unsubscribe,
];

/** The outcome of one of this page's forms, else null. */
function pageOutcome(value: unknown): AlertOutcome | null {
  return PAGE_FORMS.some((form) => isAlertOutcome(value, form)) ? (value as AlertOutcome) : null;
}

const TITLE = msg`Mes alertes`;
const DESCRIPTION = msg`Vos recherches sauvegardées et les biens qui leur correspondent.`;

interface AlertView {
  token: string;
  alert: Alert;
  lieu: Pick<LieuWithAncestors, 'id' | 'slug' | 'libelle' | 'omr_list_id'> | null;
  /** The result list of the alert's search; null when its place could not be read. */
  searchHref: string | null;
}

interface AlertsData {
  status: AlertStatus | null;
  /** The token of a confirmation link: the page asks for the click that confirms. */
  confirm: string | null;
  unsubscribe: string | null;
  /** Null when the list could not load. */
  alerts: AlertView[] | null;
  /** The search a mail link just confirmed (posted without JavaScript), with its place's name. */
  confirmed: { criteria: AlertCriteria; lieu: string | null } | null;
  /** The tokens the list was asked with came from this browser's storage. */
  fromBrowser: boolean;
  recommendations: OfferSummary[];
}

function tokensOfHeader(value: string | null): string[] {
  return (value ?? '').split(',').filter((token) => ALERT_TOKEN_PATTERN.test(token));
}

async function loadRecommendations(
  api: PortalApi,
  views: AlertView[],
  config: Config,
  lang: Lang,
  signal: AbortSignal,
): Promise<OfferSummary[]> {
  const lists = await Promise.all(
    views.slice(0, RECOMMENDATION_ALERTS).map(async ({ alert }) => {
      const c = alert.criteria;
      const criteria = alertPayloadToCriteria(c, { config });
      // The place alone, or its wider list when the alert names it (as its mails search).
      const params = toApiParams(criteria, {
        config,
        lieu: c.lieu ? { id: c.lieu, omr_list_id: c.omr_list_id ?? null } : null,
      });
      try {
        const list = await api.get(
          'offers',
          { ...params, sort: 'new', page: '1', lang, limit: 4 },
          { signal },
        );
        return list.items;
      } catch {
        return [];
      }
    }),
  );
  const seen = new Set<number>();
  const out: OfferSummary[] = [];
  for (const offer of lists.flat()) {
    if (seen.has(offer.id) || offer.status !== 'active') continue;
    seen.add(offer.id);
    out.push(offer);
  }
  return out.slice(0, RECOMMENDATIONS);
}

export default defineScreen({
  cache: { private: true, sMaxAge: 0, staleWhileRevalidate: 0 },

  async loader({ api, config, lang, url, request, posted }): Promise<AlertsData> {
    // A form of the page posted without JavaScript: its outcome is the page's message.
    const outcome = pageOutcome(posted);
    const givenStatus = url.searchParams.get('status');
    const status = outcome?.status ?? ALERT_STATUSES.find((s) => s === givenStatus) ?? null;
    const mailToken = (name: string, form: AlertFormName, done: AlertStatus) => {
      const given = url.searchParams.get(name);
      // Once clicked, the button is not asked for again.
      if (outcome?.form === form && outcome.status === done) return null;
      return given && MAIL_TOKEN.test(given) ? given : null;
    };
    const confirm = mailToken('confirm', ALERT_FORMS.confirm, 'confirmed');
    const unsubscribe = mailToken('unsubscribe', ALERT_FORMS.unsubscribe, 'unsubscribed');

    const inBrowser = typeof window !== 'undefined';
    const tokens = inBrowser
      ? [...alertTokensStore.get()]
      : tokensOfHeader(request.headers.get(ALERT_TOKENS_HEADER));
    let alerts: AlertView[] | null = [];
    // In the browser the BFF adds the cookie's tokens: always ask.
    if (inBrowser || tokens.length > 0) {
      try {
        const list = await api.get('alerts', { tokens }, { signal: request.signal });
        const lieuIds = [...new Set(list.items.flatMap(({ alert }) => alert.criteria.lieu ?? []))];
        const lieux = new Map(
          await Promise.all(
            lieuIds.map(async (id) => {
              try {
                return [
                  id,
                  await api.get('lieu', { id, lang }, { signal: request.signal }),
                ] as const;
              } catch {
                return [id, null] as const;
              }
            }),
          ),
        );
        alerts = list.items.map(({ token, alert }) => {
          const lieuId = alert.criteria.lieu ?? null;
          const lieu = lieuId === null ? null : (lieux.get(lieuId) ?? null);
          const criteria = alertPayloadToCriteria(alert.criteria, { config });
          return {
            token,
            alert,
            lieu: lieu
              ? {
                  id: lieu.id,
                  slug: lieu.slug,
                  libelle: lieu.libelle,
                  omr_list_id: lieu.omr_list_id,
                }
              : null,
            searchHref:
              lieuId !== null && !lieu
                ? null
                : searchHref(criteria, lieu?.slug ?? null, lang, config),
          };
        });
      } catch {
        alerts = null;
      }
    }
    const recommendations =
      alerts && alerts.length > 0
        ? await loadRecommendations(api, alerts, config, lang, request.signal)
        : [];
    const confirmed = outcome?.confirmed
      ? { criteria: outcome.confirmed, lieu: outcome.confirmedLieu ?? null }
      : null;
    return {
      status,
      confirm,
      unsubscribe,
      alerts,
      confirmed,
      fromBrowser: inBrowser,
      recommendations,
    };
  },

  status: (data) => (data.status ? (ERROR_STATUS[data.status] ?? 200) : 200),

  head({ i18n, config }) {
    return {
      title: `${i18n._(TITLE)} | ${config.settings.siteName}`,
      description: i18n._(DESCRIPTION),
      robots: 'noindex, follow',
    };
  },

  Component: function Alerts({ data, config, lang }) {
    const { t, i18n } = useLingui();
    const hydrated = useHydrated();
    const revalidator = useRevalidator();
    const heading = useRef<HTMLHeadingElement>(null);
    const [notice, setNotice] = useState<string | null>(null);
    const [failure, setFailure] = useState<string | null>(null);
    const [clicked, setClicked] = useState({ confirm: false, unsubscribe: false });
    const [confirmedNow, setConfirmedNow] = useState<AlertsData['confirmed']>(null);
    const confirmed = confirmedNow ?? data.confirmed;
    const fetcher = useFetcher();
    const location = useLocation();
    // The page's forms post to the page itself (its actions).
    const action = `${location.pathname}${location.search}`;
    const synced = useRef(false);

    // The browser keeps the tokens of the listed alerts (some may come from the cookie only);
    // stored tokens the list was asked with and did not return are gone. Tokens the server did
    // not know of (only in this browser) are asked for once.
    useEffect(() => {
      if (!hydrated || data.alerts === null) return;
      const listed = data.alerts.map((view) => view.token);
      addAlertTokens(...listed);
      const unknown = alertTokensStore.get().filter((token) => !listed.includes(token));
      if (data.fromBrowser) unknown.forEach(removeAlertToken);
      else if (unknown.length > 0 && !synced.current) {
        synced.current = true;
        void revalidator.revalidate();
      }
    }, [hydrated, data.alerts, data.fromBrowser, revalidator]);

    const statusTexts: Record<AlertStatus, string> = {
      created: `${t`Votre demande a bien été enregistrée.`} ${t`Un e-mail va vous être envoyé pour confirmer votre adresse.`}`,
      deleted: t`Votre alerte a bien été supprimée.`,
      confirmed: t`Votre adresse e-mail est confirmée : vous recevrez les nouveaux biens de cette recherche.`,
      unsubscribed: t`Vous ne recevrez plus les e-mails de cette alerte.`,
      'link-invalid': t`Ce lien n'est pas valide. Vérifiez qu'il est complet, tel qu'il figure dans l'e-mail.`,
      'link-gone': t`Cette alerte n'existe plus.`,
      token: t`Ce jeton d'alerte n'est pas valide.`,
      'unknown-alert': t`Cette alerte n'existe pas ou a déjà été supprimée.`,
      unavailable: t`Le service est momentanément indisponible. Veuillez réessayer plus tard.`,
      'email-required': i18n._(emailRequired),
      'email-invalid': i18n._(emailInvalid),
      criteria: t`Les critères de cette recherche ne peuvent pas être enregistrés.`,
      duplicate: t`Une alerte existe déjà pour cette recherche avec cette adresse e-mail.`,
    };
    const isError = data.status !== null && ERROR_TEXT.has(data.status);
    const shownNotice = notice ?? (data.status && !isError ? statusTexts[data.status] : null);
    const shownFailure = failure ?? (data.status && isError ? statusTexts[data.status] : null);

    // The answer of one of the page's forms (shared/page-actions.ts), once per answer.
    const answer = useFormAnswer(fetcher, pageOutcome, ({ outcome, failure: failed }) => {
      if (outcome) {
        const good = !ERROR_TEXT.has(outcome.status) || outcome.status === 'unknown-alert';
        setNotice(good ? statusTexts[outcome.status] : null);
        setFailure(good ? null : statusTexts[outcome.status]);
        if (outcome.form === ALERT_FORMS.confirm && outcome.status === 'confirmed') {
          setClicked((current) => ({ ...current, confirm: true }));
          if (outcome.confirmed)
            setConfirmedNow({ criteria: outcome.confirmed, lieu: outcome.confirmedLieu ?? null });
        }
        if (outcome.form === ALERT_FORMS.unsubscribe && outcome.status === 'unsubscribed') {
          setClicked((current) => ({ ...current, unsubscribe: true }));
        }
      } else {
        // Refused before the action (another site, too many forms), failed, or no network.
        setNotice(null);
        setFailure(failed?.message ?? statusTexts.unavailable);
      }
    });
    useEffect(() => {
      const outcome = answer?.outcome;
      if (outcome?.form === ALERT_FORMS.delete && outcome.token) removeAlertToken(outcome.token);
      if (answer !== undefined) heading.current?.focus();
    }, [answer]);

    return (
      <div className="alerts-page">
        <h1 ref={heading} tabIndex={-1}>
          {t`Mes alertes`}
        </h1>
        <div role="status" className="alerts-page__status">
          {shownNotice ? <p className="notice notice--success">{shownNotice}</p> : null}
        </div>
        <div role="alert" className="alerts-page__status">
          {shownFailure ? <p className="notice notice--error">{shownFailure}</p> : null}
        </div>

        {data.confirm && !clicked.confirm ? (
          <section className="alerts-unsubscribe" aria-labelledby="alerts-confirm-title">
            <h2 id="alerts-confirm-title">{t`Confirmer votre alerte`}</h2>
            <p>{t`Confirmez votre adresse e-mail pour recevoir les nouveaux biens de cette recherche.`}</p>
            <fetcher.Form method="post" action={action}>
              <input type="hidden" name={FORM_FIELD} value={ALERT_FORMS.confirm} />
              <input type="hidden" name="token" value={data.confirm} />
              <button type="submit" className="button" aria-disabled={fetcher.state !== 'idle'}>
                {t`Confirmer mon adresse e-mail`}
              </button>
            </fetcher.Form>
          </section>
        ) : null}

        {data.unsubscribe && !clicked.unsubscribe ? (
          <section className="alerts-unsubscribe" aria-labelledby="alerts-unsubscribe-title">
            <h2 id="alerts-unsubscribe-title">{t`Se désabonner`}</h2>
            <p>{t`Voulez-vous ne plus recevoir les e-mails de cette alerte ?`}</p>
            <fetcher.Form method="post" action={action}>
              <input type="hidden" name={FORM_FIELD} value={ALERT_FORMS.unsubscribe} />
              <input type="hidden" name="token" value={data.unsubscribe} />
              <button type="submit" className="button" aria-disabled={fetcher.state !== 'idle'}>
                {t`Ne plus recevoir ces e-mails`}
              </button>
            </fetcher.Form>
          </section>
        ) : null}

        <section aria-labelledby="alerts-list-title">
          <h2 id="alerts-list-title">{t`Mes recherches sauvegardées`}</h2>
          {data.alerts === null ? (
            <p>{t`Vos alertes n'ont pas pu être chargées pour le moment. Veuillez réessayer plus tard.`}</p>
          ) : data.alerts.length === 0 && confirmed ? (
            // Confirmed from a device that keeps no alert: the confirmed search, not 'none'.
            <ConfirmedAlert confirmed={confirmed} config={config} lang={lang} />
          ) : data.alerts.length === 0 ? (
            <p className="alerts-page__empty">{t`Vous n'avez aucune recherche sauvegardée à ce jour.`}</p>
          ) : (
            <ul className="alerts-list">
              {data.alerts.map((view) => (
                <AlertItem
                  key={view.token}
                  view={view}
                  config={config}
                  lang={lang}
                  fetcher={fetcher}
                  action={action}
                />
              ))}
            </ul>
          )}
        </section>

        {data.recommendations.length > 0 ? (
          <section aria-labelledby="alerts-reco-title" className="alerts-reco">
            <h2 id="alerts-reco-title">{t`Nos recommandations`}</h2>
            <p>{t`Les derniers biens qui correspondent à vos recherches.`}</p>
            <ul className="selection-grid">
              {data.recommendations.map((offer) => (
                <li key={offer.id}>
                  <OfferCard
                    offer={offer}
                    lang={lang}
                    config={config}
                    actions={<FavouriteButton offer={offer} />}
                  />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    );
  },
});

/** The texts describing a saved search: its title and its criteria, one line each. */
function useAlertDescription(
  criteria: AlertCriteria,
  lieu: AlertView['lieu'],
  config: Config,
  lang: Lang,
) {
  const { t, i18n } = useLingui();
  const index = indexConfig(config);
  const nature = index.natures.get(criteria.nature)?.libelle[lang] ?? criteria.nature;
  const rubriques = (criteria.rubrique ?? []).flatMap(
    (id) => index.rubriques.get(id)?.libelle[lang] ?? [],
  );
  const place = lieu?.libelle ?? (criteria.lieu ? null : config.genericLieu.libelle[lang]);
  const title = [nature, rubriques.length > 0 ? rubriques.join(', ') : null, place]
    .filter((part): part is string => Boolean(part))
    .join(' · ');

  const facts: { label: string; value: string }[] = [];
  const amount = (n: number) => formatPrice(n, criteria.nature, lang);
  const range = (
    min: number | null | undefined,
    max: number | null | undefined,
    show: (n: number) => string,
  ) => {
    if (min != null && max != null) {
      const from = show(min);
      const to = show(max);
      return t`de ${from} à ${to}`;
    }
    if (min != null) {
      const from = show(min);
      return t`à partir de ${from}`;
    }
    if (max != null) {
      const to = show(max);
      return t`jusqu'à ${to}`;
    }
    return null;
  };
  const priceLabel =
    criteria.nature === 'V'
      ? t`Prix`
      : criteria.nature === 'L'
        ? t`Loyer mensuel`
        : t`Loyer hebdomadaire`;
  const price = range(criteria.prix_min, criteria.prix_max, amount);
  if (price) facts.push({ label: priceLabel, value: price });
  if (criteria.nb_pieces != null) {
    const rooms = criteria.nb_pieces;
    facts.push({
      label: t`Pièces`,
      value: t`${plural(rooms, { one: '# pièce et plus', other: '# pièces et plus' })}`,
    });
  }
  if (criteria.nb_chambres != null) {
    const bedrooms = criteria.nb_chambres;
    facts.push({
      label: t`Chambres`,
      value: t`${plural(bedrooms, { one: '# chambre et plus', other: '# chambres et plus' })}`,
    });
  }
  const surface = range(criteria.surface_min, criteria.surface_max, (n) => formatSurface(n, lang));
  if (surface) facts.push({ label: t`Surface`, value: surface });
  const land = range(criteria.surface_terrain_min, criteria.surface_terrain_max, (n) =>
    formatSurface(n, lang),
  );
  if (land) facts.push({ label: t`Terrain`, value: land });
  if (criteria.dpe_max) {
    facts.push({ label: t`Performance énergétique`, value: dpeMaxLabel(i18n, criteria.dpe_max) });
  }
  if (criteria.atouts && criteria.atouts.length > 0) {
    facts.push({
      label: t`Atouts`,
      value: criteria.atouts
        .map((key) => (ASSET_LABELS[key] ? i18n._(ASSET_LABELS[key]) : key))
        .join(', '),
    });
  }
  return { title, facts };
}

/** An alert's criteria as a list of facts, followed by the facts of its state. */
function AlertFacts({
  facts,
  children,
}: {
  facts: ReturnType<typeof useAlertDescription>['facts'];
  children: ReactNode;
}) {
  return (
    <dl className="alert-item__facts">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
      {children}
    </dl>
  );
}

/** The search a mail link confirmed, as the list would show it (without its actions). */
function ConfirmedAlert({
  confirmed,
  config,
  lang,
}: {
  confirmed: NonNullable<AlertsData['confirmed']>;
  config: Config;
  lang: Lang;
}) {
  const { t } = useLingui();
  const lieu = confirmed.lieu;
  const { title, facts } = useAlertDescription(
    confirmed.criteria,
    lieu === null ? null : { id: 0, slug: '', libelle: lieu, omr_list_id: null },
    config,
    lang,
  );
  return (
    <ul className="alerts-list">
      <li className="alert-item">
        <article aria-labelledby="alert-confirmed">
          <h3 id="alert-confirmed" className="alert-item__title">
            {title}
          </h3>
          <AlertFacts facts={facts}>
            <div>
              <dt>{t`État`}</dt>
              <dd>{t`Adresse confirmée`}</dd>
            </div>
          </AlertFacts>
        </article>
      </li>
    </ul>
  );
}

function AlertItem({
  view,
  config,
  lang,
  fetcher,
  action,
}: {
  view: AlertView;
  config: Config;
  lang: Lang;
  fetcher: FetcherWithComponents<unknown>;
  action: string;
}) {
  const { t } = useLingui();
  const { title, facts } = useAlertDescription(view.alert.criteria, view.lieu, config, lang);
  const titleId = `alert-${view.alert.id}`;
  const email = view.alert.email;
  return (
    <li className="alert-item">
      <article aria-labelledby={titleId}>
        <h3 id={titleId} className="alert-item__title">
          {title}
        </h3>
        <AlertFacts facts={facts}>
          <div>
            <dt>{t`E-mail`}</dt>
            <dd>{email}</dd>
          </div>
          <div>
            <dt>{t`État`}</dt>
            <dd>
              {view.alert.confirmed_at
                ? t`Adresse confirmée`
                : t`En attente de confirmation : cliquez sur le lien de l'e-mail reçu`}
            </dd>
          </div>
        </AlertFacts>
        <div className="alert-item__actions">
          {view.searchHref ? (
            <Link to={view.searchHref} className="button">
              {t`Voir les biens`}
              <span className="visually-hidden"> : {title}</span>
            </Link>
          ) : null}
          <fetcher.Form method="post" action={action}>
            <input type="hidden" name={FORM_FIELD} value={ALERT_FORMS.delete} />
            <input type="hidden" name="token" value={view.token} />
            <button type="submit" className="alert-item__delete">
              {t`Supprimer l'alerte`}
              <span className="visually-hidden"> : {title}</span>
            </button>
          </fetcher.Form>
        </div>
      </article>
    </li>
  );
}
