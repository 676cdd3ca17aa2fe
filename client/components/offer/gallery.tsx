import {
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Photo } from '../../../shared/contract';
import { useHydrated } from '../../hooks/use-selection';
import { photoSrcSet, photoUrl } from '../offer-card';
import { CloseIcon } from '../icons';

// The offer's photos: the first one large, the next four as thumbnails, and a button for all of
// them. Each photo is a link to its largest file, so the photos open without JavaScript; with it,
// they open in a lightbox: a modal <dialog> moved through with the arrow keys (Home/End too), the
// buttons or a swipe, closed with Escape, announcing "photo 3 of 12" and each photo's description
// to screen readers, and giving the focus back to the photo it opened from.

/** Sizes of the gallery's photos in the page's layout. */
const MAIN_SIZES = '(min-width: 1200px) 760px, (min-width: 768px) 62vw, 100vw';
const THUMB_SIZES = '(min-width: 1200px) 180px, (min-width: 768px) 15vw, 48vw';
const THUMBS = 4;
const ALL_PHOTOS_ID = 'toutes-les-photos';
export const GALLERY_ID = 'photos';
const SWIPE_PX = 40;

const largest = (photo: Photo) => photoUrl(photo, Math.max(...photo.widths));
const medium = (photo: Photo) =>
  photoUrl(photo, photo.widths.includes(800) ? 800 : (photo.widths[0] ?? 800));

export function Gallery({
  photos,
  title,
  children,
}: {
  photos: readonly Photo[];
  title: string;
  /** What is offered beside the photos (the video and the 3D tour). */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState<number | null>(null);
  const hydrated = useHydrated();
  const opener = useRef<HTMLElement | null>(null);

  const show = (index: number, from: HTMLElement) => {
    opener.current = from;
    setOpen(index);
  };
  const onClose = useCallback(() => {
    setOpen(null);
    opener.current?.focus();
  }, []);

  if (photos.length === 0) return null;
  const [first, ...rest] = photos;
  const thumbs = rest.slice(0, THUMBS);
  const count = photos.length;
  return (
    <section className="gallery" id={GALLERY_ID} aria-label={t`Photos du bien`}>
      <a
        className="gallery__main"
        href={largest(first!)}
        onClick={(event) => {
          event.preventDefault();
          show(0, event.currentTarget);
        }}
        aria-label={t`Agrandir la photo 1 sur ${count} : ${first!.alt || title}`}
      >
        <img
          src={medium(first!)}
          srcSet={photoSrcSet(first!)}
          sizes={MAIN_SIZES}
          width={first!.width}
          height={first!.height}
          alt={first!.alt || title}
          fetchPriority="high"
          decoding="async"
        />
      </a>
      {thumbs.length > 0 ? (
        <ul className="gallery__thumbs">
          {thumbs.map((photo, i) => {
            const n = i + 2;
            return (
              <li key={photo.id}>
                <PhotoLink
                  photo={photo}
                  n={n}
                  count={count}
                  title={title}
                  onClick={(event) => {
                    event.preventDefault();
                    show(i + 1, event.currentTarget);
                  }}
                />
              </li>
            );
          })}
        </ul>
      ) : null}
      {count > 1 ? (
        hydrated ? (
          <button
            type="button"
            className="gallery__all button"
            onClick={(event) => show(0, event.currentTarget)}
          >
            {t`Voir les ${count} photos`}
          </button>
        ) : (
          // Before the page runs (or without JavaScript): a link to the list of every photo,
          // which CSS shows as the link's target.
          <a className="gallery__all button" href={`#${ALL_PHOTOS_ID}`}>
            {t`Voir les ${count} photos`}
          </a>
        )
      ) : null}
      {count > 1 && !hydrated ? (
        <div id={ALL_PHOTOS_ID} className="gallery__every" tabIndex={-1}>
          <ul>
            {photos.map((photo, i) => {
              const n = i + 1;
              return (
                <li key={photo.id}>
                  <PhotoLink photo={photo} n={n} count={count} title={title} />
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {children}
      {open !== null ? (
        <Lightbox photos={photos} start={open} title={title} onClose={onClose} />
      ) : null}
    </section>
  );
}

/** A thumbnail linking to the photo's largest file: photo `n` of `count`. */
function PhotoLink({
  photo,
  n,
  count,
  title,
  onClick,
}: {
  photo: Photo;
  n: number;
  count: number;
  title: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const { t } = useLingui();
  return (
    <a
      href={largest(photo)}
      onClick={onClick}
      aria-label={t`Agrandir la photo ${n} sur ${count} : ${photo.alt || title}`}
    >
      <img
        src={photoUrl(photo, photo.widths[0] ?? 400)}
        srcSet={photoSrcSet(photo)}
        sizes={THUMB_SIZES}
        width={photo.width}
        height={photo.height}
        alt=""
        loading="lazy"
        decoding="async"
      />
    </a>
  );
}

function Lightbox({
  photos,
  start,
  title,
  onClose,
}: {
  photos: readonly Photo[];
  start: number;
  title: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(start);
  const swipeFrom = useRef<number | null>(null);
  const titleId = useId();
  const count = photos.length;
  const photo = photos[index]!;
  const position = index + 1;

  const go = useCallback((to: number) => setIndex(((to % count) + count) % count), [count]);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (!el.open) el.showModal();
    const onDialogClose = () => onClose();
    el.addEventListener('close', onDialogClose);
    return () => el.removeEventListener('close', onDialogClose);
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: count - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeFrom.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) return;
    const dx = event.clientX - from;
    if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? index + 1 : index - 1);
  };
  // A click on the backdrop (the dialog box itself, not its content) closes.
  const onClick = (event: MouseEvent) => {
    if (event.target === dialog.current) dialog.current?.close();
  };

  return (
    // The dialog handles its own keys (arrows) and clicks (backdrop); its buttons do the same.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      className="lightbox"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <div className="lightbox__panel">
        <div className="lightbox__bar">
          <h2 id={titleId} className="lightbox__title">
            {title}
          </h2>
          <p className="lightbox__count" aria-live="polite" aria-atomic="true">
            {t`Photo ${position} sur ${count}`}
            <span className="visually-hidden">{photo.alt ? ` : ${photo.alt}` : ''}</span>
          </p>
          <button
            type="button"
            className="icon-button lightbox__close"
            onClick={() => dialog.current?.close()}
            aria-label={t`Fermer les photos`}
          >
            <CloseIcon />
          </button>
        </div>
        <figure
          className="lightbox__figure"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (swipeFrom.current = null)}
        >
          <img
            key={photo.id}
            src={largest(photo)}
            srcSet={photoSrcSet(photo)}
            sizes="100vw"
            width={photo.width}
            height={photo.height}
            alt={photo.alt || title}
            draggable={false}
          />
          {photo.alt ? <figcaption>{photo.alt}</figcaption> : null}
        </figure>
        {count > 1 ? (
          <div className="lightbox__nav">
            <button type="button" className="button" onClick={() => go(index - 1)}>
              <span aria-hidden="true">←</span> {t`Photo précédente`}
            </button>
            <button type="button" className="button" onClick={() => go(index + 1)}>
              {t`Photo suivante`} <span aria-hidden="true">→</span>
            </button>
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
