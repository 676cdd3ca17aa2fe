import { useEffect } from 'react';
import { Link, redirect, useLocation } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import '../styles/agency.css';
import type {
  AgencyDetail,
  Config,
  Lang,
  NatureId,
  OfferList,
  ReviewList,
} from '../../shared/contract';
import { indexConfig } from '../../shared/config-index';
import {
  CONTACT_STATUS_CODES,
  pageFormState,
  type ContactPageState,
} from '../../shared/contact-outcome';
import { href } from '../../shared/routes';
import { defineScreen } from '../app/screen';
import { ContactForm } from '../components/contact-form';
import { recordVisit } from '../hooks/use-navigation-memory';
import { AgencyOffers } from '../components/agency/agency-offers';
import {
  AGENCY_OFFERS_PAGE_SIZE,
  natureOfSlug,
  pageCount,
  parsePage,
  pickNature,
} from '../components/agency/directory-query';
import { FeeScale } from '../components/agency/fee-scale';
import { Reviews, reviewAnchor } from '../components/agency/reviews';
import { agencyJsonLd } from '../components/agency/json-ld';
import { useNatureHash } from '../components/agency/use-nature-hash';

// The agency page (/fr/annuaire-immobilier-luxe/agence/{agence}/, /en/luxury-real-estate-agencies/
// agency/{agence}/): the agency, its offers by nature (nature and page in the query; a nature in
// the hash of a link opens that nature), its reviews from the reviews service, its fee scale and
// the contact form. An inactive agency is shown as such; an unknown one is a 404.

/** The query key of the reviews shown: ?avis=2 shows the first 8 (works without JavaScript). */
export const REVIEWS_PARAM = 'avis';
const REVIEWS_PAGE_SIZE = 4;
const MAX_REVIEWS = 48;

/** How long the reviews service may take before the page goes on without its block. */
export const REVIEWS_WAIT_MS = 2500;

export interface AgencyData {
  agency: AgencyDetail;
  nature: NatureId;
  page: number;
  pages: number;
  offers: OfferList | null;
  /** null when the reviews service failed or was too slow: the block is left out. */
  reviews: ReviewList | null;
  /** How many pages of reviews are shown (?avis=n: the first 4 × n). */
  reviewsPage: number;
  /** The contact form's outcome after a post without JavaScript. */
  contact: ContactPageState | null;
}

/** Status of the page after the contact form was posted without JavaScript. */
/** The link to one more page of reviews: the same page, the first new review as its target. */
function moreReviewsHref(search: string, pathname: string, next: number, shown: number): string {
  const query = new URLSearchParams(search);
  query.set(REVIEWS_PARAM, String(next));
  return `${pathname}?${query}#${reviewAnchor(shown + 1)}`;
}

export function agencyHref(
  slug: string,
  nature: NatureId,
  page: number,
  defaultNature: NatureId,
  lang: Lang,
  config: Config,
): string {
  const query = new URLSearchParams();
  const natureSlug = indexConfig(config).natures.get(nature)?.slug[lang];
  if (nature !== defaultNature && natureSlug) query.set('nature', natureSlug);
  if (page > 1) query.set('page', String(page));
  return href('agency', { agence: slug }, lang, config, { query });
}

export default defineScreen({
  async loader({ api, config, lang, match, url, request, posted }): Promise<AgencyData> {
    const { signal } = request;
    const slug = (match.params as { agence: string }).agence;
    const agency = await api.get('agency', { slug, lang }, { signal });
    const asked = natureOfSlug(url.searchParams.get('nature'), lang, config);
    const nature = pickNature(asked, agency.offerCounts, config);
    const page = parsePage(url.searchParams.get('page'));
    const reviewsPage = Math.min(
      parsePage(url.searchParams.get(REVIEWS_PARAM)),
      MAX_REVIEWS / REVIEWS_PAGE_SIZE,
    );
    const count = agency.offerCounts[nature] ?? 0;
    const reviewsSignal = AbortSignal.any([signal, AbortSignal.timeout(REVIEWS_WAIT_MS)]);
    const [offers, reviews] = await Promise.all([
      count > 0
        ? api.get(
            'agencyOffers',
            { agency: agency.id, nature, page, limit: AGENCY_OFFERS_PAGE_SIZE, lang },
            { signal },
          )
        : Promise.resolve(null),
      // The reviews service being down hides the block, not the page.
      api
        .get(
          'reviews',
          { agency: agency.id, lang, limit: reviewsPage * REVIEWS_PAGE_SIZE },
          { signal: reviewsSignal },
        )
        .catch(() => null),
    ]);
    // More reviews asked than there are: the last page that shows some.
    const reviewsPages = pageCount(reviews?.total ?? 0, REVIEWS_PAGE_SIZE);
    if (reviews && reviewsPage > Math.max(1, reviewsPages)) {
      const to = new URL(url.href);
      if (reviewsPages > 1) to.searchParams.set(REVIEWS_PARAM, String(reviewsPages));
      else to.searchParams.delete(REVIEWS_PARAM);
      throw redirect(`${to.pathname}${to.search}`);
    }
    const pages = pageCount(offers?.total ?? 0, AGENCY_OFFERS_PAGE_SIZE);
    if (page > pages) {
      const defaultNature = pickNature(undefined, agency.offerCounts, config);
      throw redirect(agencyHref(agency.slug, nature, 1, defaultNature, lang, config));
    }
    const form = pageFormState(posted);
    const contact = form?.form === 'contact' && form.target.agency_id === agency.id ? form : null;
    return { agency, nature, page, pages, offers, reviews, reviewsPage, contact };
  },

  status: (data) => (data.contact ? CONTACT_STATUS_CODES[data.contact.status] : 200),

  head({ data, config, lang, i18n, url }) {
    const { agency } = data;
    const where = agency.ville;
    const page = new URL(href('agency', { agence: agency.slug }, lang, config), url.origin).href;
    return {
      title: i18n._(msg`${agency.name}, agence immobilière de prestige à ${where}`),
      description: agency.description.slice(0, 300) || i18n._(msg`${agency.name}, ${where}`),
      robots: agency.active ? undefined : 'noindex, follow',
      jsonLd: [agencyJsonLd(agency, page, url.origin, config, lang)],
    };
  },

  Component: function Agency({ data, config, lang }) {
    const { t } = useLingui();
    const { agency, nature, page, pages, offers, reviews } = data;
    const defaultNature = pickNature(undefined, agency.offerCounts, config);
    const { pathname, search } = useLocation();
    // Navigation memory: the last agency looked at.
    useEffect(() => {
      recordVisit({ url: `${pathname}${search}`, lastAgencyId: agency.id });
    }, [pathname, search, agency.id]);
    useNatureHash(nature, lang, config, (next) =>
      agencyHref(agency.slug, next, 1, defaultNature, lang, config),
    );
    const index = indexConfig(config);
    const natures = index.enabledNatures.map((id) => ({
      nature: id,
      label: index.natures.get(id)?.libelle[lang] ?? id,
      count: agency.offerCounts[id] ?? 0,
    }));
    const paragraphs = agency.description.split(/\n{2,}|\r?\n/).filter((p) => p.trim() !== '');
    return (
      <div className="agency-page">
        <p className="agency-page__back">
          <Link to={href('agencyDirectory', {}, lang, config)}>{t`Annuaire des agences`}</Link>
        </p>
        <header className="agency-page__head">
          <h1>{agency.name}</h1>
          {agency.active ? null : (
            <p className="agency-page__inactive" role="note">
              {t`Cette agence n'est plus active sur notre site : ses coordonnées sont données pour mémoire.`}
            </p>
          )}
          <address className="agency-page__address">
            {agency.address}
            <br />
            {agency.cp} {agency.ville}
          </address>
          <p className="agency-page__network">
            {agency.network ? (
              <>
                {t`Réseau`}{' '}
                <Link to={href('network', { reseau: agency.network.slug }, lang, config)}>
                  {agency.network.name}
                </Link>
              </>
            ) : (
              t`Agence indépendante`
            )}
          </p>
          {agency.website ? (
            <p>
              <a href={agency.website} rel="noopener nofollow">
                {t`Site de l'agence`}
              </a>
            </p>
          ) : null}
        </header>
        {paragraphs.length > 0 ? (
          <section className="agency-page__description" aria-labelledby="agency-about">
            <h2 id="agency-about">{t`Présentation`}</h2>
            {paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </section>
        ) : null}
        <AgencyOffers
          title={t`Les biens de l'agence`}
          emptyText={t`Il semble que cette agence n'ait aucun bien d'exception à présenter ici`}
          natures={natures}
          current={nature}
          list={offers}
          page={page}
          pages={pages}
          hrefFor={(n, p) => agencyHref(agency.slug, n, p, defaultNature, lang, config)}
          lang={lang}
          config={config}
        />
        {reviews ? (
          <Reviews
            reviews={reviews}
            lang={lang}
            pageSize={REVIEWS_PAGE_SIZE}
            moreHref={
              reviews.total > reviews.items.length && reviews.items.length < MAX_REVIEWS
                ? moreReviewsHref(search, pathname, data.reviewsPage + 1, reviews.items.length)
                : null
            }
          />
        ) : null}
        <FeeScale entries={agency.feeScale} lang={lang} config={config} />
        {agency.active ? (
          <ContactForm
            target={{ agencyId: agency.id }}

            pageState={data.contact}
            title={t`Contacter l'agence`}
          />
        ) : null}
      </div>
    );
  },
});
