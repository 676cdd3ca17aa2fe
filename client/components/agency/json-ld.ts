import type { AgencyDetail, Config, Lang } from '../../../shared/contract';
import { href } from '../../../shared/routes';

/**
 * The schema.org RealEstateAgent of an agency page.
 * @example agencyJsonLd(agency, 'https://www.example.com/fr/annuaire-immobilier-luxe/agence/x/', origin, config, 'fr')
 */
export function agencyJsonLd(
  agency: AgencyDetail,
  pageUrl: string,
  origin: string,
  config: Config,
  lang: Lang,
): object {
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    '@id': `${pageUrl}#agency`,
    name: agency.name,
    url: pageUrl,
    address: {
      '@type': 'PostalAddress',
      streetAddress: agency.address,
      postalCode: agency.cp,
      addressLocality: agency.ville,
    },
  };
  if (agency.description) ld.description = agency.description;
  if (agency.phone) ld.telephone = agency.phone;
  if (agency.website) ld.sameAs = [agency.website];
  if (agency.lat !== null && agency.lng !== null) {
    ld.geo = { '@type': 'GeoCoordinates', latitude: agency.lat, longitude: agency.lng };
  }
  if (agency.reviews.total > 0 && agency.reviews.average !== null) {
    ld.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: agency.reviews.average,
      reviewCount: agency.reviews.total,
      bestRating: 5,
      worstRating: 1,
    };
  }
  if (agency.network) {
    ld.parentOrganization = {
      '@type': 'Organization',
      name: agency.network.name,
      url: `${origin}${href('network', { reseau: agency.network.slug }, lang, config)}`,
    };
  }
  return ld;
}
