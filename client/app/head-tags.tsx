import type { Lang } from '../../shared/contract';
import { scriptSafeJson } from './shell';
import type { Head } from './screen';

const OG_LOCALE: Record<Lang, string> = { fr: 'fr_FR', en: 'en_GB' };

function absolute(origin: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${origin}${path}`;
}

/**
 * A page's head: title, description, canonical, hreflang alternates, Open Graph and JSON-LD.
 * React 19 places <title>, <meta> and <link> in the document's <head> wherever they render,
 * and replaces them on client navigations.
 */
export function HeadTags({
  head,
  lang,
  origin,
  canonical,
  alternates,
  siteName,
}: {
  head: Head;
  lang: Lang;
  origin: string;
  canonical: string | undefined;
  alternates: Partial<Record<Lang | 'x-default', string>>;
  siteName: string;
}) {
  const canonicalUrl = absolute(origin, head.canonical ?? canonical ?? `/${lang}/`);
  // A screen that reads its query (search filters) gives alternates built from what it read.
  const links = head.alternates ?? alternates;
  return (
    <>
      <title>{head.title}</title>
      {head.description ? <meta name="description" content={head.description} /> : null}
      {head.robots ? <meta name="robots" content={head.robots} /> : null}
      <link rel="canonical" href={canonicalUrl} />
      {Object.entries(links).map(([hreflang, path]) =>
        path ? (
          <link key={hreflang} rel="alternate" hrefLang={hreflang} href={absolute(origin, path)} />
        ) : null,
      )}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={head.title} />
      {head.description ? <meta property="og:description" content={head.description} /> : null}
      <meta property="og:url" content={canonicalUrl} />
      <meta property="og:locale" content={OG_LOCALE[lang]} />
      {head.image ? <meta property="og:image" content={absolute(origin, head.image)} /> : null}
      {(head.jsonLd ?? []).map((item, i) => (
        <script
          key={i}
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: scriptSafeJson(item) }}
        />
      ))}
    </>
  );
}
