import { Form, Link, useActionData } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import * as v from 'valibot';
import type { Lang } from '../../shared/contract';
import { feedReasonText } from '../../shared/pro-feed-reasons';
import { FORM_FIELD } from '../../shared/page-actions';
import { isPortalApiError } from '../../shared/portal-api';
import {
  FEED_PARAMS,
  FeedUploadRefusalSchema,
  proFeedsPath,
  type FeedRunStatus,
  type FeedUploadRefusal,
  type FeedCounts,
  type ProFeedReport,
  type ProFeedRun,
} from '../../shared/pro-feeds';
import { defineScreen } from '../app/screen';
import { FeedUploadForm } from '../components/pro-feeds/upload-form';
import { PRO_CACHE, proHead, requireProUser } from '../components/pro/session';
import { ScrollRegion } from '../components/pro/scroll-region';
import { ProShell } from '../components/pro/shell';
import {
  FEED_KEY_CONFIRM,
  FEED_KEY_FORM,
  feedKeyOutcome,
  type FeedKeyOutcome,
} from '../components/pro-feeds/feed-key';
import '../styles/pro-feeds.css';

// The agency's feeds (/fr/espace-pro/flux/, /en/pro/feeds/): its import runs (time, counts by
// outcome, duration), a feed to send from the browser, and its feed key (an owner makes a new
// one, after a confirmation step; the key is shown once). `?run=<id>` shows one run's report: its
// rejected rows (line, reference, column, reason) and failed photos, then the offers it withdrew,
// each list paged on the server (`problems`, `withdrawn`). `?refused=<why>` says why an upload
// sent without JavaScript was refused. The key's action is in ./pro-feeds.server.ts.

const pageParam = v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number), v.minValue(1));
const pageOf = (url: URL, name: string) => {
  const parsed = v.safeParse(pageParam, url.searchParams.get(name) ?? '');
  return parsed.success ? parsed.output : 1;
};

export default defineScreen({
  async loader(args) {
    const { api, url, request, posted } = args;
    const me = await requireProUser(args);
    const signal = request.signal;
    const runId = url.searchParams.get(FEED_PARAMS.run);
    const keyPosted = feedKeyOutcome(posted);
    if (runId !== null) {
      try {
        const report = await api.get(
          'proFeedReport',
          {
            id: runId,
            problems: pageOf(url, FEED_PARAMS.problems),
            withdrawn: pageOf(url, FEED_PARAMS.withdrawn),
          },
          { signal },
        );
        return { me, view: 'report' as const, report };
      } catch (error) {
        // Another agency's run, or none: not there for this user.
        if (isPortalApiError(error) && (error.status === 404 || error.status === 400)) {
          throw new Response('Not Found', { status: 404 });
        }
        throw error;
      }
    }
    const refused = v.safeParse(FeedUploadRefusalSchema, url.searchParams.get(FEED_PARAMS.refused));
    const [runs, key] = await Promise.all([
      api.get('proFeedRuns', { page: pageOf(url, FEED_PARAMS.runsPage) }, { signal }),
      api.get('proFeedKey', {}, { signal }),
    ]);
    return {
      me,
      view: 'list' as const,
      runs,
      key,
      refused: refused.success ? refused.output : null,
      confirmKey: url.searchParams.get('key') === FEED_KEY_CONFIRM,
      keyPosted,
    };
  },
  cache: PRO_CACHE,
  head: ({ i18n, data }) =>
    proHead(
      data.view === 'report'
        ? i18n._(msg`Rapport d'import du flux`)
        : i18n._(msg`Vos flux d'annonces`),
    ),
  Component: function ProFeeds({ data, config, lang }) {
    const { t } = useLingui();
    return (
      <ProShell
        me={data.me}
        current="proFeeds"
        lang={lang}
        config={config}
        title={data.view === 'report' ? t`Rapport d'import du flux` : t`Vos flux d'annonces`}
      >
        {data.view === 'report' ? (
          <RunReport report={data.report} lang={lang} />
        ) : (
          <FeedsHome
            lang={lang}
            runs={data.runs}
            keyCreatedAt={data.key.createdAt}
            refused={data.refused}
            owner={data.me.user.role === 'owner'}
            confirmKey={data.confirmKey}
            keyPosted={data.keyPosted}
          />
        )}
      </ProShell>
    );
  },
});

// ---------------------------------------------------------------------------------------------

function formatDate(i18n: I18n, iso: string): string {
  return i18n.date(new Date(iso), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Paris',
  });
}

function formatDuration(i18n: I18n, ms: number | null): string {
  if (ms === null) return '–';
  const seconds = ms / 1000;
  if (seconds < 60)
    return i18n.number(seconds, { style: 'unit', unit: 'second', maximumFractionDigits: 1 });
  return i18n.number(seconds / 60, { style: 'unit', unit: 'minute', maximumFractionDigits: 1 });
}

function useStatusLabel(): (status: FeedRunStatus) => string {
  const { t } = useLingui();
  return (status) =>
    ({
      queued: t`En file d'attente`,
      running: t`En cours`,
      done: t`Importé`,
      rejected: t`Refusé`,
      failed: t`Échoué`,
    })[status];
}

function useSourceLabel(): (source: ProFeedRun['source']) => string {
  const { t } = useLingui();
  return (source) =>
    ({ inbox: t`Dépôt FTP`, http: t`Envoi HTTP`, cli: t`Ligne de commande` })[source];
}

function useRefusalMessage(): (refused: FeedUploadRefusal) => string {
  const { t } = useLingui();
  return (refused) =>
    ({
      'too-large': t`Le fichier est trop volumineux : allégez les photos ou envoyez le flux en plusieurs fois.`,
      type: t`Ce fichier n'est pas une archive .zip : envoyez votre flux (annonces.csv et ses photos) dans une archive .zip.`,
      archive: t`Cette archive ne peut pas être lue comme un flux : elle doit contenir annonces.csv, sans chemin hors de l'archive ni fichier anormalement compressé.`,
      empty: t`Le fichier envoyé est vide.`,
      'too-many': t`Trop d'envois en peu de temps : réessayez dans quelques minutes.`,
      session: t`Votre session a pris fin : reconnectez-vous pour envoyer votre flux.`,
      'cross-site': t`Cet envoi ne vient pas de cette page : rechargez-la et réessayez.`,
      unavailable: t`L'envoi n'a pas abouti : réessayez dans quelques instants.`,
    })[refused];
}

function Counts({ counts }: { counts: FeedCounts }) {
  const { t, i18n } = useLingui();
  const n = (value: number) => i18n.number(value);
  const rows: [string, number][] = [
    [t`Lignes`, counts.rows],
    [t`Créées`, counts.created],
    [t`Mises à jour`, counts.updated],
    [t`Inchangées`, counts.unchanged],
    [t`Retirées`, counts.withdrawn],
    [t`Rejetées`, counts.rejected],
    [t`Photos en échec`, counts.photosFailed],
  ];
  return (
    <dl className="pro-feeds__counts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{n(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Previous and next links of a paged list, keeping the other parameters of the page. */
function Pager({
  total,
  page,
  pageSize,
  param,
  base,
  label,
}: {
  total: number;
  page: number;
  pageSize: number;
  param: string;
  base: URLSearchParams;
  label: string;
}) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const to = (p: number) => {
    const query = new URLSearchParams(base);
    query.set(param, String(p));
    return `?${query}`;
  };
  return (
    <nav className="pro-feeds__pager" aria-label={label}>
      {page > 1 && <Link to={to(page - 1)}>{t`Page précédente`}</Link>}
      <span>{t`Page ${page} sur ${pages}`}</span>
      {page < pages && <Link to={to(page + 1)}>{t`Page suivante`}</Link>}
    </nav>
  );
}

function RunReport({ report, lang }: { report: ProFeedReport; lang: Lang }) {
  const { t, i18n } = useLingui();
  const statusLabel = useStatusLabel();
  const pending = report.status === 'queued' || report.status === 'running';
  const base = new URLSearchParams({
    [FEED_PARAMS.run]: report.id,
    [FEED_PARAMS.problems]: String(report.problems.page),
    [FEED_PARAMS.withdrawn]: String(report.withdrawn.page),
  });
  const self = `${proFeedsPath(lang)}?${new URLSearchParams({ [FEED_PARAMS.run]: report.id })}`;
  return (
    <div className="pro-feeds">
      <p>
        <Link to={proFeedsPath(lang)}>{t`Tous vos imports`}</Link>
      </p>
      <p className="pro-feeds__status" role="status">
        {t`Reçu le ${formatDate(i18n, report.receivedAt)} : ${statusLabel(report.status)}`}
        {report.durationMs !== null && ` · ${t`durée ${formatDuration(i18n, report.durationMs)}`}`}
      </p>
      {pending && (
        <p>
          {t`Votre flux attend son import, qui prend en général moins d'une minute.`}{' '}
          <Link to={self}>{t`Actualiser le rapport`}</Link>
        </p>
      )}
      {report.reason && (
        <p className="pro-feeds__reason">
          {t`Motif :`} {feedReasonText(i18n, report.reason)}
        </p>
      )}
      {!pending && <Counts counts={report.counts} />}

      <section>
        <h2 id="feed-problems">{t`Lignes rejetées et photos en échec`}</h2>
        {report.problems.total === 0 ? (
          <p>{pending ? t`Le rapport sera prêt après l'import.` : t`Aucune ligne en erreur.`}</p>
        ) : (
          <>
            {/* The region is the section's one landmark of that name (the section has none). */}
            <ScrollRegion labelledBy="feed-problems">
              <table className="pro-feeds__table">
                <thead>
                  <tr>
                    <th scope="col">{t`Ligne`}</th>
                    <th scope="col">{t`Référence`}</th>
                    <th scope="col">{t`Colonne`}</th>
                    <th scope="col">{t`Motif`}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.problems.items.map((row) => (
                    <tr key={row.line}>
                      <th scope="row">{i18n.number(row.line)}</th>
                      <td>
                        {row.paths ? (
                          <Link to={row.paths[lang]}>{row.reference}</Link>
                        ) : (
                          (row.reference ?? '–')
                        )}
                      </td>
                      <td>
                        {row.column
                          ? row.position !== null
                            ? `${row.column} (${row.position})`
                            : row.column
                          : '–'}
                      </td>
                      <td>
                        {row.reason && <p>{feedReasonText(i18n, row.reason)}</p>}
                        {row.photoProblems.length > 0 && (
                          <>
                            <p>{t`Photos non utilisées :`}</p>
                            <ul>
                              {row.photoProblems.map((problem, i) => (
                                <li key={i}>{feedReasonText(i18n, problem)}</li>
                              ))}
                            </ul>
                          </>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <Pager
              {...report.problems}
              param={FEED_PARAMS.problems}
              base={base}
              label={t`Pages des lignes en erreur`}
            />
          </>
        )}
      </section>

      <section aria-labelledby="feed-withdrawn">
        <h2 id="feed-withdrawn">{t`Annonces retirées`}</h2>
        {report.withdrawn.total === 0 ? (
          <p>{t`Aucune annonce retirée par cet import.`}</p>
        ) : (
          <>
            <ul className="pro-feeds__withdrawn">
              {report.withdrawn.items.map((offer) => (
                <li key={offer.offerId}>
                  {offer.paths ? (
                    <Link to={offer.paths[lang]}>{offer.reference}</Link>
                  ) : (
                    offer.reference
                  )}
                </li>
              ))}
            </ul>
            <Pager
              {...report.withdrawn}
              param={FEED_PARAMS.withdrawn}
              base={base}
              label={t`Pages des annonces retirées`}
            />
          </>
        )}
      </section>
    </div>
  );
}

function FeedsHome({
  lang,
  runs,
  keyCreatedAt,
  refused,
  owner,
  confirmKey,
  keyPosted,
}: {
  lang: Lang;
  runs: { total: number; page: number; pageSize: number; items: ProFeedRun[] };
  keyCreatedAt: string | null;
  refused: FeedUploadRefusal | null;
  owner: boolean;
  confirmKey: boolean;
  keyPosted: FeedKeyOutcome | null;
}) {
  const { t, i18n } = useLingui();
  const statusLabel = useStatusLabel();
  const sourceLabel = useSourceLabel();
  const refusal = useRefusalMessage();
  const actionData = feedKeyOutcome(useActionData()) ?? keyPosted;
  const page = proFeedsPath(lang);
  return (
    <div className="pro-feeds">
      <section aria-labelledby="feed-send">
        <h2 id="feed-send">{t`Envoyer un flux`}</h2>
        <p>
          {t`Votre flux est votre stock complet : les annonces absentes du fichier sont retirées du portail.`}
        </p>
        {refused && (
          <p className="pro-feeds__error" role="alert">
            {refusal(refused)}
          </p>
        )}
        <FeedUploadForm lang={lang} />
      </section>

      <section>
        <h2 id="feed-runs">{t`Imports récents`}</h2>
        {runs.total === 0 ? (
          <p>{t`Aucun import de flux pour l'instant.`}</p>
        ) : (
          <>
            <ScrollRegion labelledBy="feed-runs">
              <table className="pro-feeds__table">
                <thead>
                  <tr>
                    <th scope="col">{t`Reçu le`}</th>
                    <th scope="col">{t`Statut`}</th>
                    <th scope="col">{t`Lignes`}</th>
                    <th scope="col">{t`Créées`}</th>
                    <th scope="col">{t`Mises à jour`}</th>
                    <th scope="col">{t`Inchangées`}</th>
                    <th scope="col">{t`Retirées`}</th>
                    <th scope="col">{t`Rejetées`}</th>
                    <th scope="col">{t`Photos en échec`}</th>
                    <th scope="col">{t`Durée`}</th>
                  </tr>
                </thead>
                <tbody>
                  {runs.items.map((run) => (
                    <tr key={run.id}>
                      <th scope="row">
                        <Link to={`${page}?${new URLSearchParams({ [FEED_PARAMS.run]: run.id })}`}>
                          {formatDate(i18n, run.receivedAt)}
                        </Link>
                        <span className="pro-feeds__source">{sourceLabel(run.source)}</span>
                      </th>
                      <td>{statusLabel(run.status)}</td>
                      <td>{i18n.number(run.counts.rows)}</td>
                      <td>{i18n.number(run.counts.created)}</td>
                      <td>{i18n.number(run.counts.updated)}</td>
                      <td>{i18n.number(run.counts.unchanged)}</td>
                      <td>{i18n.number(run.counts.withdrawn)}</td>
                      <td>{i18n.number(run.counts.rejected)}</td>
                      <td>{i18n.number(run.counts.photosFailed)}</td>
                      <td>{formatDuration(i18n, run.durationMs)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            <Pager
              {...runs}
              param={FEED_PARAMS.runsPage}
              base={new URLSearchParams()}
              label={t`Pages des imports`}
            />
          </>
        )}
      </section>

      <section aria-labelledby="feed-key">
        <h2 id="feed-key">{t`Clé de flux`}</h2>
        <p>
          {keyCreatedAt
            ? t`Votre logiciel envoie le flux avec la clé de votre agence, créée le ${formatDate(i18n, keyCreatedAt)}.`
            : t`Votre agence n'a pas encore de clé de flux.`}
        </p>
        {actionData?.status === 'rotated' ? (
          <div className="pro-feeds__key" role="status">
            <p>
              {t`Votre nouvelle clé de flux est ci-dessous. Copiez-la maintenant : elle ne sera plus jamais affichée. L'ancienne clé est déjà refusée.`}
            </p>
            <p>
              <code className="pro-feeds__key-value" aria-label={t`Nouvelle clé de flux`}>
                {actionData.key}
              </code>
            </p>
          </div>
        ) : !owner ? (
          <p>{t`Seul le propriétaire du compte de l'agence peut remplacer la clé.`}</p>
        ) : confirmKey ? (
          <Form method="post" action={page} className="pro-feeds__confirm">
            <p>
              {t`L'ancienne clé sera refusée dès maintenant : votre logiciel devra utiliser la nouvelle pour envoyer son flux.`}
            </p>
            <input type="hidden" name={FORM_FIELD} value={FEED_KEY_FORM} />
            <button type="submit" className="pro__button">
              {t`Confirmer : remplacer la clé`}
            </button>{' '}
            <Link to={page}>{t`Annuler`}</Link>
          </Form>
        ) : (
          <p>
            <Link to={`${page}?key=${FEED_KEY_CONFIRM}`}>{t`Remplacer la clé de flux…`}</Link>
          </p>
        )}
        {actionData?.status === 'failed' && (
          <p className="pro-feeds__error" role="alert">
            {t`La clé n'a pas pu être remplacée : réessayez dans quelques instants.`}
          </p>
        )}
      </section>
    </div>
  );
}
