// The offer search of GET /offre, /offre/navigation, /offre/premium and /offre/clusters, and of
// the alert mails, by job:
// - filters.ts: the criteria (query-string entries, canonical form and search_key, places and
//   rubriques resolved);
// - conditions.ts: criteria → the WHERE conditions on the offers table;
// - sorting.ts: the sort keys and the page asked;
// - summaries.ts: the columns and the card of an offer;
// - place-scope.ts: searches offer_places serves (decision 005);
// - page.ts: the list query, one page and its total;
// - counts.ts: the total of a search;
// - navigation.ts: the previous and next offers of an offer page and its rank.

export * from './filters';
export * from './conditions';
export * from './sorting';
export * from './summaries';
export * from './place-scope';
export * from './page';
export * from './counts';
export * from './navigation';
