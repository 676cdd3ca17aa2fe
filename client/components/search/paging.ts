// Which page links a pager shows (no React here: unit-tested on its own).

/** The page numbers to show: first, last, and a window around the current one; null is a gap. */
export function pagerItems(page: number, pageCount: number, around = 2): (number | null)[] {
  const pages = new Set<number>([1, pageCount]);
  for (let p = page - around; p <= page + around; p++) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const previous = out[out.length - 1];
    if (typeof previous === 'number' && p - previous === 2) out.push(previous + 1);
    else if (typeof previous === 'number' && p - previous > 2) out.push(null);
    out.push(p);
  }
  return out;
}
