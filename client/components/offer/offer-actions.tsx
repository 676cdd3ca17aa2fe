import { useLingui } from '@lingui/react/macro';
import type { OfferDetail } from '../../../shared/contract';
import { CopyButton } from './copy-button';
import { FavouriteButton } from '../favourite-button';

// The actions of an offer page: add it to (or remove it from) the favourites selection, copy its
// link, copy its reference.

export function OfferActions({
  offer,
  canonicalUrl,
}: {
  offer: OfferDetail;
  canonicalUrl: string;
}) {
  const { t } = useLingui();
  return (
    <div className="offer-actions" role="group" aria-label={t`Actions`}>
      <FavouriteButton offer={offer} />
      <CopyButton text={() => canonicalUrl} label={t`Copier le lien`} />
      <CopyButton text={() => offer.reference} label={t`Copier la référence`} />
    </div>
  );
}
