import { useEffect, useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import '../styles/selection.css';
import { useDialogClose } from '../hooks/use-dialog-close';
import type { NatureId } from '../../shared/contract';
import {
  MAX_SELECTION,
  addToSelection,
  natureInSelection,
  removeFromSelection,
  selectionSize,
  useHydrated,
  useSelection,
} from '../hooks/use-selection';

// The favourite toggle of offer cards and offer pages (spec section 4: offers are added or removed
// per nature after confirmation). A click opens a modal confirmation dialog; confirming changes
// the selection (kept in the browser: the header badge follows) and a status message says so.
// The selection lives in the browser only: before the page runs (no JavaScript) the toggle keeps
// its place but is hidden. The button is bare (its heart is drawn by CSS, outlined or filled after
// aria-pressed); the status region that announces a change is added once the page runs, before
// any click can need it. On offer cards the toggle sits in a corner and takes no room: it is not
// sent at all before the page runs (`deferred`), which spares a result page 24 hidden buttons.

export interface FavouriteOffer {
  id: number;
  nature: { id: NatureId };
  titre1: string;
}

export function FavouriteButton({
  offer,
  className,
  deferred = false,
}: {
  offer: FavouriteOffer;
  className?: string;
  /**
   * Rendered only once the page runs (nothing in the server's HTML): for a toggle that takes no
   * room in the layout, like the corner of an offer card. Where the toggle has its place in a
   * row (the offer page), leave it false: the hidden button keeps the row from shifting.
   */
  deferred?: boolean;
}) {
  const hydrated = useHydrated();
  if (deferred && !hydrated) return null;
  return <FavouriteToggle offer={offer} className={className} hydrated={hydrated} />;
}

function FavouriteToggle({
  offer,
  className,
  hydrated,
}: {
  offer: FavouriteOffer;
  className?: string;
  hydrated: boolean;
}) {
  const { t } = useLingui();
  const selection = useSelection();
  const selected = natureInSelection(selection, offer.id) !== null;
  const full = !selected && selectionSize(selection) >= MAX_SELECTION;
  const [asking, setAsking] = useState(false);
  const [announce, setAnnounce] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const title = offer.titre1;

  const confirm = () => {
    if (selected) {
      removeFromSelection(offer.id);
      setAnnounce(t`« ${title} » a été retiré de votre sélection.`);
    } else {
      addToSelection(offer.nature.id, offer.id);
      setAnnounce(t`« ${title} » a été ajouté à votre sélection.`);
    }
    setAsking(false);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={`favourite-button${className ? ` ${className}` : ''}`}
        aria-pressed={selected}
        aria-label={
          selected
            ? t`Retirer « ${title} » de ma sélection`
            : t`Ajouter « ${title} » à ma sélection`
        }
        onClick={() => {
          setAnnounce('');
          setAsking(true);
        }}
      />
      {hydrated ? (
        <span role="status" className="visually-hidden">
          {announce}
        </span>
      ) : null}
      {asking ? (
        <ConfirmDialog
          adding={!selected}
          full={full}
          title={title}
          onConfirm={confirm}
          onClose={() => {
            setAsking(false);
            button.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}

/** The modal question: Escape, Cancel or a click on the backdrop close it without a change. */
function ConfirmDialog({
  adding,
  full,
  title,
  onConfirm,
  onClose,
}: {
  adding: boolean;
  full: boolean;
  title: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const confirmed = useRef(false);

  useEffect(() => {
    const el = dialog.current;
    // showModal() focuses the first button: the main action (Close when the selection is full).
    if (el && !el.open) el.showModal();
  }, [onConfirm, onClose]);
  useDialogClose(dialog, () => {
    if (confirmed.current) onConfirm();
    onClose();
  });

  const close = (confirm: boolean) => {
    confirmed.current = confirm;
    dialog.current?.close();
  };

  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
    >
      <div className="confirm-dialog__panel">
        <h2 id={`${id}-title`} className="confirm-dialog__title">
          {adding ? t`Ajouter à ma sélection` : t`Retirer de ma sélection`}
        </h2>
        <p id={`${id}-text`}>
          {full
            ? t`Votre sélection est complète (${MAX_SELECTION} biens) : retirez-en un pour ajouter celui-ci.`
            : adding
              ? t`Voulez-vous ajouter « ${title} » à votre sélection ?`
              : t`Voulez-vous retirer « ${title} » de votre sélection ?`}
        </p>
        <div className="confirm-dialog__actions">
          {full ? null : (
            <button type="button" className="button" onClick={() => close(true)}>
              {adding ? t`Ajouter` : t`Retirer`}
            </button>
          )}
          <button type="button" className="confirm-dialog__cancel" onClick={() => close(false)}>
            {full ? t`Fermer` : t`Annuler`}
          </button>
        </div>
      </div>
    </dialog>
  );
}
