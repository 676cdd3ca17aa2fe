import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenActions } from '../../../client/app/screen';
import type { AgencyList, Config, Lang, OfferList } from '../../../shared/contract';
import { ACTION_HEADER } from '../../../shared/page-actions';
import { href, offerHref } from '../../../shared/routes';
import { buildWebApp, startListingsApi, upstreamJson } from './helpers';

// Every form of every page refuses a post from another site, with and without JavaScript, before
// its action runs: a 403 in the page's language, no cookie set. The table of actions is checked
// against the screens' own actions, so a new action without a row here fails.

/** The action names the screens declare (client/routes/{screen}.server.ts). */
function declaredActions(): string[] {
  const modules = import.meta.glob<{ default: ScreenActions }>(
    '../../../client/routes/*.server.ts',
    { eager: true },
  );
  const names = Object.values(modules).flatMap((module) => Object.keys(module.default));
  return [...new Set(names)].sort();
}

describe('forms posted from another site', () => {
  let listings: Awaited<ReturnType<typeof startListingsApi>>;
  let web: FastifyInstance;
  const pages: Record<string, Record<Lang, string>> = {};

  beforeAll(async () => {
    listings = await startListingsApi('pglite');
    const config = await upstreamJson<Config>(listings.url, '/config');
    const offer = (await upstreamJson<OfferList>(listings.url, '/offre?limit=1')).items[0]!;
    const agency = (await upstreamJson<AgencyList>(listings.url, '/agence?limit=1&lang=fr'))
      .items[0]!;
    const each = (path: (lang: Lang) => string) => ({ fr: path('fr'), en: path('en') });
    const offerPage = each((lang) => offerHref(offer, lang, config));
    const alertsPage = each((lang) => href('alerts', {}, lang, config));
    pages.contact = offerPage;
    pages.phone = offerPage;
    pages.prospect = each((lang) => href('proContact', {}, lang, config));
    pages['alert-create'] = each((lang) => href('nature', { nature: 'V' }, lang, config));
    pages['alert-delete'] = alertsPage;
    pages['alert-confirm'] = alertsPage;
    pages['alert-unsubscribe'] = alertsPage;
    pages['contact (agency)'] = each((lang) =>
      href('agency', { agence: agency.slug }, lang, config),
    );
    // The professional space's actions.
    const pro = (screen: 'proDashboard' | 'proSignIn' | 'proLeads' | 'proTeam' | 'proFeeds') =>
      each((lang) => href(screen, {}, lang, config));
    pages['sign-out'] = pro('proDashboard');
    pages['sign-out-everywhere'] = pro('proDashboard');
    pages['sign-in'] = pro('proSignIn');
    pages['sign-in-confirm'] = pro('proSignIn');
    pages['lead-handled'] = pro('proLeads');
    pages.invite = pro('proTeam');
    pages.remove = pro('proTeam');
    pages['feed-key'] = pro('proFeeds');
    web = await buildWebApp(listings.url);
  }, 120_000);
  afterAll(async () => {
    await web?.close();
    await listings?.close();
  });

  it('has a page for every action the screens declare', () => {
    const tested = Object.keys(pages).map((name) => name.replace(/ \(.*\)$/, ''));
    expect([...new Set(tested)].sort()).toEqual(declaredActions());
  });

  const cases = () =>
    Object.entries(pages).flatMap(([name, paths]) =>
      (['fr', 'en'] as const).flatMap((lang) =>
        [true, false].map((js) => ({
          name: name.replace(/ \(.*\)$/, ''),
          path: paths[lang],
          lang,
          js,
        })),
      ),
    );

  it('refuses each of them with 403 in the page language, before the action runs', async () => {
    const messages = {
      fr: "Ce formulaire n'est accepté que depuis ce site.",
      en: 'This form is only accepted from this site.',
    };
    for (const { name, path, lang, js } of cases()) {
      const res = await web.inject({
        method: 'POST',
        url: path,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://attacker.example',
          'sec-fetch-site': 'cross-site',
          ...(js ? { [ACTION_HEADER]: '1' } : {}),
        },
        payload: new URLSearchParams({
          _form: name,
          offer_id: '1',
          email: 'victim@example.org',
          token: 'x'.repeat(43),
        }).toString(),
      });
      expect(res.statusCode, `${name} ${path} js=${js}`).toBe(403);
      expect(res.json().message).toBe(messages[lang]);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
    }
  }, 60_000);

  it('refuses from this site a form its page does not have, even a name every object has', async () => {
    for (const name of ['prospect', 'constructor']) {
      for (const js of [true, false]) {
        const res = await web.inject({
          method: 'POST',
          url: pages.contact!.en,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'sec-fetch-site': 'same-origin',
            ...(js ? { [ACTION_HEADER]: '1' } : {}),
          },
          payload: new URLSearchParams({ _form: name, offer_id: '1' }).toString(),
        });
        expect(res.statusCode, `${name} js=${js}`).toBe(400);
      }
    }
  });
});
