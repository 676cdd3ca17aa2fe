import { useEffect, useMemo, useRef, useState } from 'react';
import { redirect, useLocation } from 'react-router';
import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import * as v from 'valibot';
import '../styles/offer.css';
import {
  CONTACT_STATUS_CODES,
  pageFormState,
  type ContactPageState,
} from '../../shared/contact-outcome';
import {
  OfferObsoleteSchema,
  type Config,
  type Lang,
  type OfferDetail,
  type OfferObsolete,
} from '../../shared/contract';
import { formatDate, formatPrice, pricePerM2 } from '../../shared/format';
import { parseCostsQuery } from '../../shared/purchase-costs';
import { isPortalApiError } from '../../shared/portal-api';
import { offerHref } from '../../shared/routes';
import { usePortalApi } from '../api/portal-api-context';
import { useRootData } from '../app/links';
import { defineScreen, type Head } from '../app/screen';
import { Breadcrumbs, breadcrumbJsonLd, searchCrumbs, type Crumb } from '../components/breadcrumbs';
import { ContactForm } from '../components/contact-form';
import { offerAmount, photoUrl } from '../components/offer-card';
import { AgencyBlock } from '../components/offer/agency-block';
import { ContactBar } from '../components/offer/contact-bar';
import { CondoInfo } from '../components/offer/condo';
import { EnergyDiagnosis } from '../components/offer/energy-scale';
import { EnergyMentions, useDpeAbsenceText } from '../components/offer/energy-mentions';
import { FeeBreakdown, usePriceText } from '../components/offer/fees';
import { Details, Features } from '../components/offer/features';
import { GALLERY_ID, Gallery } from '../components/offer/gallery';
import { MediaTour } from '../components/offer/media-tour';
import { OfferActions } from '../components/offer/offer-actions';
import {
  ADDRESS_REQUEST_PARAM,
  ADDRESS_REQUEST_VALUE,
  OfferMap,
} from '../components/offer/offer-map';
import { OfferNavigation } from '../components/offer/offer-navigation';
import { PriceHistory } from '../components/offer/price-history';
import { PriceCompare } from '../components/offer/price-compare';
import { COSTS_SECTION_ID, PurchaseCosts } from '../components/offer/purchase-costs';
import { RentCosts } from '../components/offer/rent-costs';
import { ObsoleteOffer, relatedLinks } from '../components/offer/obsolete-offer';
import {
  FROM_PARAM,
  loadStoredSearchNav,
  loadUrlSearchNav,
  type OfferSearchNav,
} from '../components/offer/search-context';
import { sendOfferStat } from '../components/offer/stats';
import { readStoredSearch } from '../hooks/use-stored-search';
import { recordVisit } from '../hooks/use-navigation-memory';

// The offer page (/{lang}/{nature}/{rub?}/{lieu}/{offre}/): titles, description, features and
// assets, details, price and fees (and the 'price reduced' label), the price history when the
// price changed, condominium, energy diagnosis, map and address request,
// gallery, video and 3D tour, the agency with its phone behind a reveal, the contact form, copy
// actions, previous/next in the visitor's search, breadcrumbs and the head (canonical, hreflang,
// Open Graph image, schema.org RealEstateListing). An obsolete offer answers 410 with related
// searches; an unknown slug 404. A path whose nature, rubrique or place is not the offer's
// redirects (301) to the offer's own path.

type OfferPageData =
  | {
      kind: 'offer';
      offer: OfferDetail;
      nav: OfferSearchNav | null;
      /** The contact form's outcome after a post without JavaScript. */
      contact: ContactPageState | null;
      phoneRevealed: boolean;
      /** The address request link was followed (the message is pre-filled). */
      addressRequest: boolean;
      /** The costs form came with a value that is not one (the page answers 400). */
      costsInvalid: boolean;
    }
  | { kind: 'obsolete'; obsolete: OfferObsolete }
  | {
      // A contact form posted without JavaScript while the listings API is down: the form
      // comes back with what was typed and the error, nothing else of the page.
      kind: 'unavailable';
      contact: ContactPageState;
    };

const priceOnRequest = msg`Prix sur demande`;
const unavailableTitle = msg`Votre demande n'a pas pu être envoyée`;
const obsoleteTitle = msg`Ce bien d'exception n'est plus disponible`;

function priceText(offer: OfferDetail, lang: Lang, i18n: I18n): string {
  const amount = offerAmount(offer);
  return offer.prixCache || amount === null
    ? i18n._(priceOnRequest)
    : formatPrice(amount, offer.nature.id, lang);
}

/** A description cut at a word for the meta description. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

function crumbsOf(offer: OfferDetail, config: Config, lang: Lang, i18n: I18n): Crumb[] {
  return [
    ...searchCrumbs({
      config,
      lang,
      i18n,
      nature: offer.nature.id,
      rubrique: offer.rubrique.id,
      ancestors: offer.lieu.ancestors,
      place: offer.lieu,
    }),
    { label: offer.titre1 },
  ];
}

/** schema.org RealEstateListing of an offer: the offer (price), the place and the photos. */
export function listingJsonLd(offer: OfferDetail, url: string, origin: string, lang: Lang): object {
  const amount = offerAmount(offer);
  const place = offer.lieu;
  const lat = offer.lat ?? place.lat;
  const lng = offer.lng ?? place.lng;
  const country = [...place.ancestors].find((p) => p.type === 'Pays');
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: offer.titre1,
    description: summary(offer.description, 500),
    url,
    inLanguage: lang,
    datePosted: offer.date,
    dateModified: offer.updatedAt,
    identifier: offer.reference,
    image: offer.photos.map((photo) => `${origin}${photoUrl(photo, Math.max(...photo.widths))}`),
    offers: {
      '@type': 'Offer',
      ...(offer.prixCache || amount === null ? {} : { price: amount, priceCurrency: 'EUR' }),
      businessFunction:
        offer.nature.id === 'V'
          ? 'http://purl.org/goodrelations/v1#Sell'
          : 'http://purl.org/goodrelations/v1#LeaseOut',
      availability: 'https://schema.org/InStock',
      offeredBy: {
        '@type': 'RealEstateAgent',
        name: offer.agency.name,
        address: {
          '@type': 'PostalAddress',
          streetAddress: offer.agency.address,
          postalCode: offer.agency.cp,
          addressLocality: offer.agency.ville,
        },
      },
    },
    contentLocation: {
      '@type': 'Place',
      name: place.libelle,
      address: {
        '@type': 'PostalAddress',
        addressLocality: place.libelle,
        ...(place.postcodes[0] ? { postalCode: place.postcodes[0] } : {}),
        ...(country ? { addressCountry: country.libelle } : {}),
      },
      ...(lat !== null && lng !== null
        ? { geo: { '@type': 'GeoCoordinates', latitude: lat, longitude: lng } }
        : {}),
    },
  };
}

export default defineScreen({
  async loader({ api, config, lang, match, url, request, tag, posted }): Promise<OfferPageData> {
    const slug = (match.params as { offre: string }).offre;
    const formState = pageFormState(posted);
    let offer: OfferDetail;
    try {
      offer = await api.get('offer', { slug, lang }, { signal: request.signal });
    } catch (error) {
      if (isPortalApiError(error) && error.status === 410) {
        const obsolete = v.safeParse(OfferObsoleteSchema, error.body);
        if (obsolete.success) {
          const { offer: gone, related } = obsolete.output;
          const own = offerHref(gone, lang, config);
          if (url.pathname !== own) throw redirect(`${own}${url.search}`, 301);
          tag(`offre-${gone.id}`, `agence-${gone.agency.id}`, `lieu-${related.lieu.id}`);
          return { kind: 'obsolete', obsolete: obsolete.output };
        }
      }
      if (
        isPortalApiError(error) &&
        error.status >= 500 &&
        formState?.form === 'contact' &&
        formState.status === 'failed'
      ) {
        return { kind: 'unavailable', contact: formState };
      }
      throw error;
    }
    const own = offerHref(offer, lang, config);
    if (url.pathname !== own) throw redirect(`${own}${url.search}`, 301);
    tag(`offre-${offer.id}`, `agence-${offer.agency.id}`, `lieu-${offer.lieu.id}`);
    const nav = await loadUrlSearchNav(url, offer, api, config, lang, request.signal);
    return {
      kind: 'offer',
      offer,
      nav,
      contact:
        formState?.form === 'contact' && formState.target.offer_id === offer.id ? formState : null,
      phoneRevealed: formState?.form === 'phone' && formState.offer_id === offer.id,
      addressRequest: url.searchParams.get(ADDRESS_REQUEST_PARAM) === ADDRESS_REQUEST_VALUE,
      costsInvalid: parseCostsQuery(url.searchParams).errors.length > 0,
    };
  },

  status(data) {
    if (data.kind === 'obsolete') return 410;
    if (data.kind === 'unavailable') return 503;
    if (data.contact) return CONTACT_STATUS_CODES[data.contact.status];
    return data.costsInvalid ? 400 : 200;
  },

  footerLieuId(data) {
    if (data.kind === 'offer') return data.offer.lieu.id;
    if (data.kind === 'obsolete') return data.obsolete.related.lieu.id;
    return null;
  },

  head({ data, config, lang, i18n, url }): Head {
    if (data.kind === 'obsolete') {
      return { title: i18n._(obsoleteTitle), robots: 'noindex, follow' };
    }
    if (data.kind === 'unavailable') {
      return { title: i18n._(unavailableTitle), robots: 'noindex' };
    }
    const { offer } = data;
    const path = offerHref(offer, lang, config);
    const first = offer.photos[0];
    return {
      title: `${offer.titre1} ${offer.lieu.libelle_prep} – ${priceText(offer, lang, i18n)}`,
      description: summary(`${offer.titre2}. ${offer.description}`),
      canonical: path,
      image: first ? photoUrl(first, Math.max(...first.widths)) : undefined,
      jsonLd: [
        listingJsonLd(offer, `${url.origin}${path}`, url.origin, lang),
        breadcrumbJsonLd(crumbsOf(offer, config, lang, i18n), url.origin),
      ],
    };
  },

  Component: function OfferScreen({ data, config, lang }) {
    if (data.kind === 'obsolete')
      return <Obsolete data={data.obsolete} config={config} lang={lang} />;
    if (data.kind === 'unavailable') return <Unavailable contact={data.contact} />;
    return <OfferPage data={data} config={config} lang={lang} />;
  },
});

function Obsolete({ data, config, lang }: { data: OfferObsolete; config: Config; lang: Lang }) {
  const { t } = useLingui();
  const links = relatedLinks(data, config, lang, t`Tous les biens`);
  return <ObsoleteOffer obsolete={data} links={links} />;
}

function Unavailable({ contact }: { contact: ContactPageState }) {
  const { t } = useLingui();
  const target =
    contact.target.offer_id !== undefined
      ? { offerId: contact.target.offer_id }
      : { agencyId: contact.target.agency_id ?? 0 };
  return (
    <div className="offer-unavailable">
      <h1>{t`Votre demande n'a pas pu être envoyée`}</h1>
      <ContactForm target={target} pageState={contact} />
    </div>
  );
}

/** The offer's contact form: the target of the phone's contact bar. */
const CONTACT_FORM_ID = 'contact';

// The last page view counted (a re-render or a second effect run is not a new view).
let lastView: string | null = null;

function OfferPage({
  data,
  config,
  lang,
}: {
  data: Extract<OfferPageData, { kind: 'offer' }>;
  config: Config;
  lang: Lang;
}) {
  const { t, i18n } = useLingui();
  const location = useLocation();
  const api = usePortalApi();
  const { offer } = data;
  const price = usePriceText(offer, lang);
  const [storedNav, setStoredNav] = useState<OfferSearchNav | null>(null);
  const nav = data.nav ?? storedNav;
  const addressMessage = t`Bonjour, je souhaiterais connaître l'adresse exacte de ce bien (référence ${offer.reference}). Merci.`;
  const [prefill, setPrefill] = useState(
    data.addressRequest ? { message: addressMessage, key: 0 } : null,
  );
  const prefillCount = useRef(0);
  const crumbs = useMemo(() => crumbsOf(offer, config, lang, i18n), [offer, config, lang, i18n]);
  const canonicalUrl = `${useRootData()?.origin ?? ''}${offerHref(offer, lang, config)}`;

  // The page view (stat detail) and the navigation memory: once per visit, in the browser.
  const listHref = nav?.listHref;
  useEffect(() => {
    const view = `${location.key}|${offer.id}`;
    if (view === lastView) return;
    lastView = view;
    sendOfferStat(api, 'detail', offer.id).catch(() => {});
  }, [api, location.key, offer.id]);
  useEffect(() => {
    recordVisit({
      url: `${location.pathname}${location.search}`,
      lastOfferId: offer.id,
      ...(listHref ? { origin: listHref } : {}),
    });
  }, [location.pathname, location.search, offer.id, listHref]);

  // Without a search in the URL, previous/next come from the visitor's stored search.
  const hasUrlSearch = new URLSearchParams(location.search).has(FROM_PARAM);
  useEffect(() => {
    if (data.nav || hasUrlSearch) return;
    const stored = readStoredSearch(config);
    if (!stored) return;
    const controller = new AbortController();
    loadStoredSearchNav(stored, offer, api, config, lang, controller.signal)
      .then((found) => {
        if (!controller.signal.aborted) setStoredNav(found);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [api, data.nav, hasUrlSearch, offer, config, lang]);

  const placeLabel = [
    offer.lieu.libelle,
    ...[...offer.lieu.ancestors].reverse().map((p) => p.libelle),
  ]
    .filter((label, i, all) => all.indexOf(label) === i)
    .join(', ');
  const paragraphs = offer.description.split(/\n\s*\n/).filter((p) => p.trim() !== '');
  const reference = offer.reference;
  const date = formatDate(offer.date, lang);
  const amount = offer.prixCache ? null : offerAmount(offer);
  const departement = [offer.lieu, ...offer.lieu.ancestors].find((p) => p.type === 'Departements');
  const perM2 = offer.nature.id === 'S' ? null : pricePerM2(amount, offer.surface);
  const dpeAbsence = useDpeAbsenceText(offer.dpeReport.absence);
  const media = (
    <MediaTour videoUrl={offer.videoUrl} tourUrl={offer.tourUrl} embed={offer.mediaEmbed} />
  );

  return (
    <article className="offer" aria-labelledby="offer-title">
      <Breadcrumbs crumbs={crumbs} />
      {nav ? <OfferNavigation nav={nav} lang={lang} /> : null}
      <header className="offer__head">
        <div className="offer__titles">
          <h1 id="offer-title" className="offer__title">
            {offer.titre1}
          </h1>
          <p className="offer__subtitle">{offer.titre2}</p>
          <p className="offer__meta">
            {offer.exclusivity ? <span className="offer__badge">{t`Exclusivité`}</span> : null}
            <span>{t`Réf. ${reference}`}</span>
            <span>{t`Publiée le ${date}`}</span>
          </p>
        </div>
        <p className="offer__price">
          {price}
          {offer.priceReduced && !offer.prixCache ? (
            <span className="offer__reduced">{t`Prix en baisse`}</span>
          ) : null}
        </p>
      </header>
      {offer.photos.length > 0 ? (
        <Gallery photos={offer.photos} title={offer.titre1}>
          {media}
        </Gallery>
      ) : (
        media
      )}
      <div className="offer__body">
        <div className="offer__main">
          <section className="offer-section" aria-labelledby="offer-description">
            <h2 id="offer-description">{t`Description`}</h2>
            <div className="offer__description">
              {paragraphs.map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </div>
          </section>
          <section className="offer-section" aria-labelledby="offer-features">
            <h2 id="offer-features">{t`Caractéristiques`}</h2>
            <Features offer={offer} lang={lang} />
          </section>
          <section className="offer-section" aria-labelledby="offer-details">
            <h2 id="offer-details">{t`Détails`}</h2>
            <Details offer={offer} lang={lang} config={config} />
          </section>
          <section className="offer-section" aria-labelledby="offer-price">
            <h2 id="offer-price">{t`Prix et honoraires`}</h2>
            <FeeBreakdown offer={offer} lang={lang} />
          </section>
          {offer.nature.id === 'V' && amount !== null && offer.departementCode && departement ? (
            <section
              className="offer-section"
              id={COSTS_SECTION_ID}
              aria-labelledby="offer-costs-title"
            >
              <h2 id="offer-costs-title">{t`Frais de notaire et mensualité`}</h2>
              <PurchaseCosts
                price={amount}
                departement={{ code: offer.departementCode, libelle: departement.libelle }}
                search={location.search}
                loanDefaults={config.settings.loanDefaults}
                lang={lang}
              />
            </section>
          ) : null}
          {offer.nature.id === 'L' && amount !== null ? (
            <section className="offer-section" aria-labelledby="offer-rent-costs">
              <h2 id="offer-rent-costs">{t`Budget de la location`}</h2>
              <RentCosts
                rent={amount}
                charges={offer.fees?.charges ?? null}
                deposit={offer.fees?.deposit ?? null}
                lang={lang}
              />
            </section>
          ) : null}
          {perM2 !== null || offer.comparables ? (
            <section className="offer-section" aria-labelledby="offer-price-m2">
              <h2 id="offer-price-m2">{t`Prix au m²`}</h2>
              <PriceCompare
                perM2={perM2}
                comparables={offer.comparables}
                nature={offer.nature.id}
                lang={lang}
              />
            </section>
          ) : null}
          {offer.priceHistory.length > 1 && !offer.prixCache ? (
            <section className="offer-section" aria-labelledby="offer-price-history">
              <h2 id="offer-price-history">{t`Historique des prix`}</h2>
              <PriceHistory history={offer.priceHistory} nature={offer.nature.id} lang={lang} />
            </section>
          ) : null}
          {offer.condo ? (
            <section className="offer-section" aria-labelledby="offer-condo">
              <h2 id="offer-condo">{t`Copropriété`}</h2>
              <CondoInfo condo={offer.condo} lang={lang} />
            </section>
          ) : null}
          <section className="offer-section" aria-labelledby="offer-energy">
            <h2 id="offer-energy">{t`Diagnostic énergétique`}</h2>
            <EnergyMentions
              nature={offer.nature.id}
              dpeClass={offer.dpe.class}
              report={offer.dpeReport}
              lieu={offer.lieu}
              lang={lang}
            />
            <EnergyDiagnosis dpe={offer.dpe} ges={offer.ges} lang={lang} absence={dpeAbsence} />
          </section>
          <section className="offer-section" aria-labelledby="offer-map">
            <h2 id="offer-map">{t`Localisation`}</h2>
            <OfferMap
              lat={offer.lat ?? offer.lieu.lat}
              lng={offer.lng ?? offer.lieu.lng}
              placeLabel={placeLabel}
              lang={lang}
              onAddressRequest={() =>
                setPrefill({ message: addressMessage, key: ++prefillCount.current })
              }
            />
          </section>
        </div>
        <aside className="offer__aside" aria-label={t`Contact`}>
          <OfferActions offer={offer} canonicalUrl={canonicalUrl} />
          <AgencyBlock
            agency={offer.agency}
            offerId={offer.id}
            nature={offer.nature.id}
            phoneRevealed={data.phoneRevealed}
            lang={lang}
            config={config}
          />
          <ContactForm
            key={offer.id}
            id={CONTACT_FORM_ID}
            target={{ offerId: offer.id }}
            pageState={data.contact}
            defaultMessage={t`Bonjour, je souhaiterais obtenir plus d'informations sur ce bien (référence ${reference}). Merci.`}
            prefill={prefill}
          />
        </aside>
      </div>
      <ContactBar
        offerId={offer.id}
        phone={offer.agency.phone}
        phoneRevealed={data.phoneRevealed}
        galleryId={GALLERY_ID}
        formId={CONTACT_FORM_ID}
      />
    </article>
  );
}
