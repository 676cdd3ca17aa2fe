import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useHydrated } from '../../hooks/use-selection';

// Copy-to-clipboard (spec section 4): idle, success, error ('Error!'). The state shows in the
// button and is announced; it goes back to idle after a moment. Copying needs JavaScript: the
// button appears once the page runs.

export type CopyState = 'idle' | 'success' | 'error';
const RESET_MS = 2500;

/** Writes text to the clipboard; the outcome as a copy state. */
export async function copyText(
  text: string,
  clipboard: Pick<Clipboard, 'writeText'> | undefined = globalThis.navigator?.clipboard,
): Promise<Exclude<CopyState, 'idle'>> {
  if (!clipboard) return 'error';
  try {
    await clipboard.writeText(text);
    return 'success';
  } catch {
    return 'error';
  }
}

export function CopyButton({ text, label }: { text: () => string; label: string }) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!hydrated) return null;

  const onClick = async () => {
    clearTimeout(timer.current);
    setState(await copyText(text()));
    timer.current = setTimeout(() => setState('idle'), RESET_MS);
  };
  const shown = state === 'success' ? t`Copié !` : state === 'error' ? t`Erreur !` : label;
  return (
    <span className="copy">
      <button
        type="button"
        className={`copy__button copy__button--${state}`}
        onClick={() => void onClick()}
        aria-label={state === 'idle' ? undefined : `${label} : ${shown}`}
      >
        {shown}
      </button>
      <span className="visually-hidden" role="status">
        {state === 'idle' ? '' : shown}
      </span>
    </span>
  );
}
