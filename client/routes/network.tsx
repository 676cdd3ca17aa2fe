import { Link, redirect } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { msg, plural } from '@lingui/core/macro';
import '../styles/agency.css';
import type { AgencyList, Config, Lang, NatureId, Network, OfferList } from '../../shared/contract';
import { indexConfig } from '../../shared/config-index';
import { href } from '../../shared/routes';
import { defineScreen } from '../app/screen';
import { AgencyCard } from '../components/agency/agency-card';
import { AgencyOffers } from '../components/agency/agency-offers';
import {
  AGENCY_OFFERS_PAGE_SIZE,
  NETWORK_AGENCIES_PAGE_SIZE,
  natureOfSlug,
  pageCount,
  parsePage,
  pickNature,
} from '../components/agency/directory-query';
import { Pager } from '../components/search/pager';

// The network page (/fr/reseau/{reseau}/, /en/network/{reseau}/): the network, its agencies
// (paged: `page`) and its offers by nature (`nature`, paged: `offer_page`). While another nature
// than the first is shown, the agency links carry it: each agency page opens on that nature.

export interface NetworkData {
  network: Network;
  agencies: AgencyList;
  agencyPage: number;
  agencyPages: number;
  counts: Record<NatureId, number>;
  nature: NatureId;
  offers: OfferList | null;
  offerPage: number;
  offerPages: number;
}

interface NetworkState {
  agencyPage: number;
  nature: NatureId;
  offerPage: number;
}

function networkHref(
  slug: string,
  state: NetworkState,
  defaultNature: NatureId,
  lang: Lang,
  config: Config,
): string {
  const query = new URLSearchParams();
  if (state.agencyPage > 1) query.set('page', String(state.agencyPage));
  const natureSlug = indexConfig(config).natures.get(state.nature)?.slug[lang];
  if (state.nature !== defaultNature && natureSlug) query.set('nature', natureSlug);
  if (state.offerPage > 1) query.set('offer_page', String(state.offerPage));
  return href('network', { reseau: slug }, lang, config, { query });
}

export default defineScreen({
  async loader({ api, config, lang, match, url, request }): Promise<NetworkData> {
    const { signal } = request;
    const slug = (match.params as { reseau: string }).reseau;
    const network = await api.get('network', { slug, lang }, { signal });
    const agencyPage = parsePage(url.searchParams.get('page'));
    const offerPage = parsePage(url.searchParams.get('offer_page'));
    const enabled = indexConfig(config).enabledNatures;
    const [agencies, totals] = await Promise.all([
      api.get(
        'agencies',
        {
          network: network.id,
          sort: 'az',
          page: agencyPage,
          limit: NETWORK_AGENCIES_PAGE_SIZE,
          lang,
        },
        { signal },
      ),
      Promise.all(
        enabled.map((nature) =>
          api
            .get('agencyOffers', { network: network.id, nature, limit: 1, lang }, { signal })
            .then((list) => [nature, list.total] as const),
        ),
      ),
    ]);
    const counts: Record<NatureId, number> = { V: 0, L: 0, S: 0 };
    for (const [nature, total] of totals) counts[nature] = total;
    const asked = natureOfSlug(url.searchParams.get('nature'), lang, config);
    const nature = pickNature(asked, counts, config);
    const offers =
      counts[nature] > 0
        ? await api.get(
            'agencyOffers',
            {
              network: network.id,
              nature,
              page: offerPage,
              limit: AGENCY_OFFERS_PAGE_SIZE,
              lang,
            },
            { signal },
          )
        : null;
    const agencyPages = pageCount(agencies.total, NETWORK_AGENCIES_PAGE_SIZE);
    const offerPages = pageCount(offers?.total ?? 0, AGENCY_OFFERS_PAGE_SIZE);
    if (agencyPage > agencyPages || offerPage > offerPages) {
      const defaultNature = pickNature(undefined, counts, config);
      const state = {
        agencyPage: Math.min(agencyPage, agencyPages),
        nature,
        offerPage: Math.min(offerPage, offerPages),
      };
      throw redirect(networkHref(network.slug, state, defaultNature, lang, config));
    }
    return {
      network,
      agencies,
      agencyPage,
      agencyPages,
      counts,
      nature,
      offers,
      offerPage,
      offerPages,
    };
  },

  head({ data, i18n }) {
    const { network } = data;
    return {
      title: i18n._(msg`Réseau ${network.name} : agences immobilières de prestige`),
      description:
        network.description.slice(0, 300) ||
        i18n._(msg`Les agences du réseau ${network.name} et leurs biens d’exception.`),
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: network.name,
          ...(network.website ? { url: network.website } : {}),
          ...(network.description ? { description: network.description } : {}),
        },
      ],
    };
  },

  Component: function NetworkPage({ data, config, lang }) {
    const { t } = useLingui();
    const { network, agencies, agencyPage, agencyPages, counts, nature, offers } = data;
    const index = indexConfig(config);
    const defaultNature = pickNature(undefined, counts, config);
    const state: NetworkState = { agencyPage, nature, offerPage: data.offerPage };
    const to = (next: Partial<NetworkState>) =>
      networkHref(network.slug, { ...state, ...next }, defaultNature, lang, config);
    const natures = index.enabledNatures.map((id) => ({
      nature: id,
      label: index.natures.get(id)?.libelle[lang] ?? id,
      count: counts[id],
    }));
    return (
      <div className="network-page">
        <p className="agency-page__back">
          <Link to={href('agencyDirectory', {}, lang, config)}>{t`Annuaire des agences`}</Link>
        </p>
        <header className="agency-page__head">
          <h1>{t`Réseau ${network.name}`}</h1>
          {network.description ? (
            <p className="network-page__description">{network.description}</p>
          ) : null}
          {network.website ? (
            <p>
              <a href={network.website} rel="noopener nofollow">
                {t`Site du réseau`}
              </a>
            </p>
          ) : null}
        </header>
        <section className="network-page__agencies" aria-labelledby="network-agencies-title">
          <h2 id="network-agencies-title">
            {t`Les agences du réseau`}{' '}
            <span className="network-page__count">
              ({t`${plural(agencies.total, { one: '# agence', other: '# agences' })}`})
            </span>
          </h2>
          {agencies.total === 0 ? (
            <p>{t`Ce réseau n'a pas d'agence active sur notre site pour le moment.`}</p>
          ) : (
            <ul className="agency-directory__list">
              {agencies.items.map((agency) => (
                <li key={agency.id}>
                  <AgencyCard
                    agency={agency}
                    lang={lang}
                    config={config}
                    nature={nature !== defaultNature ? nature : undefined}
                  />
                </li>
              ))}
            </ul>
          )}
          <Pager
            page={agencyPage}
            pageCount={agencyPages}
            hrefFor={(p) => to({ agencyPage: p })}
            label={t`Pages des agences`}
          />
        </section>
        <AgencyOffers
          title={t`Les biens du réseau`}
          emptyText={t`Il semble que ce réseau n'ait aucun bien d'exception à présenter ici`}
          natures={natures}
          current={nature}
          list={offers}
          page={data.offerPage}
          pages={data.offerPages}
          hrefFor={(n, p) => to({ nature: n, offerPage: p })}
          relLinks={false}
          lang={lang}
          config={config}
        />
      </div>
    );
  },
});
