import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * Runs `onClosed` whenever the modal `<dialog>` closes (its buttons, Escape or the backdrop), and
 * closes it on a click on the backdrop: a click on the dialog box itself, not on its content.
 */
export function useDialogClose(
  dialog: RefObject<HTMLDialogElement | null>,
  onClosed: () => void,
): void {
  const closed = useEffectEvent(onClosed);
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const onClick = (event: MouseEvent) => {
      if (event.target === el) el.close();
    };
    const onClose = () => closed();
    el.addEventListener('close', onClose);
    el.addEventListener('click', onClick);
    return () => {
      el.removeEventListener('close', onClose);
      el.removeEventListener('click', onClick);
    };
  }, [dialog]);
}
