import type { ComponentType } from 'react';
import { useLingui } from '@lingui/react/macro';
import '../../styles/legal.css';
import type { Lang, Publisher } from '../../../shared/contract';
import { formatDate } from '../../../shared/format';
import { linkBuilder, type LinkTo } from '../../app/links';
import type { CachePolicy } from '../../../shared/cache-policy';
import { defineScreen } from '../../app/screen';
import { LEGAL_UPDATED } from './company';

// The legal pages (terms of use, legal notice, personal data, cookies, ranking): static texts
// written per language in client/content/legal/, in one frame with the date of the last update
// and links between them. They change rarely: cached a day at the edge.

export interface LegalBodyProps {
  to: LinkTo;
  lang: Lang;
  /** The portal's name, the settings' siteName (the header and the mails say the same). */
  siteName: string;
  /** Who publishes the portal and hosts it: the settings' publisher. */
  publisher: Publisher;
}

export interface LegalDocument {
  title: string;
  description: string;
  Body: ComponentType<LegalBodyProps>;
}

export const LEGAL_CACHE: CachePolicy = { sMaxAge: 86_400, staleWhileRevalidate: 604_800 };

/** An external link of the legal texts. */
export function ExternalLink({ href, children }: { href: string; children?: string }) {
  return (
    <a href={href} rel="noopener noreferrer">
      {children ?? href.replace(/^https?:\/\//, '')}
    </a>
  );
}

/** A mailto link. */
export function Mail({ address }: { address: string }) {
  return <a href={`mailto:${address}`}>{address}</a>;
}

export function legalScreen(documents: Record<Lang, LegalDocument>) {
  return defineScreen({
    async loader() {
      return {};
    },
    head({ lang }) {
      return { title: documents[lang].title, description: documents[lang].description };
    },
    cache: LEGAL_CACHE,
    Component: function LegalPage({ lang, config }) {
      const { t } = useLingui();
      const doc = documents[lang];
      const updated = formatDate(LEGAL_UPDATED, lang);
      return (
        <article className="legal">
          <h1>{doc.title}</h1>
          <p className="legal__updated">{t`Dernière mise à jour : ${updated}`}</p>
          <doc.Body
            to={linkBuilder(lang, config)}
            lang={lang}
            siteName={config.settings.siteName}
            publisher={config.settings.publisher}
          />
        </article>
      );
    },
  });
}
