import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config, Lang } from '../../../shared/contract';
import { href, type ScreenId } from '../../../shared/routes';
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE_S } from '../../../server/language-preference';
import { CONTACT_COOKIE } from '../../../server/writes/contact';
import { ALERT_COOKIE } from '../../../server/writes/alerts';
import { CONSENT_COOKIE } from '../../../client/hooks/use-consent';
import { COOKIE_NAMES, STORAGE_KEYS } from '../../../client/content/legal/storage';
import { COMPANY, HOST, MEDIATOR } from '../../../client/content/legal/company';
import { findPlaceholders } from '../../../client/content/legal/placeholders';
import { RELEVANCE, RELEVANCE_MAX } from '../../../client/content/legal/relevance';
import { RETENTION } from '../../../listings-api/privacy/retention';
import { testDbKinds } from '../../fixtures/db';
import { buildWebApp, startListingsApi, textOf, upstreamJson } from './helpers';

// The legal pages (terms of use, legal notice, personal data, cookies, ranking) in both
// languages: 200 with their title, canonical and hreflang alternates, cached a day at the edge;
// the texts name what the law asks for; the cookies page lists the cookies the portal really
// sets (checked against the server's own names) and the browser storage it uses.

const PAGES: { screen: ScreenId; title: Record<Lang, string>; must: Record<Lang, string[]> }[] = [
  {
    screen: 'cgu',
    title: { fr: 'Conditions générales d’utilisation', en: 'Terms of use' },
    must: {
      fr: ['Éditeur du site', 'Signalement de contenus illicites', 'Droit applicable'],
      en: ['Publisher', 'Reporting unlawful content', 'Governing law'],
    },
  },
  {
    screen: 'legals',
    title: { fr: 'Mentions légales', en: 'Legal notice' },
    must: {
      fr: [
        COMPANY.name,
        COMPANY.rcs,
        COMPANY.vat,
        'Directrice de la publication',
        COMPANY.director,
        HOST.name,
        HOST.phone,
        'Médiation de la consommation',
        MEDIATOR.name,
      ],
      en: [
        COMPANY.name,
        COMPANY.siret,
        'Director of publication',
        COMPANY.director,
        HOST.name,
        'SAS',
        'Consumer mediation',
        MEDIATOR.name,
      ],
    },
  },
  {
    screen: 'personalData',
    title: { fr: 'Données personnelles', en: 'Personal data' },
    must: {
      fr: [
        'Responsable du traitement',
        COMPANY.dpo.email,
        'Base légale',
        'Durée de conservation',
        'droit à l’effacement',
        'CNIL',
        // The periods the retention purge enforces (listings-api/privacy/retention.ts).
        `${RETENTION.contactYears} ans à compter de la demande, puis suppression`,
        `Les demandes d’une même adresse e-mail : ${RETENTION.prospectYears} ans à compter de la dernière`,
        `une alerte jamais confirmée est supprimée après ${RETENTION.unconfirmedAlertDays} jours`,
        'Jusqu’à la suppression de l’alerte ou votre désinscription',
      ],
      en: [
        'Data controller',
        COMPANY.dpo.email,
        'Legal basis',
        'Retention period',
        'right to erasure',
        'CNIL',
        `${RETENTION.contactYears} years from the request, then deleted`,
        `The requests of one e-mail address: ${RETENTION.prospectYears} years from the last one`,
        `an alert never confirmed is deleted after ${RETENTION.unconfirmedAlertDays} days`,
        'Until the alert is deleted or you unsubscribe',
      ],
    },
  },
  {
    screen: 'cookies',
    title: { fr: 'Cookies', en: 'Cookies' },
    must: {
      fr: [
        '365 jours',
        'Cartes interactives',
        'Modifier mes choix de cookies',
        // The selection's offer ids go to the servers to show their state (GET /api/offre-ids).
        'les numéros des biens de votre sélection, transmis à nos serveurs',
      ],
      en: [
        '365 days',
        'Interactive maps',
        'Change my cookie choices',
        'the numbers of the properties in your selection, sent to our servers',
      ],
    },
  },
  {
    screen: 'ranking',
    title: { fr: 'Classement des annonces', en: 'How listings are ranked' },
    must: {
      fr: [
        'mise en avant',
        'la plus récemment publiée',
        'influencé par une rémunération',
        `indice de pertinence sur ${RELEVANCE_MAX.total} points`,
        `${RELEVANCE.perListing} points par annonce`,
        `au moins ${RELEVANCE.completePhotos} photos`,
        'd’abord ceux rédigés dans la langue de la page',
      ],
      en: [
        'featured option',
        'most recently published',
        'influenced by a payment',
        `relevance index out of ${RELEVANCE_MAX.total} points`,
        `${RELEVANCE.perListing} points per listing`,
        `at least ${RELEVANCE.completePhotos} photos`,
        'first those written in the language of the page',
      ],
    },
  },
];

describe.each(testDbKinds)('legal pages on %s', (kind) => {
  let listings: Awaited<ReturnType<typeof startListingsApi>>;
  let app: FastifyInstance;
  let config: Config;
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: 'localhost' } });

  beforeAll(async () => {
    listings = await startListingsApi(kind);
    app = await buildWebApp(listings.url);
    config = await upstreamJson<Config>(listings.url, '/config');
  });
  afterAll(async () => {
    await app?.close();
    await listings?.close();
  });

  const rows = PAGES.flatMap((page) => (['fr', 'en'] as Lang[]).map((lang) => ({ ...page, lang })));

  it.each(rows)(
    '$screen answers 200 in $lang with its texts',
    async ({ screen, lang, title, must }) => {
      const path = href(screen, {} as never, lang, config);
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-language']).toBe(lang);
      expect(res.headers['cache-control']).toContain('s-maxage=86400');
      expect(res.body).toContain(`<title>${title[lang]}</title>`);
      const text = textOf(res.body);
      expect(text).toContain(title[lang]);
      for (const words of must[lang]) expect(text).toContain(words);
      // No placeholder left in the text as served (the document, not the page's frame).
      const article = /<article class="legal">([\s\S]*)<\/article>/.exec(res.body)?.[1];
      expect(article).toBeDefined();
      expect(findPlaceholders(textOf(article!).replace(/<!-- -->/g, ''))).toEqual([]);
      const other: Lang = lang === 'fr' ? 'en' : 'fr';
      expect(res.body).toContain(
        `<link rel="alternate" hrefLang="${other}" href="http://localhost${href(screen, {} as never, other, config)}"/>`,
      );
    },
  );

  it('names the cookies the server really sets', () => {
    expect(COOKIE_NAMES).toEqual({
      language: LANG_COOKIE,
      consent: CONSENT_COOKIE,
      contactCounter: CONTACT_COOKIE,
      alertTokens: ALERT_COOKIE,
    });
    expect(LANG_COOKIE_MAX_AGE_S).toBe(365 * 24 * 3600);
  });

  it.each(['fr', 'en'] as Lang[])(
    'lists every cookie and stored key on the cookies page (%s)',
    async (lang) => {
      const res = await get(href('cookies', {}, lang, config));
      const text = textOf(res.body);
      for (const name of [...Object.values(COOKIE_NAMES), ...Object.values(STORAGE_KEYS)])
        expect(text).toContain(name);
    },
  );

  it('links every legal page from the footer', async () => {
    const res = await get(href('home', {}, 'en', config));
    for (const page of PAGES)
      expect(res.body).toContain(`href="${href(page.screen, {} as never, 'en', config)}"`);
    expect(res.body).toContain('data-cookie-choices');
  });
});
