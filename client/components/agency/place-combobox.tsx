import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { Lang, LieuSuggestion } from '../../../shared/contract';
import { API_PATHS } from '../../../shared/portal-api';

// A place autocomplete (ARIA combobox with a list box) over the BFF's /api/search-lieu. Requests
// wait for a pause in typing (the spec's 200 ms fetch delay) and the previous one is cancelled
// when the visitor types on. Without JavaScript it is a plain text field: the server resolves
// the typed name.

export const SUGGEST_DELAY_MS = 200;
export const SUGGEST_MIN_LENGTH = 2;
const SUGGEST_LIMIT = 8;

async function fetchSuggestions(
  q: string,
  lang: Lang,
  signal: AbortSignal,
): Promise<LieuSuggestion[]> {
  const query = new URLSearchParams({ q, lang, limit: String(SUGGEST_LIMIT) });
  const res = await fetch(`${API_PATHS.searchLieu}?${query}`, {
    headers: { accept: 'application/json' },
    signal,
  });
  if (!res.ok) return [];
  const body = (await res.json()) as { items?: LieuSuggestion[] };
  return Array.isArray(body.items) ? body.items : [];
}

export interface PlaceComboboxProps {
  id?: string;
  /** Name of the text field (what is typed, sent without JavaScript). */
  name: string;
  lang: Lang;
  defaultValue?: string;
  /** A place chosen in the list, or null when the visitor types again. */
  onPick?(place: LieuSuggestion | null): void;
  /** Name and value of a hidden field holding the chosen place's id. */
  hiddenIdName?: string;
  defaultPickedId?: number | null;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
}

export function PlaceCombobox(props: PlaceComboboxProps) {
  const { t } = useLingui();
  const generated = useId();
  const inputId = props.id ?? `${generated}-input`;
  const listId = `${generated}-list`;
  const statusId = `${generated}-status`;
  const [text, setText] = useState(props.defaultValue ?? '');
  const [items, setItems] = useState<LieuSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const [pickedId, setPickedId] = useState<number | null>(props.defaultPickedId ?? null);
  // A new value from the page (reset, another place) replaces what was typed.
  const [given, setGiven] = useState(props.defaultValue ?? '');
  if ((props.defaultValue ?? '') !== given) {
    setGiven(props.defaultValue ?? '');
    setText(props.defaultValue ?? '');
    setPickedId(props.defaultPickedId ?? null);
  }
  const pending = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { lang, onPick } = props;

  useEffect(
    () => () => {
      pending.current?.abort();
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function cancel() {
    pending.current?.abort();
    pending.current = null;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }

  function suggest(value: string) {
    cancel();
    const q = value.trim();
    if (q.length < SUGGEST_MIN_LENGTH) {
      setItems([]);
      setOpen(false);
      setStatus('');
      return;
    }
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      pending.current = controller;
      fetchSuggestions(q, lang, controller.signal)
        .then((found) => {
          if (controller.signal.aborted) return;
          setItems(found);
          setOpen(found.length > 0);
          setActive(-1);
          setStatus(
            found.length === 0
              ? t`Aucun lieu ne correspond`
              : t`${plural(found.length, { one: '# lieu proposé', other: '# lieux proposés' })}`,
          );
        })
        .catch(() => {
          // Cancelled or offline: the field still works as plain text.
        });
    }, SUGGEST_DELAY_MS);
  }

  function pick(place: LieuSuggestion) {
    cancel();
    setText(place.libelle);
    setPickedId(place.id);
    setOpen(false);
    setItems([]);
    setStatus(t`${place.libelle} choisi`);
    onPick?.(place);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
    } else if (event.key === 'Enter' && open && active >= 0 && items[active]) {
      event.preventDefault();
      pick(items[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <div className="combobox">
      <input
        id={inputId}
        name={props.name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        autoComplete={props.autoComplete ?? 'off'}
        required={props.required}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        value={text}
        onChange={(event) => {
          const value = event.target.value;
          setText(value);
          if (pickedId !== null) {
            setPickedId(null);
            onPick?.(null);
          }
          suggest(value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          // Let a click on an option land first.
          setTimeout(() => setOpen(false), 150);
        }}
      />
      {props.hiddenIdName ? (
        <input type="hidden" name={props.hiddenIdName} value={pickedId ?? ''} />
      ) : null}
      <ul
        id={listId}
        role="listbox"
        className="combobox__list"
        aria-label={t`Lieux proposés`}
        hidden={!open}
      >
        {items.map((item, i) => (
          <li
            key={item.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className="combobox__option"
            onMouseDown={(event) => {
              event.preventDefault();
              pick(item);
            }}
          >
            <span className="combobox__label">{item.libelle}</span>
            {item.parent_label ? (
              <span className="combobox__parent">{item.parent_label}</span>
            ) : null}
          </li>
        ))}
      </ul>
      <span id={statusId} className="visually-hidden" role="status" aria-live="polite">
        {status}
      </span>
    </div>
  );
}
