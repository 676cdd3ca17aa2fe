import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { defineScreen } from '../app/screen';
import { PRO_CACHE, proHead, requireProUser } from '../components/pro/session';
import { ProShell } from '../components/pro/shell';

// The agency's feed imports (/fr/espace-pro/flux/, /en/pro/feeds/).

export default defineScreen({
  async loader(args) {
    return { me: await requireProUser(args) };
  },
  cache: PRO_CACHE,
  head: ({ i18n }) => proHead(i18n._(msg`Vos flux d'annonces`)),
  Component: function ProFeeds({ data, config, lang }) {
    const { t } = useLingui();
    return (
      <ProShell
        me={data.me}
        current="proFeeds"
        lang={lang}
        config={config}
        title={t`Vos flux d'annonces`}
      >
        <p>{t`Les rapports d'import de vos flux arrivent bientôt ici.`}</p>
      </ProShell>
    );
  },
});
