// The photo store (PHOTOS_DIR): each photo in every width of PHOTO_WIDTHS (shared/contract.ts),
// 4:3, under `{id}-{width}.jpg`. The demo seed's pool and the photos of imported feeds alike.

/** The largest size a photo is stored in. */
export const PHOTO_MAX = { width: 1200, height: 900 } as const;

export function photoFileName(id: number, width: number): string {
  return `${id}-${width}.jpg`;
}
