import { Link } from 'react-router';
import { Plural, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { href } from '../../shared/routes';
import { defineScreen } from '../app/screen';
import { PRO_CACHE, proHead, requireProUser } from '../components/pro/session';
import { ProShell } from '../components/pro/shell';

// The professional space's home (/fr/espace-pro/, /en/pro/): a short summary of the agency's
// leads and feed, and the way to each section. Its actions (./pro-dashboard.server.ts) are the
// shell's sign-out buttons.

export default defineScreen({
  async loader(args) {
    const me = await requireProUser(args);
    const summary = await args.api.get('proDashboard', {}, { signal: args.request.signal });
    return { me, summary };
  },
  cache: PRO_CACHE,
  head: ({ i18n }) => proHead(i18n._(msg`Espace professionnel`)),
  Component: function ProDashboard({ data, config, lang }) {
    const { t, i18n } = useLingui();
    const { me, summary } = data;
    const to = (screen: 'proLeads' | 'proAudience' | 'proFeeds' | 'proTeam') =>
      href(screen, {}, lang, config);
    const run = summary.latest_feed_run;
    const newLeads = summary.new_leads;
    return (
      <ProShell me={me} current="proDashboard" lang={lang} config={config} title={me.agency.name}>
        <ul className="pro-summary">
          <li>
            <Link to={`${to('proLeads')}?state=new`}>
              <Plural value={newLeads} one="# prospect à traiter" other="# prospects à traiter" />
            </Link>
          </li>
          <li>
            <Plural
              value={summary.leads_30_days}
              one="# demande reçue ces 30 derniers jours"
              other="# demandes reçues ces 30 derniers jours"
            />
          </li>
          <li>
            {run ? (
              <Link to={to('proFeeds')}>
                {t`Dernier import du flux : ${i18n.date(new Date(run.started_at), {
                  dateStyle: 'long',
                  timeStyle: 'short',
                  timeZone: 'Europe/Paris',
                })}`}
              </Link>
            ) : (
              <Link to={to('proFeeds')}>{t`Aucun import de flux pour l'instant`}</Link>
            )}
          </li>
        </ul>
      </ProShell>
    );
  },
});
