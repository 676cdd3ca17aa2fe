import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { defineScreen } from '../app/screen';
import { PRO_CACHE, proHead, requireProUser } from '../components/pro/session';
import { ProShell } from '../components/pro/shell';

// The audience of the agency's listings (/fr/espace-pro/audience/, /en/pro/audience/).

export default defineScreen({
  async loader(args) {
    return { me: await requireProUser(args) };
  },
  cache: PRO_CACHE,
  head: ({ i18n }) => proHead(i18n._(msg`Audience de vos annonces`)),
  Component: function ProAudience({ data, config, lang }) {
    const { t } = useLingui();
    return (
      <ProShell
        me={data.me}
        current="proAudience"
        lang={lang}
        config={config}
        title={t`Audience de vos annonces`}
      >
        <p>{t`Les chiffres d'audience de vos annonces arrivent bientôt ici.`}</p>
      </ProShell>
    );
  },
});
