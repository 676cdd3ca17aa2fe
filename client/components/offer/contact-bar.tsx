import { useEffect, useState, type MouseEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { PhoneReveal } from './agency-block';

// On a phone the contact form comes after the whole offer: once the gallery is scrolled past, a
// bar at the bottom of the screen offers to contact the agency (a jump to the form, focus in its
// first field) and to show its phone. Narrow screens only (CSS), hidden while the form itself is
// in view. The page keeps room for the bar at its bottom from the start (no shift, nothing
// covered); without JavaScript there is no bar and the form is where it always is.

export function ContactBar({
  offerId,
  phone,
  phoneRevealed,
  galleryId,
  formId,
}: {
  offerId: number;
  phone: string;
  phoneRevealed: boolean;
  galleryId: string;
  formId: string;
}) {
  const { t } = useLingui();
  const [pastGallery, setPastGallery] = useState(false);
  const [formInView, setFormInView] = useState(false);

  useEffect(() => {
    const gallery = document.getElementById(galleryId);
    const form = document.getElementById(formId);
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.target === gallery) {
          setPastGallery(!entry.isIntersecting && entry.boundingClientRect.bottom <= 0);
        } else if (entry.target === form) {
          setFormInView(entry.isIntersecting);
        }
      }
    });
    if (gallery) observer.observe(gallery);
    if (form) observer.observe(form);
    return () => observer.disconnect();
  }, [galleryId, formId]);

  const toForm = (event: MouseEvent<HTMLAnchorElement>) => {
    const form = document.getElementById(formId);
    const field = form?.querySelector<HTMLElement>('textarea, input:not([type="hidden"]), select');
    if (!form || !field) return;
    event.preventDefault();
    form.scrollIntoView({ block: 'start' });
    field.focus({ preventScroll: true });
  };

  const shown = pastGallery && !formInView;
  return (
    <div className="contact-bar" hidden={!shown} data-testid="contact-bar">
      <a className="button contact-bar__contact" href={`#${formId}`} onClick={toForm}>
        {t`Contacter l'agence`}
      </a>
      <PhoneReveal offerId={offerId} phone={phone} revealed={phoneRevealed} />
    </div>
  );
}
