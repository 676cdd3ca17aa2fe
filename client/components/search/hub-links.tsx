import { useLingui } from '@lingui/react/macro';
import type { Config, Lang, LieuCount, RubriqueCount } from '../../../shared/contract';

/** A hub link to a place: what the link shows (a lieu of the API answer slimmed for the page). */
export interface PlaceCount {
  lieu: Pick<LieuCount['lieu'], 'id' | 'slug' | 'libelle'>;
  count: number;
}

/** The hub links of an answer: places with at least `min` offers, slimmed. */
export function placeCounts(answer: readonly LieuCount[], min: number): PlaceCount[] {
  return answer
    .filter((p) => p.count >= min)
    .map((p) => ({
      lieu: { id: p.lieu.id, slug: p.lieu.slug, libelle: p.lieu.libelle },
      count: p.count,
    }));
}
import { indexConfig } from '../../../shared/config-index';
import { formatNumber } from '../../../shared/format';

// Hub links (spec section 2, "hub pages per rubrique and per place"): sub-places and
// sub-categories that have at least the settings' minimum count of offers (minHubLinkCount).
// Plain links (the app's document listener navigates without a reload), each followed by its
// count as plain text (styled by the list).

export function HubLinks({
  places,
  rubriques,
  placeHref,
  rubriqueHref,
  config,
  lang,
  placesTitle,
  rubriquesTitle,
}: {
  places: readonly PlaceCount[];
  rubriques: readonly RubriqueCount[];
  placeHref(slug: string): string;
  rubriqueHref(id: number): string;
  config: Config;
  lang: Lang;
  placesTitle?: string;
  rubriquesTitle?: string;
}) {
  const { t } = useLingui();
  const index = indexConfig(config);
  const count = (n: number) => formatNumber(n, lang);
  const rubs = rubriques.filter((r) => index.rubriques.has(r.rubrique_id));
  if (places.length === 0 && rubs.length === 0) return null;
  return (
    <div className="hub-links">
      {rubs.length > 0 ? (
        <section className="hub-links__group" aria-labelledby="hub-rubriques">
          <h2 id="hub-rubriques">{rubriquesTitle ?? t`Par catégorie`}</h2>
          <ul className="link-list link-list--columns link-list--counts">
            {rubs.map((r) => (
              <li key={r.rubrique_id}>
                <a href={rubriqueHref(r.rubrique_id)}>
                  {index.rubriques.get(r.rubrique_id)!.plural[lang]}
                </a>
                {` (${count(r.count)})`}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {places.length > 0 ? (
        <section className="hub-links__group" aria-labelledby="hub-places">
          <h2 id="hub-places">{placesTitle ?? t`Par lieu`}</h2>
          <ul className="link-list link-list--columns link-list--counts">
            {places.map((p) => (
              <li key={p.lieu.id}>
                <a href={placeHref(p.lieu.slug)}>{p.lieu.libelle}</a>
                {` (${count(p.count)})`}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
