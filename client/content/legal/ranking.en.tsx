import { Link } from 'react-router';
import { RELEVANCE, RELEVANCE_MAX } from './relevance';
import { Mail, type LegalBodyProps, type LegalDocument } from './legal-screen';

function Body({ to, siteName, publisher }: LegalBodyProps) {
  return (
    <>
      <p>
        As an online platform, {siteName} explains how the listings and agencies it shows are
        accepted, removed and ranked, as required by articles L. 111-7 and D. 111-7 et seq. of the
        French Consumer Code.
      </p>

      <h2>1. Who can publish listings</h2>
      <p>
        Only professional real-estate agencies holding the professional licence required by French
        law no. 70-9 of 2 January 1970 (the “Hoguet law”), under a paid publication contract with{' '}
        {publisher.name}, publish listings on the website. Private individuals cannot publish.
        Listings are imported from the agencies’ software; each agency is responsible for the
        accuracy of its listings.
      </p>

      <h2>2. Removal of listings</h2>
      <ul>
        <li>
          a property sold, let or withdrawn by the agency disappears from the results; its page then
          says that this exceptional property is no longer available and suggests similar searches;
        </li>
        <li>the listings of an agency whose contract ends are removed;</li>
        <li>
          an unlawful, misleading or duplicate listing is removed, and the agency is informed.
        </li>
      </ul>

      <h2>3. Default ranking of results</h2>
      <p>When you have not chosen a sort, the listings matching your search are ranked:</p>
      <ol>
        <li>
          first, listings with a <strong>featured option</strong>, which the agency paid{' '}
          {publisher.name} for; they are marked “Featured listing” in the lists;
        </li>
        <li>then, within each group, from the most recently published to the oldest.</li>
      </ol>
      <p>
        <strong>This default ranking is therefore influenced by a payment made by agencies.</strong>{' '}
        No other payment, shareholding or contractual relationship influences the order of listings.
        Featured listings still have to match your criteria.
      </p>

      <h2>4. Other sorts, at your choice</h2>
      <ul>
        <li>
          <strong>Newest</strong>: by publication date, from the most recent to the oldest,
          regardless of featured options;
        </li>
        <li>
          <strong>Price ascending or descending</strong> (sales), monthly <strong>rent</strong>{' '}
          (rentals) or <strong>weekly rent</strong> (seasonal rentals): properties whose price is
          not disclosed come last.
        </li>
      </ul>
      <p>
        Listings published at the same moment, or at the same price, keep a fixed order: that of
        their registration number on the website (the most recently registered first on the default
        sort and on “Newest”; in the direction of the sort on price and rent sorts). The listings on
        an agency’s page and on a network’s page follow the default ranking.
      </p>

      <h2>5. Search criteria</h2>
      <p>
        Results only contain available properties that meet all your criteria: type of transaction,
        category (and its sub-categories), place (and the places within it), price or rent bounds,
        minimum number of rooms and bedrooms, surfaces, and each of the features asked for.
      </p>
      <p>
        When no property matches, the website tells you so and suggests, clearly presented as such,
        the nearest properties: in towns less than 30 km away, in a wider place, or in other
        categories in the same place.
      </p>

      <h2>6. Agency directory</h2>
      <p>
        The directory shows the partner agencies in business; those whose contract has ended are no
        longer listed, and their page remains available with a note that they are no longer active.
        The default sort, “Relevance”, ranks agencies:
      </p>
      <ol>
        <li>
          when you search for a name: first the agencies whose name starts with the text typed, then
          those whose name contains it, then those whose name is close to it (typing errors), the
          closest first;
        </li>
        <li>
          then, and when no name is searched, by a <strong>relevance index</strong> out of{' '}
          {RELEVANCE_MAX.total} points, computed automatically from the data on the website:
          <ul>
            <li>
              <strong>listings</strong>, up to {RELEVANCE_MAX.listings} points:{' '}
              {RELEVANCE.perListing} points per listing of the agency currently online, counted up
              to {RELEVANCE.listingsCap} listings;
            </li>
            <li>
              <strong>completeness of the listings</strong>, up to {RELEVANCE.quality} points:{' '}
              {RELEVANCE.quality} points multiplied by the share of its listings online that are
              complete, that is with at least {RELEVANCE.completePhotos} photos, the price shown
              (not “price on request”) and the surface area (living area, or land area for a plot);
            </li>
            <li>
              <strong>client reviews</strong>, up to {RELEVANCE.reviews} points: from 0 points for
              an average rating of 1 star to {RELEVANCE.reviews} points for an average of 5 stars,
              in proportion to the number of reviews counted up to {RELEVANCE.reviewsCap} (with{' '}
              {RELEVANCE.reviewsCap / 2} reviews, half of those points);
            </li>
          </ul>
          each part is rounded down to the whole point. The index is recalculated within minutes of
          any change in the listings or reviews. It cannot be bought: it does not depend on any
          payment, featured option or contract;
        </li>
        <li>at an equal index, in alphabetical order.</li>
      </ol>
      <p>
        You can also sort agencies alphabetically (A to Z or Z to A, ignoring accents and capital
        letters) and filter them by place: the agencies shown are then those located in that place
        or in the places within it. On a network’s page, its agencies are listed alphabetically.
      </p>

      <h2>7. Client reviews</h2>
      <p>
        The reviews shown on an agency’s page come from review-collection providers, whose name is
        given with each review. {siteName} does not itself check that the author of a review used
        the agency’s services: that check is the provider’s. Reviews are shown as their authors
        wrote them, without translation, selection by rating or alteration, with the agency’s
        response where there is one: first those written in the language of the page, then the
        others, each from the most recent to the oldest. The average rating covers all the reviews
        received. {siteName} does not pay for reviews.
      </p>

      <h2>8. Questions and complaints</h2>
      <p>
        For any question about how listings are accepted or ranked, or to report a listing, write to{' '}
        <Mail address={publisher.email} />. See also the{' '}
        <Link to={to('cgu', {})}>terms of use</Link>.
      </p>
    </>
  );
}

export const rankingEn: LegalDocument = {
  title: 'How listings are ranked',
  description:
    'How listings and agencies are accepted and ranked on the portal: default sort, paid featured listings, other sorts, widened search, agency directory and client reviews.',
  Body,
};
