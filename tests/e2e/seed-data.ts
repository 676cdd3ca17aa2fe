import type { APIRequestContext } from '@playwright/test';

// Paths of the e2e seed's offers, agencies and networks, read through the portal's JSON API.

export type Lang = 'fr' | 'en';

interface ConfigLike {
  natures: { id: string; slug: Record<Lang, string>; libelle: Record<Lang, string> }[];
  rubriquesTree: RubriqueLike;
}
interface RubriqueLike {
  id: number;
  isGeneric: boolean;
  slug: Record<Lang, string>;
  nature: string[];
  children: RubriqueLike[];
}
export interface OfferSummaryLike {
  id: number;
  slug: string;
  titre1: string;
  nature: { id: string };
  rubrique: { id: number };
  lieu: { slug: string };
  agency: { slug: string; name: string };
}

function findRubrique(node: RubriqueLike, id: number): RubriqueLike | undefined {
  if (node.id === id) return node;
  for (const child of node.children) {
    const hit = findRubrique(child, id);
    if (hit) return hit;
  }
  return undefined;
}

export async function portalConfig(request: APIRequestContext): Promise<ConfigLike> {
  return (await (await request.get('/api/config')).json()) as ConfigLike;
}

/** The path of an offer page, as the route table writes it. */
export function offerPath(config: ConfigLike, offer: OfferSummaryLike, lang: Lang): string {
  const nature = config.natures.find((n) => n.id === offer.nature.id)!;
  const rubrique = findRubrique(config.rubriquesTree, offer.rubrique.id);
  const parts = [lang, nature.slug[lang]];
  if (rubrique && !rubrique.isGeneric && rubrique.nature.includes(offer.nature.id)) {
    parts.push(rubrique.slug[lang]);
  }
  parts.push(offer.lieu.slug, offer.slug);
  return `/${parts.join('/')}/`;
}

/** The newest offers of a nature. */
export async function offersOf(
  request: APIRequestContext,
  nature: 'V' | 'L' | 'S',
  lang: Lang,
): Promise<OfferSummaryLike[]> {
  const list = (await (
    await request.get(`/api/offre?nature=${nature}&sort=new&limit=24&lang=${lang}`)
  ).json()) as { items: OfferSummaryLike[] };
  return list.items;
}

/** An offer with at least `photos` photos: its path and photo count. */
export async function offerWithPhotos(request: APIRequestContext, lang: Lang, photos: number) {
  const config = await portalConfig(request);
  for (const item of await offersOf(request, 'V', lang)) {
    const detail = (await (
      await request.get(`/api/offre-detail?slug=${item.slug}&lang=${lang}`)
    ).json()) as { photos: unknown[] };
    if (detail.photos.length >= photos) {
      return { path: offerPath(config, item, lang), count: detail.photos.length, offer: item };
    }
  }
  throw new Error('no offer with enough photos in the seed');
}

/** An offer with a video and a 3D tour, both embedded as players: its path and addresses. */
export async function offerWithMedia(request: APIRequestContext, lang: Lang) {
  const config = await portalConfig(request);
  for (const nature of ['V', 'L', 'S'] as const) {
    for (let page = 1; page <= 20; page++) {
      const list = (await (
        await request.get(`/api/offre?nature=${nature}&limit=24&page=${page}&lang=${lang}`)
      ).json()) as { items: OfferSummaryLike[] };
      for (const item of list.items) {
        const detail = (await (
          await request.get(`/api/offre-detail?slug=${item.slug}&lang=${lang}`)
        ).json()) as {
          videoUrl: string | null;
          tourUrl: string | null;
          mediaEmbed: { video: boolean; tour: boolean };
        };
        if (detail.videoUrl && detail.tourUrl && detail.mediaEmbed.video && detail.mediaEmbed.tour)
          return {
            path: offerPath(config, item, lang),
            video: detail.videoUrl,
            tour: detail.tourUrl,
          };
      }
      if (list.items.length < 24) break;
    }
  }
  throw new Error('no offer with a video and a 3D tour in the e2e database');
}

interface ReviewLike {
  lang: Lang;
  date: string;
  title: string;
  rating: number;
}

/** The agency with the most reviews among those with reviews in both languages. */
export async function agencyWithBilingualReviews(request: APIRequestContext) {
  let best: { slug: string; total: number; items: ReviewLike[]; average: number } | null = null;
  for (let page = 1; page <= 10; page++) {
    const list = (await (
      await request.get(`/api/agences?limit=48&page=${page}&lang=fr`)
    ).json()) as { items: { id: number; slug: string }[]; total: number };
    for (const agency of list.items) {
      const reviews = (await (
        await request.get(`/api/client-survey?agency=${agency.id}&lang=en&limit=48`)
      ).json()) as { total: number; average: number; items: ReviewLike[] };
      const langs = new Set(reviews.items.map((r) => r.lang));
      if (langs.size === 2 && reviews.total > 8 && (!best || reviews.total > best.total)) {
        best = { slug: agency.slug, ...reviews };
      }
    }
    if (page * 48 >= list.total) break;
  }
  if (!best) throw new Error('no agency with reviews in both languages in the e2e database');
  return best;
}
