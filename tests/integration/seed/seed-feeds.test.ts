import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../listings-api/db/connection';
import { COL } from '../../../listings-api/feeds/columns';
import { readPolirisRows } from '../../../listings-api/feeds/poliris';
import { writeSeedFeeds } from '../../../tools/seed/feeds';
import { TEST_PHOTOS_DIR, createTestDb } from '../../fixtures/db';

// The feeds the seed writes at first start name a negotiator (columns 105–107) on part of the
// offers, under a reserved domain, so a fresh portal shows both ways a lead goes: to the
// negotiator and to the agency.

describe('the seed feeds', () => {
  let db: Db;
  let dir: string;

  beforeAll(async () => {
    db = await createTestDb('pglite');
    dir = await mkdtemp(join(tmpdir(), 'seed-feeds-'));
  });
  afterAll(async () => {
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('name a negotiator on one offer in three, with a phone and an example.com address', async () => {
    const [summary] = await writeSeedFeeds(db, {
      inboxDir: dir,
      photosDir: TEST_PHOTOS_DIR,
      agencies: 1,
      newOffers: 0,
    });
    const rows: string[][] = [];
    for await (const row of readPolirisRows(
      createReadStream(join(dir, summary!.agency, 'annonces.csv')),
    )) {
      if ('cells' in row) rows.push(row.cells);
    }
    expect(rows).toHaveLength(summary!.rows);
    expect(rows.length).toBeGreaterThan(3);
    const negotiators = rows.map((cells) => ({
      tel: cells[COL.tel - 1],
      name: cells[COL.fullName - 1],
      email: cells[COL.email - 1],
    }));
    const named = negotiators.filter((n) => n.email);
    expect(named).toHaveLength(Math.ceil(rows.length / 3));
    for (const n of named) {
      expect(n.name).toMatch(/^\S+ \S+$/);
      expect(n.tel).toMatch(/^06 39 98 \d\d \d\d$/);
      expect(n.email).toMatch(new RegExp(`^[a-z]+\\.[a-z]+@${summary!.agency}\\.example\\.com$`));
    }
    // The others leave the columns empty: their leads go to the agency.
    expect(negotiators.filter((n) => !n.email && !n.name && !n.tel)).toHaveLength(
      rows.length - named.length,
    );
  });
});
