import { describe, expect, it } from 'vitest';
import type { NatureId, OfferSummary } from '../../shared/contract';
import type { PortalApi } from '../../shared/portal-api';
import {
  EMPTY_SELECTION,
  MAX_SELECTION,
  createPersistedValue,
  fetchOffersByIds,
  groupSelection,
  parseSelection,
  pruneSelection,
  reloadSelection,
  selectionIds,
  selectionSize,
  serialiseSelection,
  withOffer,
  withoutOffer,
  type ReloadedOffer,
  type Selection,
  type StorageLike,
} from './use-selection';

function selection(offers: Partial<Record<NatureId, number[]>>, over: Partial<Selection> = {}) {
  return { ...EMPTY_SELECTION, offers: { V: [], L: [], S: [], ...offers }, ...over } as Selection;
}

/** A storage that records writes; `broken` makes every call throw (private mode). */
function memoryStorage(initial: Record<string, string> = {}, broken = false) {
  const data = new Map(Object.entries(initial));
  const writes: string[] = [];
  const storage: StorageLike = {
    getItem: (key) => {
      if (broken) throw new DOMException('denied', 'SecurityError');
      return data.get(key) ?? null;
    },
    setItem: (key, value) => {
      if (broken) throw new DOMException('full', 'QuotaExceededError');
      writes.push(value);
      data.set(key, value);
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
  return { storage, data, writes };
}

function store(
  storage: () => StorageLike | null,
  listenExternal?: (f: (k: string | null) => void) => () => void,
) {
  return createPersistedValue<Selection>({
    key: 'selection',
    empty: EMPTY_SELECTION,
    parse: parseSelection,
    serialise: serialiseSelection,
    storage,
    listenExternal,
  });
}

describe('parseSelection', () => {
  it.each<[string | null, Partial<Record<NatureId, number[]>>, string, string]>([
    [null, {}, 'all', 'added'],
    ['', {}, 'all', 'added'],
    ['not json', {}, 'all', 'added'],
    ['[1,2]', {}, 'all', 'added'],
    ['{"offers":{"V":[3,7],"L":[9]},"filter":"L","sort":"new"}', { V: [3, 7], L: [9] }, 'L', 'new'],
    ['{"V":[1,2],"S":[4]}', { V: [1, 2], S: [4] }, 'all', 'added'],
    ['{"offers":{"V":[1,1,2]}}', { V: [1, 2] }, 'all', 'added'],
    ['{"offers":{"V":[1],"L":[1,5]}}', { V: [1], L: [5] }, 'all', 'added'],
    ['{"offers":{"V":[1,"2",null,2.5,-3,0]}}', { V: [1] }, 'all', 'added'],
    ['{"offers":{"X":[1],"V":"1,2"}}', {}, 'all', 'added'],
    ['{"offers":{"V":[1]},"filter":"Z","sort":"cheap"}', { V: [1] }, 'all', 'added'],
  ])('%j', (raw, offers, filter, sort) => {
    expect(parseSelection(raw)).toEqual(selection(offers, { filter, sort } as Partial<Selection>));
  });

  it('keeps at most MAX_SELECTION offers', () => {
    const ids = Array.from({ length: MAX_SELECTION + 20 }, (_, i) => i + 1);
    expect(selectionSize(parseSelection(JSON.stringify({ offers: { V: ids } })))).toBe(
      MAX_SELECTION,
    );
  });

  it('reads back what it wrote', () => {
    const s = selection({ V: [5, 2], S: [8] }, { filter: 'S', sort: 'price_desc' });
    expect(parseSelection(serialiseSelection(s))).toEqual(s);
  });
});

describe('adding and removing per nature', () => {
  const cases: {
    name: string;
    from: Partial<Record<NatureId, number[]>>;
    change: (s: Selection) => Selection;
    to: Partial<Record<NatureId, number[]>>;
  }[] = [
    {
      name: 'adds under its nature, last',
      from: { V: [1] },
      change: (s) => withOffer(s, 'V', 2),
      to: { V: [1, 2] },
    },
    {
      name: 'adds to another nature',
      from: { V: [1] },
      change: (s) => withOffer(s, 'L', 3),
      to: { V: [1], L: [3] },
    },
    {
      name: 'adding twice keeps one',
      from: { V: [1] },
      change: (s) => withOffer(s, 'V', 1),
      to: { V: [1] },
    },
    {
      name: 'moves an offer to its new nature',
      from: { V: [1, 2] },
      change: (s) => withOffer(s, 'S', 1),
      to: { V: [2], S: [1] },
    },
    {
      name: 'refuses a non-id',
      from: { V: [1] },
      change: (s) => withOffer(s, 'V', -4),
      to: { V: [1] },
    },
    {
      name: 'removes from whichever nature',
      from: { V: [1], L: [3, 4] },
      change: (s) => withoutOffer(s, 3),
      to: { V: [1], L: [4] },
    },
    {
      name: 'removing an absent offer changes nothing',
      from: { V: [1] },
      change: (s) => withoutOffer(s, 9),
      to: { V: [1] },
    },
  ];
  it.each(cases)('$name', ({ from, change, to }) => {
    expect(change(selection(from)).offers).toEqual(selection(to).offers);
  });

  it('returns the same object when nothing changes (no needless re-render)', () => {
    const s = selection({ V: [1] });
    expect(withOffer(s, 'V', 1)).toBe(s);
    expect(withoutOffer(s, 2)).toBe(s);
  });

  it('adds nothing to a full selection', () => {
    const full = selection({ V: Array.from({ length: MAX_SELECTION }, (_, i) => i + 1) });
    expect(withOffer(full, 'L', 100_000)).toBe(full);
  });
});

function offer(
  id: number,
  nature: NatureId,
  over: Partial<
    Pick<OfferSummary, 'price' | 'monthlyRent' | 'weeklyRent' | 'prixCache' | 'date' | 'status'>
  > = {},
): OfferSummary {
  return {
    id,
    slug: `offer-${id}`,
    nature: { id: nature },
    rubrique: { id: 2 },
    lieu: { id: 3, slug: 'cannes', libelle: 'Cannes' },
    agency: { id: 1, slug: 'ag', name: 'Ag' },
    titre1: `Offer ${id}`,
    titre2: '',
    price: null,
    monthlyRent: null,
    weeklyRent: null,
    prixCache: false,
    surface: null,
    fieldSurface: null,
    rooms: null,
    bedrooms: null,
    reference: `R${id}`,
    date: '2026-01-01T00:00:00.000Z',
    exclusivity: false,
    premium: false,
    status: 'active',
    photo: null,
    priceReduced: false,
    dpeClass: null,
    ...over,
  };
}

describe('groupSelection', () => {
  const offers = [
    offer(1, 'V', { price: 3_000_000, date: '2026-03-01T00:00:00Z' }),
    offer(2, 'V', { price: 1_000_000, date: '2026-05-01T00:00:00Z' }),
    offer(3, 'V', { price: 2_000_000, prixCache: true, date: '2026-04-01T00:00:00Z' }),
    offer(4, 'L', { monthlyRent: 9000, date: '2026-02-01T00:00:00Z' }),
    offer(5, 'L', { monthlyRent: 4000, date: '2026-01-01T00:00:00Z' }),
    offer(6, 'S', { weeklyRent: 12_000 }),
  ];
  const ids = (groups: ReturnType<typeof groupSelection>) =>
    groups.map((g) => `${g.nature}:${g.offers.map((o) => o.id).join(',')}`);
  const stored = { V: [1, 2, 3], L: [4, 5], S: [6] };

  it.each<[Selection['filter'], Selection['sort'], string[]]>([
    ['all', 'added', ['V:3,2,1', 'L:5,4', 'S:6']],
    ['all', 'new', ['V:2,3,1', 'L:4,5', 'S:6']],
    // Hidden prices last, whatever the direction.
    ['all', 'price_asc', ['V:2,1,3', 'L:5,4', 'S:6']],
    ['all', 'price_desc', ['V:1,2,3', 'L:4,5', 'S:6']],
    ['L', 'price_asc', ['L:5,4']],
    ['S', 'added', ['S:6']],
  ])('filter %s, sort %s', (filter, sort, expected) => {
    expect(ids(groupSelection(selection(stored, { filter, sort }), offers))).toEqual(expected);
  });

  it('leaves out offers removed from the selection and natures without offers', () => {
    expect(ids(groupSelection(selection({ V: [2] }), offers))).toEqual(['V:2']);
  });

  it('leaves out ids whose offer did not load', () => {
    expect(ids(groupSelection(selection({ V: [2, 99] }), offers))).toEqual(['V:2']);
  });
});

describe('pruneSelection', () => {
  const found = (id: number, nature: NatureId, status: 'active' | 'obsolete' = 'active') =>
    ({ id, nature: { id: nature }, status }) as ReloadedOffer;

  it.each<
    [
      string,
      Partial<Record<NatureId, number[]>>,
      number[],
      ReloadedOffer[],
      Partial<Record<NatureId, number[]>>,
    ]
  >([
    [
      'keeps offers still on sale',
      { V: [1, 2] },
      [1, 2],
      [found(1, 'V'), found(2, 'V')],
      { V: [1, 2] },
    ],
    ['drops an offer that no longer exists', { V: [1, 2] }, [1, 2], [found(2, 'V')], { V: [2] }],
    ['keeps an offer withdrawn', { L: [3] }, [3], [found(3, 'L', 'obsolete')], { L: [3] }],
    ['regroups an offer whose nature changed', { V: [4] }, [4], [found(4, 'S')], { S: [4] }],
    ['keeps an offer added during the call', { V: [1, 5] }, [1], [], { V: [5] }],
  ])('%s', (_name, from, asked, answer, to) => {
    expect(pruneSelection(selection(from), asked, answer).offers).toEqual(selection(to).offers);
  });
});

describe('the persisted selection', () => {
  it('starts from what is stored and writes on each change', () => {
    const { storage, writes, data } = memoryStorage({
      selection: '{"offers":{"V":[1]},"filter":"all","sort":"added"}',
    });
    const s = store(() => storage);
    expect(selectionIds(s.get())).toEqual([1]);
    s.update((v) => withOffer(v, 'L', 2));
    s.update((v) => withoutOffer(v, 1));
    s.update((v) => ({ ...v, sort: 'new' }));
    expect(writes).toHaveLength(3);
    expect(parseSelection(data.get('selection')!)).toEqual(selection({ L: [2] }, { sort: 'new' }));
    // A new page (a reload) reads the same selection.
    expect(store(() => storage).get()).toEqual(s.get());
  });

  it('does not write when nothing changes', () => {
    const { storage, writes } = memoryStorage();
    const s = store(() => storage);
    s.update((v) => withoutOffer(v, 3));
    expect(writes).toEqual([]);
  });

  it('notifies subscribers on change and stops after unsubscribing', () => {
    const s = store(() => memoryStorage().storage);
    let calls = 0;
    const stop = s.subscribe(() => calls++);
    s.update((v) => withOffer(v, 'V', 1));
    stop();
    s.update((v) => withOffer(v, 'V', 2));
    expect(calls).toBe(1);
  });

  it.each([
    ['localStorage throws on every call', () => memoryStorage({}, true).storage],
    [
      'reading localStorage itself throws',
      () => {
        throw new DOMException('denied', 'SecurityError');
      },
    ],
    ['no localStorage at all', () => null],
  ])('works in memory when %s (private mode)', (_name, storage) => {
    const s = store(storage as () => StorageLike | null);
    let calls = 0;
    s.subscribe(() => calls++);
    expect(s.get()).toEqual(EMPTY_SELECTION);
    s.update((v) => withOffer(v, 'V', 7));
    s.update((v) => withOffer(v, 'S', 8));
    expect(selectionIds(s.get())).toEqual([7, 8]);
    expect(calls).toBe(2);
  });

  it("follows another tab's change of its key only", () => {
    const { storage, data } = memoryStorage();
    let fire: (key: string | null) => void = () => {};
    const s = store(
      () => storage,
      (f) => {
        fire = f;
        return () => {};
      },
    );
    let calls = 0;
    s.subscribe(() => calls++);
    expect(selectionIds(s.get())).toEqual([]);
    data.set('selection', '{"offers":{"S":[4]}}');
    fire('theme');
    expect(selectionIds(s.get())).toEqual([]);
    fire('selection');
    expect(selectionIds(s.get())).toEqual([4]);
    expect(calls).toBe(1);
  });
});

describe('reloadSelection', () => {
  it('drops what the offers call no longer knows, asking 100 ids at a time', async () => {
    const { storage } = memoryStorage({
      selection: JSON.stringify({ offers: { V: Array.from({ length: 150 }, (_, i) => i + 1) } }),
    });
    const s = store(() => storage);
    const calls: number[][] = [];
    const found = await reloadSelection(s, async (ids) => {
      calls.push(ids);
      // Every even id still exists; 10 is no longer on sale.
      return ids
        .filter((id) => id % 2 === 0)
        .map(
          (id) =>
            ({
              id,
              nature: { id: 'V' as const },
              status: id === 10 ? 'obsolete' : 'active',
            }) as ReloadedOffer,
        );
    });
    expect(calls.map((c) => c.length)).toEqual([100, 50]);
    expect(found).toHaveLength(75);
    expect(selectionSize(s.get())).toBe(75);
    expect(selectionIds(s.get())).toContain(10);
    expect(selectionIds(s.get())).not.toContain(1);
  });

  it('keeps everything when the call fails, silently', async () => {
    const s = store(() => memoryStorage({ selection: '{"offers":{"V":[1,2]}}' }).storage);
    const found = await reloadSelection(s, async () => {
      throw new Error('offline');
    });
    expect(found).toBeNull();
    expect(selectionIds(s.get())).toEqual([1, 2]);
  });

  it('does not call for an empty selection', async () => {
    const s = store(() => memoryStorage().storage);
    let called = false;
    expect(
      await reloadSelection(s, async () => {
        called = true;
        return [];
      }),
    ).toEqual([]);
    expect(called).toBe(false);
  });
});

describe('the offers call of the stored selection', () => {
  it("goes through the page's PortalApi, out of the progress bar", async () => {
    const asked: unknown[] = [];
    const api: PortalApi = {
      get: async (name, query, options) => {
        asked.push({ name, query, options });
        return { items: [{ id: 4, nature: { id: 'L' }, status: 'active' }] } as never;
      },
      send: () => Promise.reject(new Error('no writes here')),
    };
    const found = await fetchOffersByIds(api, 'en')([4, 9]);
    expect(found).toEqual([{ id: 4, nature: { id: 'L' }, status: 'active' }]);
    expect(asked).toEqual([
      { name: 'offersByIds', query: { ids: [4, 9], lang: 'en' }, options: { background: true } },
    ]);
  });
});
