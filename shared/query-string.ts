// Query strings written from objects, the same way on every hop (the browser to the BFF, the BFF
// to the listings API): lists comma-separated, and undefined, null, '' and empty lists left out,
// so that a filter not chosen never travels as `key=` (which the other side would refuse as a
// bad value).

export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number)[];
/** A query object: the parameters of a call, before they are written out. */
export type Query = Record<string, QueryValue>;

/** The parameters a query object sends, as text, in the object's order. */
export function queryEntries(query: object): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(query) as [string, unknown][]) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) out.push([key, value.join(',')]);
    } else {
      out.push([key, String(value)]);
    }
  }
  return out;
}

/**
 * The search string of a query object: '' when it sends nothing.
 * @example queryString({ ids: [3, 1], lang: 'fr', page: undefined }) // '?ids=3%2C1&lang=fr'
 */
export function queryString(query: object | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams(queryEntries(query)).toString();
  return search ? `?${search}` : '';
}
