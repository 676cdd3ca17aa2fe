import { describe, expect, it } from 'vitest';
import { clientNavigationTarget } from './use-link-navigation';

const ORIGIN = 'https://www.example.com';

function click(
  href: string | null,
  options: {
    button?: number;
    ctrlKey?: boolean;
    defaultPrevented?: boolean;
    target?: string;
    attrs?: string[];
  } = {},
): MouseEvent {
  const anchor =
    href === null
      ? null
      : {
          href: new URL(href, ORIGIN).href,
          target: options.target ?? '',
          hasAttribute: (name: string) => (options.attrs ?? []).includes(name),
        };
  return {
    defaultPrevented: options.defaultPrevented ?? false,
    button: options.button ?? 0,
    metaKey: false,
    ctrlKey: options.ctrlKey ?? false,
    shiftKey: false,
    altKey: false,
    target: { closest: () => anchor },
  } as unknown as MouseEvent;
}

describe('clientNavigationTarget', () => {
  it.each([
    ['a page link', click('/fr/vente/'), '/fr/vente/'],
    ['a page link with query and hash', click('/en/sale/?page=2#list'), '/en/sale/?page=2#list'],
    ['an absolute link to this site', click(`${ORIGIN}/en/`), '/en/'],
    ['no anchor', click(null), null],
    ['another site', click('https://elsewhere.example/fr/'), null],
    ['the language switch (server route)', click('/lang/en?to=%2Fen%2F'), null],
    ['a photo', click('/media/1-400.jpg'), null],
    ['a click already handled (a <Link>)', click('/fr/', { defaultPrevented: true }), null],
    ['a middle click', click('/fr/', { button: 1 }), null],
    ['a ctrl-click (new tab)', click('/fr/', { ctrlKey: true }), null],
    ['target=_blank', click('/fr/', { target: '_blank' }), null],
    ['a download', click('/fr/', { attrs: ['download'] }), null],
    ['data-reload', click('/fr/', { attrs: ['data-reload'] }), null],
    ['an anchor of this page', click('/fr/?a=1#top'), null],
  ])('%s → %j', (_label, event, expected) => {
    expect(clientNavigationTarget(event, ORIGIN, '/fr/?a=1')).toBe(expected);
  });
});
