import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { LIEU, TEST_REFERENCE } from '../../tests/fixtures/feeds/reference';
import { RUB } from '../lib/rubriques';
import { formatPolirisLine, polirisRowFrom } from './generate';
import {
  findFeedFile,
  readPolirisFeed,
  readPolirisReferences,
  splitLine,
  type FeedInput,
} from './poliris';
import { NotPolirisError, type FeedLine, type FeedOffer, type RowProblem } from './types';

const FEEDS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../tests/fixtures/feeds',
);

function fixture(name: string): FeedInput {
  return createReadStream(path.join(FEEDS, name, 'annonces.csv'));
}
function bytes(...parts: Array<string | Buffer>): FeedInput {
  return Readable.from([
    Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))),
  ]);
}
async function readAll(input: FeedInput): Promise<FeedLine[]> {
  const out: FeedLine[] = [];
  for await (const line of readPolirisFeed(input, TEST_REFERENCE)) out.push(line);
  return out;
}
function offers(lines: FeedLine[]): FeedOffer[] {
  return lines.flatMap((l) => ('offer' in l ? [l.offer] : []));
}
function problems(lines: FeedLine[]): RowProblem[] {
  return lines.flatMap((l) => ('problem' in l ? [l.problem] : []));
}
const row = (ref: string, values = {}) =>
  formatPolirisLine(
    polirisRowFrom({
      agencePropertyRef: ref,
      annonceType: 'vente',
      type: 'Maison',
      cp: '06400',
      ville: 'Cannes',
      prix: 1_000_000,
      label: 'Maison',
      ...values,
    }),
  );

describe('readPolirisFeed on the sample feeds', () => {
  it('reads the valid feed: a villa in Cannes, a flat in Paris 16e, a chalet, a villa in Geneva', async () => {
    const lines = await readAll(fixture('valid'));
    expect(problems(lines)).toEqual([]);
    expect(lines.map((l) => l.line)).toEqual([1, 2, 3, 4]);
    const [villa, flat, chalet, geneva] = offers(lines);
    expect(villa).toMatchObject({
      reference: 'VILLA-CANNES-01',
      nature: 'V',
      rubriqueId: RUB.villas,
      lieuId: LIEU.cannes,
      price: 4_500_000,
      priceWithoutFees: 4_350_000,
      fees: { payer: 'buyer', percent: 3.45, amount: 150_000 },
      surface: 320,
      fieldSurface: 2500,
      rooms: 8,
      bedrooms: 5,
      titleFr: 'Villa contemporaine vue mer',
      titleEn: 'Contemporary villa with sea view',
      descriptionFr:
        'Villa contemporaine sur les hauteurs de la Californie, piscine à débordement.',
      atouts: ['climatisation', 'garage', 'jardin', 'piscine', 'terrasse'],
      exclusivity: true,
      dpeClass: 'B',
      dpeValue: 95,
      gesClass: 'C',
      gesValue: 12,
      tourUrl: 'https://tour.example.com/villa-cannes',
      lat: 43.5513,
      lng: 7.0128,
    });
    expect(villa?.photos).toEqual([
      { source: { kind: 'file', name: 'villa-1.jpg' }, caption: 'La façade' },
      { source: { kind: 'file', name: 'villa-2.jpg' }, caption: 'Le salon' },
      {
        source: { kind: 'url', url: 'https://photos.example.com/villa-cannes-4.jpg' },
        caption: 'La piscine',
      },
    ]);
    expect(flat).toMatchObject({
      reference: 'APPT-PARIS16-01',
      nature: 'L',
      rubriqueId: RUB.appartements,
      lieuId: LIEU.paris16,
      monthlyRent: 8500,
      fees: { payer: 'tenant', amount: 3200, deposit: 8500, charges: 450 },
      surface: 181,
      atouts: ['ascenseur', 'balcon', 'cave', 'interphone'],
      titleEn: 'Family apartment on avenue Foch',
      dpeClass: 'D',
      dpeValue: 210,
      gesClass: 'E',
      gesValue: 48,
    });
    expect(chalet).toMatchObject({
      reference: 'CHALET-MEGEVE-01',
      nature: 'S',
      rubriqueId: RUB.chalets,
      lieuId: LIEU.megeve,
      weeklyRent: 25_000,
      titleEn: 'Chalet skis aux pieds',
      dpeClass: null,
      photos: [],
    });
    expect(geneva).toMatchObject({
      reference: 'VILLA-GENEVE-01',
      nature: 'V',
      lieuId: LIEU.geneve,
      price: 6_900_000,
      priceHidden: true,
      titleEn: 'Lakeside villa',
    });
  });

  it('reads the bad-rows feed: one offer, and each bad row with its line, column and reason', async () => {
    const lines = await readAll(fixture('bad-rows'));
    expect(offers(lines).map((o) => [o.reference, o.lieuId])).toEqual([
      ['GOOD-LYON-01', LIEU.lyon3],
    ]);
    expect(problems(lines)).toEqual([
      {
        line: 2,
        reference: null,
        position: 2,
        column: 'agencePropertyRef',
        reason: 'the reference is missing',
      },
      {
        line: 3,
        reference: 'BAD-CITY',
        position: 6,
        column: 'ville',
        reason: 'unknown city: 06400 Cannnes',
      },
      {
        line: 4,
        reference: 'BAD-PRICE',
        position: 11,
        column: 'prix',
        reason: "price is not a number: '12 5OO'",
      },
      {
        line: 5,
        reference: 'BAD-TYPE',
        position: 4,
        column: 'type',
        reason: 'unknown property type: Péniche',
      },
      {
        line: 6,
        reference: 'BAD-COLUMNS',
        position: null,
        column: null,
        reason: 'wrong column count: 100 columns, the format has 333',
      },
      {
        line: 7,
        reference: 'BAD-ENCODING',
        position: 21,
        column: 'description',
        reason: 'bad encoding: a byte sequence that is neither UTF-8 nor Windows-1252',
      },
    ]);
  });

  it('reads a Windows-1252 row: accents and the euro sign', async () => {
    const [line] = await readAll(fixture('windows-1252'));
    expect(line).toMatchObject({
      line: 1,
      offer: {
        reference: 'MAS-ALPILLES-01',
        rubriqueId: RUB.mas,
        lieuId: LIEU.saintRemy,
        price: 1_250_000,
        titleFr: 'Mas rénové au cœur des Alpilles',
        descriptionFr: 'Mas rénové, honoraires à la charge du vendeur, 1 250 000 €.',
      },
    });
  });

  it('rejects a comma-separated file with a header as not Poliris', async () => {
    await expect(readAll(fixture('not-poliris'))).rejects.toThrow(
      new NotPolirisError(
        "not a Poliris feed: fields are separated by ',', not by '!#', and no line has the format's 333 columns",
      ),
    );
  });
});

describe('readPolirisFeed on bytes', () => {
  it('yields nothing for an empty file or blank lines', async () => {
    expect(await readAll(bytes(''))).toEqual([]);
    expect(await readAll(bytes('\n\r\n  \n'))).toEqual([]);
  });

  it('strips a BOM, accepts CRLF and a last line without LF, and counts lines with blank ones', async () => {
    const feed = `\ufeff${row('A').replace('\n', '\r\n')}\n${row('B').slice(0, -1)}`;
    const lines = await readAll(bytes(feed));
    expect(lines.map((l) => [l.line, 'offer' in l && l.offer.reference])).toEqual([
      [1, 'A'],
      [3, 'B'],
    ]);
  });

  it('reads a stream cut anywhere, even inside a UTF-8 character', async () => {
    const data = Buffer.from(row('É-1', { ville: 'Cannes', label: 'Résidence été' }) + row('É-2'));
    const chunks = Array.from({ length: data.length }, (_, i) => data.subarray(i, i + 1));
    const lines = await readAll(Readable.from(chunks));
    expect(offers(lines).map((o) => [o.reference, o.titleFr])).toEqual([
      ['É-1', 'Résidence été'],
      ['É-2', 'Maison'],
    ]);
  });

  it('decodes each line on its own: UTF-8 and Windows-1252 lines in one file', async () => {
    const lines = await readAll(
      bytes(
        row('U', { label: 'Été' }),
        iconv.encode(row('W', { label: 'Château 5 €' }), 'win1252'),
      ),
    );
    expect(offers(lines).map((o) => o.titleFr)).toEqual(['Été', 'Château 5 €']);
  });

  it('reads a field with a stray double quote', async () => {
    const line = row('Q', { label: 'X' }).replace('"X"', '"La "Villa" bleue"');
    const [read] = await readAll(bytes(line));
    expect(read).toMatchObject({ offer: { reference: 'Q', titleFr: 'La "Villa" bleue' } });
    expect(splitLine('"a"!#"b"!#""')).toEqual(['a', 'b', '']);
  });

  it('ignores columns beyond the 333', async () => {
    const line = row('X').replace(/\n$/, '!#"extra"!#"more"\n');
    expect(offers(await readAll(bytes(line))).map((o) => o.reference)).toEqual(['X']);
  });

  it('reports short rows before the first full one once the file shows it is Poliris', async () => {
    const short = `"S"!#"short"\n`;
    const lines = await readAll(bytes(short, row('A'), short));
    expect(lines.map((l) => [l.line, 'problem' in l ? l.problem.reason : 'offer'])).toEqual([
      [1, 'wrong column count: 2 columns, the format has 333'],
      [2, 'offer'],
      [3, 'wrong column count: 2 columns, the format has 333'],
    ]);
  });

  it.each([
    ['JSON', '{"offers": []}\n', 'not a Poliris feed: it looks like JSON'],
    [
      'XML',
      '<?xml version="1.0"?>\n<annonces/>\n',
      'not a Poliris feed: it looks like XML or HTML',
    ],
    ['a zip', 'PK\u0003\u0004rest', 'not a Poliris feed: it is a zip archive, not annonces.csv'],
    ['binary', 'abc\u0000def\n', 'not a Poliris feed: it is a binary file, not text'],
    [
      'semicolons',
      'a;b;c\n1;2;3\n',
      "not a Poliris feed: fields are separated by ';', not by '!#', and no line has the format's 333 columns",
    ],
    [
      'short rows',
      '"a"!#"b"\n"c"!#"d"!#"e"\n',
      "not a Poliris feed: no line has the format's 333 columns (at most 3)",
    ],
  ])('rejects %s as not Poliris', async (_, content, reason) => {
    await expect(readAll(bytes(content))).rejects.toThrow(new NotPolirisError(reason));
  });

  it('decides a file is not Poliris after its first 20 non-empty lines, without reading on', async () => {
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled++;
        yield Buffer.from('name,price\n');
      }
    }
    await expect(readAll(Readable.from(endless()))).rejects.toThrow(NotPolirisError);
    expect(pulled).toBeLessThan(40);
  });
});

describe('readPolirisReferences', () => {
  it('lists the reference of every row that has one, mapped or not', async () => {
    const refs: Array<{ line: number; reference: string }> = [];
    for await (const r of readPolirisReferences(fixture('bad-rows'))) refs.push(r);
    expect(refs).toEqual([
      { line: 1, reference: 'GOOD-LYON-01' },
      { line: 3, reference: 'BAD-CITY' },
      { line: 4, reference: 'BAD-PRICE' },
      { line: 5, reference: 'BAD-TYPE' },
      { line: 6, reference: 'BAD-COLUMNS' },
      { line: 7, reference: 'BAD-ENCODING' },
    ]);
  });

  it('rejects a file that is not Poliris', async () => {
    const run = async () => {
      for await (const _ of readPolirisReferences(fixture('not-poliris'))) void _;
    };
    await expect(run()).rejects.toThrow(NotPolirisError);
  });
});

describe('findFeedFile', () => {
  it.each(['annonces.csv', 'Annonces.csv', 'ANNONCES.CSV'])(
    'finds %s in a folder',
    async (name) => {
      const dir = await mkdtemp(path.join(tmpdir(), 'feed-'));
      try {
        await writeFile(path.join(dir, 'photo1.jpg'), '');
        await writeFile(path.join(dir, name), '');
        expect(await findFeedFile(dir)).toBe(path.join(dir, name));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it('answers null for a folder without a feed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'feed-'));
    try {
      await writeFile(path.join(dir, 'annonces.txt'), '');
      expect(await findFeedFile(dir)).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
