// Icons drawn by more than one component. They are decorative (aria-hidden): the button or link
// that holds one carries the accessible name.

/** The cross of close buttons (menu, cookie choices, photo viewer). */
export function CloseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
