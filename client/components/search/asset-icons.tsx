import { ATOUTS } from '../../../shared/contract';
import '../../styles/atouts.css';

// Icons of the assets (atouts, spec section 3): line pictograms drawn by CSS
// (client/styles/atouts.css, one `.atout--{key}` rule per asset), in the accent colour of both
// themes. No SVG in the page: the search form lists every asset, and a result page is rendered
// for each request.

/** Assets that have an icon: every atout of the spec (one `.atout--{key}` rule each). */
export const ASSET_ICON_KEYS: ReadonlySet<string> = new Set<string>(ATOUTS);

/** Classes of a checkbox label showing an asset's icon between its box and its text. */
export function assetCheckClass(assetKey: string): string {
  return ASSET_ICON_KEYS.has(assetKey) ? `check asset-check atout--${assetKey}` : 'check';
}

/** One asset's icon (decorative: the asset's name is written next to it). */
export function AssetIcon({ assetKey }: { assetKey: string }) {
  if (!ASSET_ICON_KEYS.has(assetKey)) return null;
  return <span className={`asset-icon atout--${assetKey}`} aria-hidden="true" />;
}
