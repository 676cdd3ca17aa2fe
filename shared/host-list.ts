import * as v from 'valibot';

// Host allow-lists of the settings (FEEDS_PHOTO_HOSTS, MEDIA_EMBED_HOSTS): a comma-separated list
// of host names, each exact (`player.vimeo.com`) or a wildcard over subdomains (`*.example.com`).
// The listings API decides with it which player addresses an offer page embeds; the web app
// derives from the same list the pages' `frame-src`, so the policy allows exactly those hosts.

/** The video and 3D-tour players offer pages embed unless MEDIA_EMBED_HOSTS says otherwise. */
export const DEFAULT_MEDIA_EMBED_HOSTS = [
  'my.matterport.com',
  'www.youtube-nocookie.com',
  'www.youtube.com',
  'player.vimeo.com',
];

/** A setting's comma-separated host list, lower-cased, each entry checked. */
export const HostList = v.pipe(
  v.string(),
  v.transform((s) =>
    s
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter((h) => h !== ''),
  ),
  v.array(
    v.pipe(
      v.string(),
      v.regex(
        /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/,
        'must list host names (example.com, *.example.com)',
      ),
    ),
  ),
);

/** Whether `hostname` is one of the list's hosts (a `*.` entry: any subdomain of it). */
export function isHostAllowed(hostname: string, allowedHosts: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return allowedHosts.some((entry) => {
    const allowed = entry.trim().toLowerCase();
    if (allowed.startsWith('*.')) return host.endsWith(allowed.slice(1));
    return allowed !== '' && host === allowed;
  });
}

/** The CSP sources of a host list: its hosts over https, wildcards kept. */
export function httpsSources(hosts: readonly string[]): string[] {
  return hosts.map((host) => `https://${host}`);
}
