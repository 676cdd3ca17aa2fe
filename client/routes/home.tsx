import '../styles/home.css';
import { useLingui } from '@lingui/react/macro';
import { indexConfig } from '../../shared/config-index';
import type { Config, Lang, NatureId } from '../../shared/contract';
import { href } from '../../shared/routes';
import { searchFormPath } from '../../shared/bff-paths';
import { defineScreen } from '../app/screen';

// Home (/fr/, /en/): the mosaic of categories chosen by the editorial configuration
// (mosaicRubs), each tile with the rubrique's image and a link to its nature page, under a
// search field (nature and place) that goes to the search form's route like the full form.

// The listings API draws mosaic images at 800×600.
export const MOSAIC_IMAGE = { width: 800, height: 600 } as const;

interface Tile {
  rubrique: number;
  nature: NatureId;
  label: string;
  natureLabel: string;
  alt: string;
  href: string;
}

export default defineScreen({
  async loader({ api, config, lang, request, tag }) {
    const omr = await api.get('omrData', {}, { signal: request.signal });
    const index = indexConfig(config);
    const tiles: Tile[] = omr.mosaicRubs.flatMap((id) => {
      const rubrique = index.rubriques.get(id);
      if (!rubrique || rubrique.isGeneric) return [];
      // The first enabled nature the rubrique applies to.
      const nature = index.enabledNatures.find((n) => rubrique.nature.includes(n));
      if (!nature) return [];
      tag(`rubrique-${id}`);
      return [
        {
          rubrique: id,
          nature,
          label: rubrique.plural[lang],
          natureLabel: index.natures.get(nature)?.libelle[lang] ?? '',
          alt: rubrique.libelle[lang],
          href: href('nature', { nature, rubrique: id }, lang, config),
        },
      ];
    });
    return { tiles };
  },

  head({ config, lang }) {
    return {
      title: config.settings.title[lang],
      description: config.settings.description[lang],
    };
  },

  Component: function Home({ data, config, lang }) {
    const { t } = useLingui();
    return (
      <div className="home">
        <div className="home__intro">
          <h1>{config.settings.title[lang]}</h1>
          <p>{config.settings.description[lang]}</p>
        </div>
        <HomeSearch config={config} lang={lang} />
        <section aria-labelledby="mosaic-title">
          <h2 id="mosaic-title" className="visually-hidden">{t`Nos catégories de biens`}</h2>
          <ul className="mosaic">
            {data.tiles.map((tile, i) => (
              <li key={`${tile.nature}-${tile.rubrique}`} className="mosaic__tile">
                <a href={tile.href} className="mosaic__link">
                  <img
                    className="mosaic__image"
                    src={`/media/mosaic/${tile.rubrique}.jpg`}
                    width={MOSAIC_IMAGE.width}
                    height={MOSAIC_IMAGE.height}
                    alt={tile.alt}
                    // The first tile is the largest paint candidate: preloaded at high priority,
                    // the others when scrolled to.
                    loading={i === 0 ? undefined : 'lazy'}
                    decoding={i === 0 ? undefined : 'async'}
                    fetchPriority={i === 0 ? 'high' : undefined}
                  />
                  <span className="mosaic__label">
                    <span className="mosaic__title">{tile.label}</span>
                    <span className="mosaic__nature">{tile.natureLabel}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
    );
  },
});

/** Nature and place: a plain GET form (the search route resolves the typed place). */
function HomeSearch({ config, lang }: { config: Config; lang: Lang }) {
  const { t } = useLingui();
  const index = indexConfig(config);
  const natures = index.enabledNatures.flatMap((n) => index.natures.get(n) ?? []);
  return (
    <form
      className="home-search"
      method="get"
      action={`${searchFormPath(lang)}#results`}
      role="search"
      aria-label={t`Rechercher un bien`}
    >
      <div className="home-search__field">
        <label htmlFor="home-search-nature">{t`Transaction`}</label>
        <select id="home-search-nature" name="nature" defaultValue={natures[0]?.id}>
          {natures.map((n) => (
            <option key={n.id} value={n.id}>
              {n.libelle[lang]}
            </option>
          ))}
        </select>
      </div>
      <div className="home-search__field home-search__place">
        <label htmlFor="home-search-place">{t`Lieu`}</label>
        <input
          id="home-search-place"
          name="lieu_q"
          type="text"
          autoComplete="off"
          placeholder={t`Ville, département, région, pays…`}
        />
      </div>
      <button type="submit" className="button home-search__submit">
        {t`Rechercher`}
      </button>
    </form>
  );
}
