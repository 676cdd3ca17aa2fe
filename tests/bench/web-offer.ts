import type { Config, Lang, OfferDetail, OfferList } from '../../shared/contract';
import { href } from '../../shared/routes';
import { benchPage, pageVerdicts, printFigures, type Figures, type Portal } from './lib';

// The offer page (gallery, features, fees, condominium, energy scales, map block, agency,
// contact form, breadcrumbs, JSON-LD) served by the production build in embedded mode, at 1 and
// 32 connections, next to its two ceilings: the same bytes as a fixed string, and React rendering
// the page with its data already in memory. Targets on this machine: at 1 connection p50 ≤ 5 ms
// and p99 ≤ 15 ms; at 32 connections at least half the requests per second of the in-memory
// render.

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** A full offer page to measure: the newest sale with a condominium, diagnoses and 3+ photos. */
export async function offerPagePath(portal: Portal, lang: Lang = 'fr'): Promise<string> {
  const config = await json<Config>(`${portal.apiUrl}/config`);
  const list = await json<OfferList>(`${portal.apiUrl}/offre?nature=V&sort=new&limit=48&lang=fr`);
  let fallback: OfferDetail | null = null;
  for (const item of list.items) {
    const offer = await json<OfferDetail>(`${portal.apiUrl}/offre/${item.id}?lang=fr`);
    fallback ??= offer;
    if (offer.condo && offer.dpe.class && offer.fees && offer.photos.length >= 3) {
      fallback = offer;
      break;
    }
  }
  if (!fallback) throw new Error('no offer to measure: seed some offers');
  return href(
    'offer',
    {
      nature: fallback.nature.id,
      rubrique: fallback.rubrique.id,
      lieu: fallback.lieu.slug,
      offre: fallback.slug,
    },
    lang,
    config,
  );
}

export async function benchOffer(portal: Portal, { seconds = 8 } = {}): Promise<Figures[]> {
  const path = await offerPagePath(portal);
  const rows = await benchPage(portal, `offer ${path}`, path, { seconds });
  printFigures('Offer page (production build, embedded PGlite)', rows);
  for (const line of pageVerdicts(rows)) console.log(line);
  return rows;
}
