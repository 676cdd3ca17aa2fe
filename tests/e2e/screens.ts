import type { APIRequestContext } from '@playwright/test';
import type { Lang } from '../../shared/contract';
import { offerPath, offersOf, portalConfig } from './seed-data';

// Every screen of the portal, and its path in a language: the pages of the seed's first offer,
// its agency and network.

export const SCREENS = [
  'home',
  'nature',
  'category list',
  'place list',
  'offer',
  'agency',
  'directory',
  'network',
  'alerts',
  'favourites',
  'professional contact',
  'terms',
  'cookies',
  'legal notice',
  'personal data',
  'ranking',
  'not found',
] as const;
export type Screen = (typeof SCREENS)[number];

export async function screenPath(request: APIRequestContext, lang: Lang, screen: Screen) {
  const fr = lang === 'fr';
  const directory = fr ? 'annuaire-immobilier-luxe' : 'luxury-real-estate-agencies';
  const config = await portalConfig(request);
  const nature = config.natures.find((n) => n.id === 'V')!.slug[lang];
  const [offer] = await offersOf(request, 'V', lang);
  switch (screen) {
    case 'home':
      return `/${lang}/`;
    case 'nature':
      return `/${lang}/${nature}/`;
    case 'category list':
      return `/${lang}/${nature}/${fr ? 'demeures-luxe' : 'luxury-homes'}/${offer!.lieu.slug}/`;
    case 'place list':
      return `/${lang}/${nature}/${offer!.lieu.slug}/`;
    case 'offer':
      return offerPath(config, offer!, lang);
    case 'agency':
      return `/${lang}/${directory}/${fr ? 'agence' : 'agency'}/${offer!.agency.slug}/`;
    case 'directory':
      return `/${lang}/${directory}/`;
    case 'network': {
      const agency = (await (
        await request.get(`/api/agence?slug=${offer!.agency.slug}&lang=${lang}`)
      ).json()) as { network: { slug: string } | null };
      const agencies = (await (await request.get(`/api/agences?limit=48&lang=${lang}`)).json()) as {
        items: { network: { slug: string } | null }[];
      };
      const network = agency.network ?? agencies.items.find((a) => a.network)?.network;
      return `/${lang}/${fr ? 'reseau' : 'network'}/${network!.slug}/`;
    }
    case 'alerts':
      return `/${lang}/${fr ? 'alertes' : 'alerts'}/`;
    case 'favourites':
      return `/${lang}/${fr ? 'favoris' : 'wishlist'}/`;
    case 'professional contact':
      return `/${lang}/${fr ? 'contact-professionnel' : 'professional-contact'}/`;
    case 'terms':
      return `/${lang}/cgu/`;
    case 'cookies':
      return `/${lang}/cookies/`;
    case 'legal notice':
      return `/${lang}/legals/`;
    case 'personal data':
      return `/${lang}/personal-data/`;
    case 'ranking':
      return `/${lang}/${fr ? 'classement-des-annonces' : 'how-listings-are-ranked'}/`;
    case 'not found':
      return `/${lang}/${fr ? 'page-inconnue' : 'unknown-page'}/`;
  }
}
