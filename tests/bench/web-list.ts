import type { OfferList } from '../../shared/contract';
import {
  benchPage,
  pageVerdicts,
  printFigures,
  renderCost,
  type Figures,
  type Portal,
} from './lib';

// The result list page (nature + rubrique + place + price filter, 24 offers) served by the
// production build in embedded mode, at 1 and 32 connections, next to its two ceilings: the same
// bytes as a fixed string, and React rendering the page with its data already in memory.
// Targets on this machine: at 1 connection p50 ≤ 5 ms and p99 ≤ 15 ms; at 32 connections at
// least half the requests per second of the in-memory render, with p99 ≤ 150 ms.

interface Candidate {
  nature: 'V';
  natureSlug: string;
  rubrique: number;
  rubriqueSlug: string;
  lieu: string;
  priceMax: number;
}

// Tried in order: the first with a full page of offers is measured.
const CANDIDATES: readonly Candidate[] = [
  {
    nature: 'V',
    natureSlug: 'vente',
    rubrique: 20,
    rubriqueSlug: 'appartements',
    lieu: 'paris',
    priceMax: 5_000_000,
  },
  {
    nature: 'V',
    natureSlug: 'vente',
    rubrique: 10,
    rubriqueSlug: 'maisons',
    lieu: 'alpes-maritimes',
    priceMax: 10_000_000,
  },
  {
    nature: 'V',
    natureSlug: 'vente',
    rubrique: 10,
    rubriqueSlug: 'maisons',
    lieu: 'france',
    priceMax: 20_000_000,
  },
];

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/** The list page path to measure: a full page (24 offers) of the first candidate that has one. */
export async function listPagePath(portal: Portal): Promise<string> {
  for (const c of CANDIDATES) {
    const lieu = await json<{ id: number }>(`${portal.apiUrl}/lieu?slug=${c.lieu}&lang=fr`).catch(
      () => null,
    );
    if (!lieu) continue;
    const list = await json<OfferList>(
      `${portal.apiUrl}/offre?nature=${c.nature}&rubrique=${c.rubrique}&lieu=${lieu.id}&prix_max=${c.priceMax}&limit=24&lang=fr`,
    );
    if (list.items.length === 24) {
      return `/fr/${c.natureSlug}/${c.rubriqueSlug}/${c.lieu}/?price_max=${c.priceMax}`;
    }
  }
  throw new Error('no list of 24 offers among the candidates: seed more offers');
}

export async function benchList(portal: Portal, { seconds = 8 } = {}): Promise<Figures[]> {
  const path = await listPagePath(portal);
  const rows = await benchPage(portal, `list ${path}`, path, { seconds });
  printFigures('Result list page (production build, embedded PGlite)', rows);
  for (const line of pageVerdicts(rows, { p99At32: 150 })) console.log(line);
  const cost = await renderCost(portal.apiUrl, path);
  console.log(
    `page ${(cost.bytes / 1024).toFixed(1)} KB of HTML; ` +
      `${cost.cpuMs.toFixed(2)} ms CPU per render with its data in memory`,
  );
  return rows;
}
