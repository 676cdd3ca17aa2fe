/** Anchors of the professional contact page's sections, linked from the footer's professional space. */
export const PRO_SECTIONS = {
  services: 'services',
  advertise: 'annoncer',
  clients: 'acces-clients',
  contact: 'contact',
} as const;
