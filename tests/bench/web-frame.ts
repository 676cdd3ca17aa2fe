import { benchPage, printFigures, type Portal } from './lib';

// The frame's pages: the home page (mosaic, header, footer) and a 404 page, served by the
// production build, next to the same bytes as a fixed string and React with data in memory.

export async function benchFrame(portal: Portal, { seconds = 8 } = {}) {
  const rows = [
    ...(await benchPage(portal, 'home /fr/', '/fr/', { seconds })),
    ...(await benchPage(portal, '404 /fr/nowhere/', '/fr/vente/nowhere/x/y/z/', {
      seconds,
      expectStatus: 404,
    })),
  ];
  printFigures('Frame pages (production build, embedded PGlite)', rows);
  return rows;
}
