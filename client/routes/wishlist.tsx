import { useEffect, useId, useRef } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import '../styles/selection.css';
import type { Config, Lang, OfferSummary, RelatedSearch } from '../../shared/contract';
import { indexConfig } from '../../shared/config-index';
import { colon } from '../../shared/format';
import { defineScreen } from '../app/screen';
import { FavouriteButton } from '../components/favourite-button';
import { relatedLinks } from '../components/offer/obsolete-offer';
import { OfferGrid } from '../components/offer-grid';
import {
  SELECTION_SORTS,
  groupSelection,
  reloadSelection,
  selectionIds,
  selectionSize,
  selectionStore,
  setSelectionFilter,
  setSelectionSort,
  useHydrated,
  useSelection,
  type SelectionFilter,
  type SelectionSort,
} from '../hooks/use-selection';

// Favourites (/fr/favoris/, /en/wishlist/): the offers the visitor keeps in this browser, grouped
// by nature, with the selection's filter and sort (spec sections 3 and 4). The selection is not
// known on the server: the page renders a neutral state, then the loader runs again in the
// browser, reloads the stored ids through the offers call and drops the offers that no longer
// exist (silently); a failed call keeps the selection and says the list could not load. A
// withdrawn offer stays, as the spec's 'no longer available' text with a link to similar offers
// (the closest of the related searches its 410 page offers).

const TITLE = msg`Ma sélection`;
const DESCRIPTION = msg`Les biens de prestige que vous avez gardés dans votre sélection.`;

interface WishlistData {
  /** The offers of the selection; null before the browser loaded them or when that failed. */
  offers: OfferSummary[] | null;
  /** The related search of each withdrawn offer of the selection, by id. */
  withdrawn: Record<number, RelatedSearch>;
  failed: boolean;
}

export default defineScreen({
  async loader({ api, lang, request }): Promise<WishlistData> {
    if (typeof window === 'undefined') return { offers: null, withdrawn: {}, failed: false };
    const withdrawn: Record<number, RelatedSearch> = {};
    const found = await reloadSelection(selectionStore, async (ids) => {
      const list = await api.get('offersByIds', { ids, lang }, { signal: request.signal });
      for (const entry of list.withdrawn ?? []) withdrawn[entry.id] = entry.related;
      return list.items;
    });
    return { offers: found, withdrawn, failed: found === null };
  },

  head({ i18n, config }) {
    return {
      title: `${i18n._(TITLE)} | ${config.settings.siteName}`,
      description: i18n._(DESCRIPTION),
      robots: 'noindex, follow',
    };
  },

  Component: function Wishlist({ data, config, lang }) {
    const { t } = useLingui();
    const hydrated = useHydrated();
    const selection = useSelection();
    const revalidator = useRevalidator();
    const filterId = useId();
    const sortId = useId();
    const asked = useRef<string | null>(null);

    // Rendered on the server (or an offer added in another tab): load the missing offers once.
    const loadedIds = new Set(data.offers?.map((offer) => offer.id) ?? []);
    const missing = selectionIds(selection).filter((id) => !loadedIds.has(id));
    const missingKey = missing.join(',');
    useEffect(() => {
      if (!hydrated || data.failed || missingKey === '' || revalidator.state !== 'idle') return;
      if (asked.current === missingKey) return;
      asked.current = missingKey;
      void revalidator.revalidate();
    }, [hydrated, data.failed, missingKey, revalidator]);

    const natures = indexConfig(config).natures;
    const groups = groupSelection(selection, data.offers ?? []);
    const total = selectionSize(selection);
    const sortLabels: Record<SelectionSort, string> = {
      added: t`Derniers ajoutés`,
      new: t`Les plus récents`,
      price_asc: t`Prix croissant`,
      price_desc: t`Prix décroissant`,
    };
    const loading = !hydrated || (total > 0 && data.offers === null && !data.failed);

    return (
      <div className="selection-page">
        <h1>{t`Ma sélection`}</h1>
        <noscript>
          <p>{t`Votre sélection est gardée dans votre navigateur : activez JavaScript pour l'afficher.`}</p>
        </noscript>
        <div role="status" className="selection-page__status">
          {loading && hydrated ? t`Chargement de votre sélection…` : null}
          {hydrated && data.failed
            ? t`Votre sélection n'a pas pu être chargée pour le moment. Veuillez réessayer plus tard.`
            : null}
          {hydrated && !loading && !data.failed && total === 0
            ? t`Votre liste de biens favoris est vide.`
            : null}
        </div>

        {hydrated && total > 0 ? (
          <div className="selection-tools">
            <p className="selection-tools__count">
              {t`${plural(total, {
                one: '# bien dans votre sélection',
                other: '# biens dans votre sélection',
              })}`}
            </p>
            <div className="selection-tools__field">
              <label htmlFor={filterId}>{t`Afficher`}</label>
              <select
                id={filterId}
                value={selection.filter}
                onChange={(event) => setSelectionFilter(event.target.value as SelectionFilter)}
              >
                <option value="all">{t`Tous les biens`}</option>
                {(['V', 'L', 'S'] as const).map((nature) => (
                  <option key={nature} value={nature}>
                    {natures.get(nature)?.libelle[lang] ?? nature}
                  </option>
                ))}
              </select>
            </div>
            <div className="selection-tools__field">
              <label htmlFor={sortId}>{t`Trier par`}</label>
              <select
                id={sortId}
                value={selection.sort}
                onChange={(event) => setSelectionSort(event.target.value as SelectionSort)}
              >
                {SELECTION_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {sortLabels[sort]}
                  </option>
                ))}
              </select>
            </div>
          </div>
        ) : null}

        {hydrated && data.offers !== null && total > 0 && groups.length === 0 ? (
          <p>{t`Aucun bien de cette catégorie dans votre sélection.`}</p>
        ) : null}

        {groups.map((group) => {
          const label = natures.get(group.nature)?.libelle[lang] ?? group.nature;
          const count = group.offers.length;
          const onSale = group.offers.filter((offer) => offer.status === 'active');
          const gone = group.offers.filter((offer) => offer.status !== 'active');
          return (
            <section
              key={group.nature}
              className="selection-group"
              aria-labelledby={`selection-${group.nature}`}
            >
              <h2 id={`selection-${group.nature}`}>
                {label}{' '}
                <span className="selection-group__count">
                  ({t`${plural(count, { one: '# bien', other: '# biens' })}`})
                </span>
              </h2>
              {onSale.length > 0 ? (
                <OfferGrid
                  offers={onSale}
                  lang={lang}
                  config={config}
                  className="selection-grid"
                  actions={(offer) => <FavouriteButton offer={offer} />}
                />
              ) : null}
              {gone.length > 0 ? (
                <ul className="selection-grid selection-withdrawn">
                  {gone.map((offer) => (
                    <li key={offer.id}>
                      <WithdrawnOffer
                        offer={offer}
                        related={data.withdrawn[offer.id]}
                        config={config}
                        lang={lang}
                      />
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
          );
        })}
      </div>
    );
  },
});

/** A favourite that was withdrawn: the spec's text, and the closest search of similar offers. */
function WithdrawnOffer({
  offer,
  related,
  config,
  lang,
}: {
  offer: OfferSummary;
  related: RelatedSearch | undefined;
  config: Config;
  lang: Lang;
}) {
  const { t } = useLingui();
  const reference = offer.reference;
  const link = related ? relatedLinks({ related }, config, lang, t`Tous les biens`)[0] : undefined;
  return (
    <article className="selection-withdrawn__offer">
      <h3 className="selection-withdrawn__title">{offer.titre1}</h3>
      <p className="selection-withdrawn__subtitle">
        {offer.titre2} <span>{t`(référence ${reference})`}</span>
      </p>
      <p className="selection-withdrawn__notice">{t`Ce bien d'exception n'est plus disponible`}</p>
      {link ? (
        <p>
          {t`Découvrez des biens similaires`}
          {colon(lang)}
          <Link to={link.href}>{link.label}</Link>
        </p>
      ) : null}
      <div className="selection-withdrawn__actions">
        <FavouriteButton offer={offer} />
      </div>
    </article>
  );
}
