import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang, OfferDetail, OfferList, OfferObsolete } from '../../../shared/contract';
import { indexConfig } from '../../../shared/config-index';
import { formatAmount, formatPrice, formatSurface } from '../../../shared/format';
import { href } from '../../../shared/routes';
import { testDbKinds } from '../../fixtures/db';
import { textOf, upstreamJson } from './helpers';
import {
  findOffer,
  offerDetail,
  offerPathOf,
  startOfferWorld,
  statCounts,
  type OfferWorld,
} from './offer-fixture';

// The offer page on the real listings API and the seeded test database: every section present
// when the offer has it, the head (canonical, hreflang, Open Graph, JSON-LD), cache tags, the
// obsolete page (410), unknown slugs (404), paths that are not the offer's own (301), previous
// and next in a search carried by the URL, and the stat calls of the page.

const LANGS: Lang[] = ['fr', 'en'];
/** Spaces as textOf leaves them (narrow and no-break spaces of formatted numbers included). */
const flat = (s: string) => s.replace(/\s+/g, ' ');
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Text as React writes it in HTML (text and attributes). */
const attr = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!.replace(/\\u003c/g, '<')) as Record<string, unknown>,
  );
}

describe.each(testDbKinds)('offer page on %s', (kind) => {
  let world: OfferWorld;
  let fullId: number;
  let noDpeId: number;
  let hiddenPriceId: number;
  let rentalId: number;
  let obsoleteId: number;
  let mediaId: number;
  let embedId: number;

  beforeAll(async () => {
    world = await startOfferWorld(kind);
    const { db } = world;
    fullId = await findOffer(
      db,
      sql<boolean>`o.nature = 'V' AND o.condo IS NOT NULL AND o.dpe_class IS NOT NULL
        AND o.ges_class IS NOT NULL AND o.fees IS NOT NULL AND NOT o.prix_cache
        AND o.price_without_fees IS NOT NULL AND jsonb_array_length(o.photos) >= 3
        AND cardinality(o.atouts) > 0`,
    );
    mediaId = await findOffer(db, sql<boolean>`o.video_url IS NOT NULL AND o.tour_url IS NOT NULL`);
    noDpeId = await findOffer(
      db,
      sql<boolean>`o.dpe_class IS NULL AND o.ges_class IS NULL AND o.dpe_absence IS NULL`,
    );
    hiddenPriceId = await findOffer(db, sql<boolean>`o.prix_cache`);
    rentalId = await findOffer(
      db,
      sql<boolean>`o.nature = 'L' AND o.fees IS NOT NULL AND NOT o.prix_cache`,
    );
    // An offer no other test reads, so no answer of it is cached before its addresses change.
    embedId = await findOffer(
      db,
      sql<boolean>`o.video_url IS NOT NULL
        AND o.id NOT IN (${fullId}, ${mediaId}, ${noDpeId}, ${hiddenPriceId}, ${rentalId})`,
    );
    const obsolete = await sql<{ id: number }>`
      SELECT id FROM offers WHERE status = 'obsolete' ORDER BY id LIMIT 1`.execute(db.kysely);
    obsoleteId = obsolete.rows[0]!.id;
  });
  afterAll(async () => {
    await world?.close();
  });

  describe.each(LANGS)('in %s', (lang) => {
    let offer: OfferDetail;
    let path: string;
    let html: string;
    let text: string;
    let headers: Record<string, unknown>;

    beforeAll(async () => {
      offer = await offerDetail(world, fullId, lang);
      path = offerPathOf(offer, lang, world.config);
      const res = await world.web.inject(path);
      expect(res.statusCode).toBe(200);
      html = res.body;
      text = textOf(html);
      headers = res.headers;
    });

    it('shows the titles, the description in the page language, the reference, the date', () => {
      expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeRe(attr(offer.titre1))}</h1>`));
      expect(text).toContain(offer.titre2);
      const firstSentence = offer.description.split(/[.!?]/)[0]!.trim();
      expect(text).toContain(firstSentence);
      expect(text).toContain(offer.reference);
      expect(text).toContain(lang === 'fr' ? 'Publiée le' : 'Published on');
      if (offer.exclusivity) expect(text).toContain(lang === 'fr' ? 'Exclusivité' : 'Exclusive');
    });

    it('shows the features and the assets', () => {
      expect(text).toContain(flat(formatSurface(offer.surface!, lang)));
      expect(text).toContain(lang === 'fr' ? 'Surface habitable' : 'Living area');
      if (offer.rooms !== null) expect(text).toContain(lang === 'fr' ? 'Pièces' : 'Rooms');
      expect(offer.atouts.length).toBeGreaterThan(0);
      for (const atout of offer.atouts) expect(html).toContain(`atout--${atout}`);
    });

    it('shows the price with the fee breakdown', () => {
      expect(text).toContain(flat(formatPrice(offer.price!, 'V', lang)));
      const payer = {
        fr: {
          buyer: "Honoraires à la charge de l'acquéreur",
          seller: 'Honoraires à la charge du vendeur',
        },
        en: { buyer: 'Fees paid by the buyer', seller: 'Fees paid by the seller' },
      }[lang][offer.fees!.payer as 'buyer' | 'seller'];
      expect(text).toContain(payer);
      expect(text).toContain(lang === 'fr' ? 'Prix hors honoraires' : 'Price without fees');
      expect(text).toContain(flat(formatPrice(offer.priceWithoutFees!, 'V', lang)));
    });

    it('shows the condominium', () => {
      expect(text).toContain(lang === 'fr' ? 'Copropriété' : 'Condominium');
      expect(text).toContain(lang === 'fr' ? 'Nombre de lots' : 'Number of lots');
      expect(text).toContain(flat(formatAmount(offer.condo!.yearly_charges, lang)));
    });

    it('draws the DPE and GES scales with the class and value for screen readers', () => {
      const sep = '\\s*:\\s*';
      const cls = lang === 'fr' ? 'Classe' : 'Class';
      const dpe = new RegExp(
        `\\(DPE\\)${sep}${cls} ${offer.dpe.class}${sep}${offer.dpe.value} kWh`,
      );
      expect(text, text.slice(text.indexOf('(DPE)') - 80, text.indexOf('(DPE)') + 120)).toMatch(
        dpe,
      );
      expect(text).toMatch(
        new RegExp(`\\(GES\\)${sep}${cls} ${offer.ges.class}${sep}${offer.ges.value} kg`),
      );
      expect(html).toContain(`energy__row--${offer.dpe.class} energy__row--current`);
      expect(html.match(/<ol class="energy__scale" aria-hidden="true">/g)).toHaveLength(2);
    });

    it('shows the place with its coordinates and the address request', () => {
      expect(text).toContain(offer.lieu.libelle);
      expect(text).toMatch(/\d+[.,]\d{4}° [NS], \d+[.,]\d{4}° [EWO]/);
      expect(html).toContain(`${path}?demande=adresse#contact`);
    });

    it('serves the photos with srcset and sizes, width and height', () => {
      const first = offer.photos[0]!;
      const id = first.src.match(/\/photos\/(\d+)-/)![1];
      expect(html).toMatch(
        new RegExp(
          `<img src="/media/${id}-800\\.jpg" srcSet="/media/${id}-400\\.jpg 400w, /media/${id}-800\\.jpg 800w, /media/${id}-1200\\.jpg 1200w" sizes="[^"]+" width="${first.width}" height="${first.height}"`,
        ),
      );
      expect(html).toContain(`href="/media/${id}-1200.jpg"`);
      expect(html.match(/loading="lazy"/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    });

    it('shows the agency, its phone behind a reveal, and the contact form', () => {
      expect(text).toContain(offer.agency.name);
      expect(text).not.toContain(offer.agency.phone);
      expect(html).toMatch(/<input type="hidden" name="_form" value="phone"\/>/);
      expect(html).toMatch(/<input type="hidden" name="_form" value="contact"\/>/);
      expect(html).toContain(`<input type="hidden" name="offer_id" value="${offer.id}"/>`);
      for (const name of ['name', 'phone', 'email']) expect(html).toContain(`name="${name}"`);
      expect(html).toContain('<textarea');
      expect(html).toContain('name="reco"');
    });

    it('has breadcrumbs down to the offer', () => {
      expect(html).toContain(
        lang === 'fr' ? 'aria-label="Fil d&#x27;Ariane"' : 'aria-label="Breadcrumb"',
      );
      expect(html).toMatch(
        new RegExp(`<span aria-current="page">${escapeRe(attr(offer.titre1))}</span>`),
      );
    });

    it('has the head: title, description, canonical, hreflang, Open Graph image, JSON-LD', () => {
      expect(html).toMatch(new RegExp(`<title>${escapeRe(attr(offer.titre1))}`));
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html).toMatch(
        new RegExp(`<link rel="canonical" href="https?://[^"]+${escapeRe(path)}"`),
      );
      for (const other of LANGS) {
        const otherPath = offerPathOf(offer, other, world.config);
        expect(html).toMatch(
          new RegExp(
            `<link rel="alternate" hrefLang="${other}" href="https?://[^"]+${escapeRe(otherPath)}"`,
          ),
        );
      }
      expect(html).toMatch(
        /<meta property="og:image" content="https?:\/\/[^"]+\/media\/\d+-1200\.jpg"/,
      );
      const listing = jsonLdOf(html).find((item) => item['@type'] === 'RealEstateListing');
      expect(listing).toBeDefined();
      expect(listing).toMatchObject({
        name: offer.titre1,
        offers: { '@type': 'Offer', price: offer.price, priceCurrency: 'EUR' },
        contentLocation: { '@type': 'Place', name: offer.lieu.libelle },
      });
      expect((listing!.image as string[]).length).toBe(offer.photos.length);
      expect(jsonLdOf(html).some((item) => item['@type'] === 'BreadcrumbList')).toBe(true);
    });

    it('tags the answer with the offer, its agency and its place', () => {
      const tags = String(headers['cache-tag']).split(',');
      expect(tags).toEqual(
        expect.arrayContaining([
          `offre-${offer.id}`,
          `agence-${offer.agency.id}`,
          `lieu-${offer.lieu.id}`,
        ]),
      );
      expect(headers['cache-control']).toMatch(/^public, .*s-maxage=\d+/);
      expect(headers['content-language']).toBe(lang);
    });
  });

  it.each(LANGS)('says "not provided" for a missing energy diagnosis (%s)', async (lang) => {
    const offer = await offerDetail(world, noDpeId, lang);
    const res = await world.web.inject(offerPathOf(offer, lang, world.config));
    expect(res.statusCode).toBe(200);
    const text = textOf(res.body);
    const missing = lang === 'fr' ? 'Non communiqué' : 'Not provided';
    expect(text).toMatch(new RegExp(`\\(DPE\\)\\s*:\\s*${missing}`));
    expect(text).toMatch(new RegExp(`\\(GES\\)\\s*:\\s*${missing}`));
    expect(res.body).not.toContain('energy__scale');
  });

  it.each(LANGS)('offers the video and the 3D tour on request only (%s)', async (lang) => {
    // The seed's addresses are on hosts outside MEDIA_EMBED_HOSTS: links only.
    const offer = await offerDetail(world, mediaId, lang);
    expect(offer.mediaEmbed).toEqual({ video: false, tour: false });
    const res = await world.web.inject(offerPathOf(offer, lang, world.config));
    const text = textOf(res.body);
    expect(text).toContain(lang === 'fr' ? 'Vidéo du bien' : 'Video of the property');
    expect(text).toContain(lang === 'fr' ? 'Visite virtuelle 3D' : '3D virtual tour');
    expect(res.body).toContain(`href="${attr(offer.videoUrl!)}" target="_blank"`);
    expect(res.body).toContain(`href="${attr(offer.tourUrl!)}" target="_blank"`);
    // No player, so no consent asked for one.
    expect(text).not.toContain(lang === 'fr' ? 'Afficher la vidéo' : 'Show the video');
    expect(text).not.toContain(
      lang === 'fr' ? 'Afficher la visite virtuelle' : 'Show the virtual tour',
    );
    expect(res.body).not.toContain('<iframe');
    // The policy frames the allowed players' hosts alone, never any https host.
    const frameSrc = /frame-src [^;]*/.exec(String(res.headers['content-security-policy']))?.[0];
    expect(frameSrc).toContain('https://my.matterport.com');
    expect(frameSrc).not.toMatch(/ https:( |$)/);
  });

  it.each(LANGS)(
    'embeds the players of allowed hosts only, others as a link (%s)',
    async (lang) => {
      const tourUrl = 'https://my.matterport.com/show/?m=portal3d';
      const videoUrl = 'https://my.matterport.com.evil.test/video';
      await sql`UPDATE offers SET tour_url = ${tourUrl}, video_url = ${videoUrl}
      WHERE id = ${embedId}`.execute(world.db.kysely);
      const offer = await offerDetail(world, embedId, lang);
      expect(offer.mediaEmbed).toEqual({ video: false, tour: true });
      const res = await world.web.inject(offerPathOf(offer, lang, world.config));
      expect(res.statusCode).toBe(200);
      const text = textOf(res.body);
      // The tour's player behind the consent (the server renders without it); the video a link.
      expect(text).toContain(
        lang === 'fr' ? 'Afficher la visite virtuelle' : 'Show the virtual tour',
      );
      expect(text).not.toContain(lang === 'fr' ? 'Afficher la vidéo' : 'Show the video');
      expect(res.body).toContain(`href="${attr(tourUrl)}" target="_blank"`);
      expect(res.body).toContain(`href="${attr(videoUrl)}" target="_blank"`);
    },
  );

  it.each(LANGS)('hides a hidden price (%s)', async (lang) => {
    const offer = await offerDetail(world, hiddenPriceId, lang);
    const res = await world.web.inject(offerPathOf(offer, lang, world.config));
    const text = textOf(res.body);
    expect(text).toContain(lang === 'fr' ? 'Prix sur demande' : 'Price on request');
    const amount = offer.price ?? offer.monthlyRent ?? offer.weeklyRent;
    if (amount !== null) expect(text).not.toContain(flat(formatAmount(amount, lang)));
    const listing = jsonLdOf(res.body).find((item) => item['@type'] === 'RealEstateListing');
    expect((listing!.offers as Record<string, unknown>).price).toBeUndefined();
  });

  it.each(LANGS)('gives a rent with its monthly suffix (%s)', async (lang) => {
    const offer = await offerDetail(world, rentalId, lang);
    const res = await world.web.inject(offerPathOf(offer, lang, world.config));
    const text = textOf(res.body);
    expect(text).toContain(flat(formatPrice(offer.monthlyRent!, 'L', lang)));
    expect(text).toContain(lang === 'fr' ? '/mois' : '/month');
  });

  it.each([
    ['fr', "Ce bien d'exception n'est plus disponible"],
    ['en', 'This exceptional property is no longer available'],
  ] as const)(
    'answers 410 for an obsolete offer with related searches (%s)',
    async (lang, title) => {
      const answer = await fetch(`${world.apiUrl}/offre/${obsoleteId}?lang=${lang}`);
      expect(answer.status).toBe(410);
      const obsolete = (await answer.json()) as OfferObsolete;
      const res = await world.web.inject(offerPathOf(obsolete.offer, lang, world.config));
      expect(res.statusCode).toBe(410);
      expect(textOf(res.body)).toContain(title);
      expect(res.body).toMatch(new RegExp(`<h1[^>]*>${escapeRe(attr(title))}</h1>`));
      const { nature, lieu } = obsolete.related;
      expect(res.body).toContain(
        `href="${href('list', { nature, lieu: lieu.slug }, lang, world.config)}"`,
      );
      const rubrique = indexConfig(world.config).rubriques.get(obsolete.related.rubrique)!;
      if (!rubrique.isGeneric) {
        expect(res.body).toContain(
          `href="${href('list', { nature, rubrique: rubrique.id, lieu: lieu.slug }, lang, world.config)}"`,
        );
      }
      // Each language's punctuation: 'Vente : Appartements', 'Sale: Apartments'.
      const natureLabel = indexConfig(world.config).natures.get(nature)!.libelle[lang];
      expect(textOf(res.body)).toContain(`${natureLabel}${lang === 'fr' ? ' : ' : ': '}`);
      if (lang === 'en') expect(textOf(res.body)).not.toContain(`${natureLabel} :`);
      expect(res.body).toContain('<meta name="robots" content="noindex, follow"/>');
      expect(String(res.headers['cache-tag'])).toContain(`offre-${obsolete.offer.id}`);
    },
  );

  it('passes the obsolete offer to the browser as a 410 with its related searches', async () => {
    const obsolete = (await (
      await fetch(`${world.apiUrl}/offre/${obsoleteId}?lang=fr`)
    ).json()) as OfferObsolete;
    const res = await world.web.inject(`/api/offre-detail?slug=${obsolete.offer.slug}&lang=fr`);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({
      status: 'obsolete',
      related: { nature: obsolete.related.nature },
    });
  });

  it.each([
    ['fr', "La page que vous visitez n'existe pas."],
    ['en', 'The page you are visiting does not exist.'],
  ] as const)('answers 404 for an unknown slug (%s)', async (lang, message) => {
    const offer = await offerDetail(world, fullId, lang);
    const path = offerPathOf({ ...offer, slug: 'no-such-offer-0' }, lang, world.config);
    const res = await world.web.inject(path);
    expect(res.statusCode).toBe(404);
    expect(textOf(res.body)).toContain(message);
  });

  it("redirects a path that is not the offer's own to it (301), keeping the query", async () => {
    const offer = await offerDetail(world, fullId, 'fr');
    const own = offerPathOf(offer, 'fr', world.config);
    const wrong = offerPathOf(
      { ...offer, lieu: { ...offer.lieu, slug: world.config.genericLieu.slug } },
      'fr',
      world.config,
    );
    expect(wrong).not.toBe(own);
    const res = await world.web.inject(`${wrong}?demande=adresse`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`${own}?demande=adresse`);
  });

  it('pre-fills the contact message after an address request (no JavaScript)', async () => {
    const offer = await offerDetail(world, fullId, 'fr');
    const res = await world.web.inject(`${offerPathOf(offer, 'fr', world.config)}?demande=adresse`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(
      new RegExp(
        `<textarea[^>]*>Bonjour, je souhaiterais connaître l&#x27;adresse exacte de ce bien \\(référence ${escapeRe(offer.reference)}\\)`,
      ),
    );
  });

  describe('previous and next in the search of the URL', () => {
    let list: OfferList;
    let listPath: string;

    beforeAll(async () => {
      const offer = await offerDetail(world, fullId, 'fr');
      const city = [...offer.lieu.ancestors, offer.lieu].find((p) => p.type === 'Departements')!;
      list = await upstreamJson<OfferList>(
        world.apiUrl,
        `/offre?nature=V&lieu=${city.id}&sort=new&limit=24&lang=fr`,
      );
      expect(list.items.length).toBeGreaterThanOrEqual(3);
      listPath = href('list', { nature: 'V', lieu: city.slug }, 'fr', world.config, {
        query: 'sort=new',
      });
    });

    it("links the neighbours and the list at the offer's page", async () => {
      const [previous, current, next] = list.items;
      const query = new URLSearchParams({ from: listPath, sk: list.search_key });
      const res = await world.web.inject(`${offerPathOf(current!, 'fr', world.config)}?${query}`);
      expect(res.statusCode).toBe(200);
      const text = textOf(res.body);
      expect(text).toContain(`Bien 2 sur ${list.total}`);
      expect(res.body).toContain(`href="${attr(listPath)}"`);
      const neighbour = (offer: typeof previous) =>
        `href="${attr(`${offerPathOf(offer!, 'fr', world.config)}?${query}`)}"`;
      expect(res.body).toContain(neighbour(previous));
      expect(res.body).toContain(neighbour(next));
      expect(res.body).toMatch(/rel="prev"/);
      expect(res.body).toMatch(/rel="next"/);
    });

    it('shows no neighbours for a search key that does not match its search', async () => {
      const current = list.items[1]!;
      const query = new URLSearchParams({ from: listPath, sk: 'A'.repeat(22) });
      const res = await world.web.inject(`${offerPathOf(current, 'fr', world.config)}?${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('rel="next"');
    });

    it.each([
      ['https://evil.example/fr/vente/'],
      ['//evil.example/fr/'],
      ['/fr/nowhere/at/all/x/y/'],
    ])('ignores a list that is not one of this site (%s)', async (from) => {
      const current = list.items[1]!;
      const res = await world.web.inject(
        `${offerPathOf(current, 'fr', world.config)}?${new URLSearchParams({ from })}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('offer-nav');
    });
  });

  describe('stat calls', () => {
    it.each(['detail', 'telephone'] as const)('records a %s stat for the offer', async (type) => {
      const before = (await statCounts(world.db, fullId))[type] ?? 0;
      const res = await world.web.inject({
        method: 'POST',
        url: '/api/stat',
        payload: { type, id: fullId },
      });
      expect(res.statusCode).toBe(201);
      expect((await statCounts(world.db, fullId))[type]).toBe(before + 1);
    });

    it('refuses a telephone stat without an offer id', async () => {
      const res = await world.web.inject({
        method: 'POST',
        url: '/api/stat',
        payload: { type: 'telephone' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'id' });
    });

    it('reveals the phone posted without JavaScript and counts it', async () => {
      const offer = await offerDetail(world, fullId, 'en');
      const before = (await statCounts(world.db, fullId)).telephone ?? 0;
      const res = await world.web.inject({
        method: 'POST',
        url: offerPathOf(offer, 'en', world.config),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ _form: 'phone', offer_id: String(fullId) }).toString(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(textOf(res.body)).toContain(offer.agency.phone);
      expect(res.body).toMatch(/href="tel:\+\d+"/);
      expect((await statCounts(world.db, fullId)).telephone).toBe(before + 1);
    });
  });
});
