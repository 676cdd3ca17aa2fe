import type { ReactNode } from 'react';
import type { Config, Lang } from '../../shared/contract';
import { OfferCard, type CardOffer } from './offer-card';

// The grid of offer cards of every screen that lists offers (result lists and hubs, an agency's
// offers, the selection): one list of cards, each with its controls. The screen gives the list's
// class (its columns and spacing) and, where it has one, its accessible name.

export interface OfferGridProps<T extends CardOffer> {
  offers: readonly T[];
  lang: Lang;
  config: Config;
  className: string;
  /** Accessible name of the list. */
  label?: string;
  /** How many first cards are the page's largest paint candidates (their photos load at once). */
  eager?: number;
  /** Level of the cards' title headings (default 3). */
  headingLevel?: 2 | 3;
  /** Controls of each card (the favourite toggle), placed in the card's actions slot. */
  actions?: (offer: T) => ReactNode;
  /** The link of each card (default: the offer's page), e.g. one carrying the search. */
  linkFor?: (offer: T) => string;
}

export function OfferGrid<T extends CardOffer>({
  offers,
  lang,
  config,
  className,
  label,
  eager = 0,
  headingLevel,
  actions,
  linkFor,
}: OfferGridProps<T>) {
  return (
    <ul className={className} aria-label={label}>
      {offers.map((offer, i) => (
        <li key={offer.id}>
          <OfferCard
            offer={offer}
            lang={lang}
            config={config}
            eager={i < eager}
            headingLevel={headingLevel}
            actions={actions?.(offer)}
            to={linkFor?.(offer)}
          />
        </li>
      ))}
    </ul>
  );
}
