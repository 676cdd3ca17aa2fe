import { describe, expect, it } from 'vitest';
import { NUL_BYTE_REASON } from '../../listings-api/feeds/poliris';
import { catalogI18n } from '../../shared/catalogs.server';
import { FEED_REASON_IDS, feedReasonId, feedReasonText } from '../../shared/pro-feed-reasons';

// The feeds screens show every reason of a feed import in the page's language: one reason of
// each shape the feeds code writes (listings-api/feeds/), as it writes it, is translated in
// French and in English, and every message of the table is used.

const SAMPLES = [
  "the feed would withdraw 12 of the agency's 20 active offers (more than half); not applied (force it to apply)",
  'the feed holds no offer: it would withdraw all 20 active offers of the agency; not applied (force it to apply)',
  'the feed holds no annonces.csv',
  'not a Poliris feed: it is a zip archive, not annonces.csv',
  'not a Poliris feed: it is a gzip file',
  'not a Poliris feed: it is a binary file, not text',
  'not a Poliris feed: it looks like JSON',
  'not a Poliris feed: it looks like XML or HTML',
  "not a Poliris feed: no line has the format's 334 columns (at most 12)",
  "not a Poliris feed: fields are separated by ';', not by '!#', and no line has the format's 334 columns",
  "not a Poliris feed: no line has the format's 334 columns separated by '!#'",
  'the import stopped: connection lost',
  'stock.zip is not a zip archive',
  'stock.zip is not a readable zip archive (end of central directory record signature not found)',
  'stock.zip is a damaged zip archive (invalid signature)',
  'stock.zip holds 20001 entries; at most 20000 are accepted',
  'stock.zip holds more than 20000 entries',
  'stock.zip inflates to more than 2 GB',
  'stock.zip inflates more than 100 times its size',
  'stock.zip: entry "a.jpg" is encrypted; send the archive without a password',
  'stock.zip: entry "a.jpg" uses compression method 12; only stored and deflated entries are read',
  'stock.zip: entry "../a.jpg" leaves the folder; files must sit at the root of the archive or in one folder',
  'stock.zip: entries "A.jpg" and "a.jpg" would both be a.jpg; file names must be unique',
  'stock.zip: x/annonces.csv is not at the root of the archive nor in its single top-level folder',
  'stock.zip: entry "a.jpg" inflates beyond the 1000 bytes its header declares',
  'stock.zip: entry "a.jpg" holds 900 bytes where its header declares 1000',
  'stock.zip: entry "a.jpg" cannot be read (invalid distance)',
  'stock.zip: entry "a.jpg" inflates more than 100 times its compressed size',
  'stock.zip: entry "a.jpg" is larger than 50 MB',
  'duplicate reference VILLA-1 (first on line 3)',
  'the reference is missing',
  'wrong column count: 40 columns, the format has 334',
  'bad encoding: a byte sequence that is neither UTF-8 nor Windows-1252',
  'bad encoding: the control character U+0007',
  NUL_BYTE_REASON,
  'the line is longer than 1 MB',
  "price is not a number: 'abc'",
  'the price is missing',
  'the monthly rent is missing',
  'the weekly rent is missing',
  'the transaction type is missing',
  'unknown transaction type: troc',
  'the portal lists sales and rentals of homes only: viager',
  'the property type is missing',
  'unknown property type: yourte',
  'the portal lists homes and estates only: Parking',
  'the portal has no rubrique for chateau',
  'the city is missing',
  'unknown city: 06400 Cannes-sur-Mer',
  'unknown country: Atlantide',
  'photo-1.jpg is not an image (text/html)',
  'photo-1.jpg is not an image',
  'photo-1.jpg: gif images are not accepted (JPEG, PNG, WebP or AVIF)',
  'photo-1.jpg: 20000×20000 pixels is over the limit (100 MP)',
  'photo-1.jpg: the jpeg image cannot be read (VipsJpeg: premature end)',
  'photo-1.jpg is not a file',
  'photo-1.jpg: no such file in the feed',
  'photo-1.jpg: larger than 20 MB',
  'photo-1.jpg is empty',
  'https://photos.example/1.jpg: more than 5 redirects',
  'https://photos.example/1.jpg: redirected to an invalid URL',
  'https://photos.example/1.jpg: the server answered 404',
  'https://photos.example/1.jpg: timed out after 20 s',
  'https://photos.example/1.jpg: cannot be fetched (ECONNREFUSED)',
  'ftp//x: not a valid URL',
  'ftp://photos.example/1.jpg: ftp URLs are not fetched (http or https only)',
  'https://photos.example/1.jpg: redirected to evil.example, a host not allowed (FEEDS_PHOTO_HOSTS)',
  'https://10.0.0.1/1.jpg: 10.0.0.1, not a public address',
  'https://photos.example/1.jpg: the server answered 500 (the current photo is kept)',
];

describe('feed reasons in the page language', () => {
  it('knows every shape of reason the feeds code writes, and uses every message', () => {
    const used = new Set(SAMPLES.map((reason) => [reason, feedReasonId(reason)] as const));
    expect([...used].filter(([, id]) => id === null)).toEqual([]);
    expect(new Set([...used].map(([, id]) => id)).size).toBe(FEED_REASON_IDS.length);
  });

  it.each(['fr', 'en'] as const)('writes every reason in %s, the parts it quotes kept', (lang) => {
    const i18n = catalogI18n(lang);
    for (const reason of SAMPLES) {
      const text = feedReasonText(i18n, reason);
      expect(text, reason).not.toBe(reason);
      expect(text, reason).not.toMatch(/\{\w+\}/);
    }
    const heldBack = feedReasonText(i18n, SAMPLES[0]!);
    expect(heldBack).toContain('12');
    expect(heldBack).toContain('20');
    expect(heldBack).toMatch(
      lang === 'fr'
        ? /^Le flux retirerait 12 des 20 annonces actives/
        : /^The feed would withdraw 12/,
    );
    expect(feedReasonText(i18n, 'duplicate reference VILLA-1 (first on line 3)')).toContain(
      'VILLA-1',
    );
    expect(feedReasonText(i18n, SAMPLES.at(-1)!)).toBe(
      lang === 'fr'
        ? 'https://photos.example/1.jpg : le serveur a répondu 500. La photo actuelle est gardée.'
        : 'https://photos.example/1.jpg: the server answered 500. The current photo is kept.',
    );
  });

  it('shows a reason of an unknown shape as written', () => {
    expect(feedReasonText(catalogI18n('fr'), 'something new')).toBe('something new');
  });
});
