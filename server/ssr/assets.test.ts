import { describe, expect, it } from 'vitest';
import { assetsFromManifest, screenModuleKey } from './assets';

const manifest = {
  'client/entry-client.tsx': {
    file: 'assets/entry-client-1.js',
    isEntry: true,
    css: ['assets/entry-client-1.css'],
    imports: ['_vendor-1.js'],
  },
  '_vendor-1.js': { file: 'assets/vendor-1.js' },
  'client/routes/home.tsx': {
    file: 'assets/home-1.js',
    css: ['assets/home-1.css'],
    imports: ['client/entry-client.tsx', '_shared-1.js'],
  },
  '_shared-1.js': { file: 'assets/shared-1.js', css: ['assets/shared-1.css'] },
  'client/routes/agency-directory.tsx': {
    file: 'assets/agency-directory-1.js',
    imports: ['client/entry-client.tsx'],
  },
  'client/routes/pro-leads.tsx': {
    file: 'assets/pro-leads-1.js',
    imports: ['client/entry-client.tsx'],
  },
  'locales/en/messages.po': { file: 'assets/messages-en.js' },
  'locales/fr/messages.po': { file: 'assets/messages-fr.js' },
  'locales/en/pro.po': { file: 'assets/pro-en.js' },
  'locales/fr/pro.po': { file: 'assets/pro-fr.js' },
};

describe('build assets', () => {
  const assets = assetsFromManifest(manifest);

  it('starts the browser app from the entry', () => {
    expect(assets.entryScripts).toEqual(['/assets/entry-client-1.js']);
  });

  it('links the styles and preloads the code of the page’s screen and language', () => {
    expect(assets.forPage('home', 'en')).toEqual({
      stylesheets: ['/assets/entry-client-1.css', '/assets/home-1.css', '/assets/shared-1.css'],
      modulePreloads: [
        '/assets/vendor-1.js',
        '/assets/home-1.js',
        '/assets/shared-1.js',
        '/assets/messages-en.js',
      ],
    });
  });

  it('preloads the professional space’s catalog on its pages alone', () => {
    expect(assets.forPage('proLeads', 'fr').modulePreloads).toEqual([
      '/assets/vendor-1.js',
      '/assets/pro-leads-1.js',
      '/assets/messages-fr.js',
      '/assets/pro-fr.js',
    ]);
    expect(assets.forPage('home', 'fr').modulePreloads).not.toContain('/assets/pro-fr.js');
  });

  it('needs only the entry for an error page', () => {
    expect(assets.forPage(undefined, 'fr')).toEqual({
      stylesheets: ['/assets/entry-client-1.css'],
      modulePreloads: ['/assets/vendor-1.js', '/assets/messages-fr.js'],
    });
  });

  it.each([
    ['home', 'client/routes/home.tsx'],
    ['agencyDirectory', 'client/routes/agency-directory.tsx'],
    ['personalData', 'client/routes/personal-data.tsx'],
  ])('finds the module of screen %s at %s', (screen, key) => {
    expect(screenModuleKey(screen)).toBe(key);
  });

  it('refuses a manifest without the entry', () => {
    expect(() => assetsFromManifest({})).toThrow(/npm run build/);
  });
});
