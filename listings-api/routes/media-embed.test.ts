import { describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_EMBED_HOSTS } from '../../shared/host-list';
import { isEmbeddable } from './offres';

// Which video and 3D-tour addresses offer pages embed: https on a host of the list, by exact name
// (or under a `*.` entry), never by a name that merely starts or ends like an allowed one.

describe('isEmbeddable', () => {
  const hosts = DEFAULT_MEDIA_EMBED_HOSTS;

  it.each([
    'https://my.matterport.com/show/?m=abc123',
    'https://MY.MATTERPORT.COM/show/?m=abc123',
    'https://www.youtube-nocookie.com/embed/xyz',
    'https://player.vimeo.com/video/42',
  ])('embeds %s', (url) => {
    expect(isEmbeddable(url, hosts)).toBe(true);
  });

  it.each([
    ['another https host', 'https://tour.example.com/villa'],
    ['a suffix trick', 'https://my.matterport.com.evil.test/show'],
    ['a prefix trick', 'https://evilmy.matterport.com/show'],
    ['a sub-domain of an exact entry', 'https://x.my.matterport.com/show'],
    ['user info naming the host', 'https://my.matterport.com@evil.test/show'],
    ['plain http', 'http://my.matterport.com/show'],
    ['javascript:', 'javascript:alert(1)'],
    ['no address', null],
    ['not an address', 'my.matterport.com/show'],
  ])('does not embed %s', (_what, url) => {
    expect(isEmbeddable(url, hosts)).toBe(false);
  });

  it('follows the setting, with `*.` entries for names under a domain', () => {
    expect(isEmbeddable('https://tours.agence.test/1', ['*.agence.test'])).toBe(true);
    expect(isEmbeddable('https://agence.test/1', ['*.agence.test'])).toBe(false);
    expect(isEmbeddable('https://my.matterport.com/show', [])).toBe(false);
  });
});
