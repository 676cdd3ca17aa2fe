import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { API_PATHS } from '../../shared/portal-api';

// The offer page's map settings for the browser: the tile URL template of the configuration
// (MAP_TILE_URL) and its attribution. The map loads only when the visitor asks for it; without a
// tile URL, the page shows the place and its coordinates alone.

export const MapConfigSchema = v.object({
  tileUrl: v.nullable(v.string()),
  attribution: v.string(),
});
export type MapConfig = v.InferOutput<typeof MapConfigSchema>;

/** A tile URL template worth using: http(s) with {z}, {x} and {y}; anything else means no tiles. */
export function mapConfigOf(template: string | undefined): MapConfig {
  const value = template?.trim() ?? '';
  const usable =
    /^https?:\/\/[^\s"'<>]+$/.test(value) && ['{z}', '{x}', '{y}'].every((p) => value.includes(p));
  if (!usable) return { tileUrl: null, attribution: '' };
  const attribution = /openstreetmap\.(org|fr)/.test(value)
    ? '© OpenStreetMap contributors'
    : new URL(value.replace(/\{[^}]+\}/g, '0')).host;
  return { tileUrl: value, attribution };
}

export async function offerMapRoutes(
  app: FastifyInstance,
  options: { tileUrl: string | undefined },
) {
  const config = mapConfigOf(options.tileUrl);
  app.get(API_PATHS.mapConfig, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return config;
  });
}
