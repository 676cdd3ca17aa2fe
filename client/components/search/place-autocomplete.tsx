import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { Lang, LieuSuggestion } from '../../../shared/contract';
import { colon } from '../../../shared/format';
import { API_PATHS } from '../../../shared/portal-api';
import { createSuggestScheduler } from './suggest-scheduler';

// The place field of the search form: a combobox (WAI-ARIA 1.2 pattern) over GET /search-lieu.
// Without JavaScript it is a plain text field: the BFF's search endpoint resolves the text to a
// place. The hidden fields carry the chosen place's slug and the label it was chosen with, so
// the server can tell an unchanged choice from new text.

export interface ChosenPlace {
  slug: string;
  label: string;
}

/** Fetches suggestions from the BFF (the answer is already checked there). */
export async function fetchPlaceSuggestions(
  text: string,
  lang: Lang,
  signal?: AbortSignal,
  limit = 8,
): Promise<LieuSuggestion[]> {
  const query = new URLSearchParams({ q: text, lang, limit: String(limit) });
  const res = await fetch(`${API_PATHS.searchLieu}?${query}`, {
    headers: { accept: 'application/json' },
    signal,
  });
  if (!res.ok) throw new Error(`search-lieu answered ${res.status}`);
  const body = (await res.json()) as { items: LieuSuggestion[] };
  return body.items;
}

/** Text searched as a place that names none: said next to the field, with the closest places. */
export interface UnknownPlaceText {
  text: string;
  suggestions: Pick<LieuSuggestion, 'id' | 'slug' | 'libelle' | 'parent_label'>[];
  /** The result list of the same search at a suggested place. */
  hrefFor(slug: string): string;
}

export function PlaceAutocomplete({
  lang,
  initial,
  unknown,
  onChange,
}: {
  lang: Lang;
  /** The place of the current search (null: everywhere). */
  initial: ChosenPlace | null;
  /** The text of the last search when it named no place (kept in the field). */
  unknown?: UnknownPlaceText;
  /** The chosen place (null when the text no longer names a chosen place) and the text. */
  onChange?(place: ChosenPlace | null, text: string): void;
}) {
  const { t } = useLingui();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(initial?.label ?? unknown?.text ?? '');
  const [chosen, setChosen] = useState<ChosenPlace | null>(initial);
  const [items, setItems] = useState<LieuSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');

  const scheduler = useMemo(
    () =>
      createSuggestScheduler<LieuSuggestion[]>({
        fetch: (q, signal) => fetchPlaceSuggestions(q, lang, signal),
        onResult: (_q, found) => {
          setItems(found);
          setActive(-1);
          setOpen(found.length > 0);
          setStatus(found.length > 0 ? 'results' : 'empty');
        },
        onClear: () => {
          setItems([]);
          setOpen(false);
          setStatus('');
        },
        onError: () => {
          setItems([]);
          setOpen(false);
        },
      }),
    [lang],
  );
  useEffect(() => () => scheduler.cancel(), [scheduler]);

  const choose = (item: LieuSuggestion) => {
    const place = { slug: item.slug, label: item.libelle };
    scheduler.cancel();
    setChosen(place);
    setText(item.libelle);
    setOpen(false);
    setItems([]);
    setActive(-1);
    setStatus('');
    onChange?.(place, item.libelle);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((a) => (a <= 0 ? items.length - 1 : a - 1));
    } else if (event.key === 'Enter' && open && active >= 0 && items[active]) {
      event.preventDefault();
      choose(items[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const count = items.length;
  // The message stays while the field holds the text it is about.
  const showUnknown = unknown !== undefined && text.trim() === unknown.text;
  // The language's typography around the text: « Xyzzyville » with no-break spaces in French.
  const sep = colon(lang);
  const quoted =
    lang === 'fr' ? `«\u00a0${unknown?.text ?? ''}\u00a0»` : `"${unknown?.text ?? ''}"`;
  return (
    <div className="place-field">
      <label htmlFor={`${id}-input`}>{t`Lieu`}</label>
      <input
        id={`${id}-input`}
        type="text"
        name="lieu_q"
        value={text}
        placeholder={t`Ville, département, région, pays…`}
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
        aria-invalid={showUnknown ? true : undefined}
        aria-describedby={showUnknown ? `${id}-unknown` : undefined}
        onChange={(event) => {
          const value = event.target.value;
          setText(value);
          const still = chosen && value.trim() === chosen.label ? chosen : null;
          if (!still) setChosen(null);
          onChange?.(still, value);
          scheduler.update(value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <input type="hidden" name="lieu" value={chosen?.slug ?? ''} />
      <input type="hidden" name="lieu_label" value={chosen?.label ?? ''} />
      <ul
        id={listId}
        role="listbox"
        className="place-field__list"
        hidden={!open}
        aria-label={t`Lieux suggérés`}
      >
        {items.map((item, i) => (
          <li
            key={item.id}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            className="place-field__option"
            // mousedown: before the field's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(item);
            }}
          >
            <span>{item.libelle}</span>
            {item.parent_label ? (
              <span className="place-field__parent">{item.parent_label}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {showUnknown && unknown ? (
        <div className="place-field__unknown" id={`${id}-unknown`}>
          <p className="field__error">{t`Lieu introuvable${sep}${quoted}`}</p>
          {unknown.suggestions.length > 0 ? (
            <>
              <p className="place-field__closest">{t`Lieux les plus proches${sep}`}</p>
              <ul className="place-field__suggestions">
                {unknown.suggestions.map((s) => (
                  <li key={s.id}>
                    <a href={unknown.hrefFor(s.slug)}>{s.libelle}</a>
                    {s.parent_label ? (
                      <span className="place-field__parent"> ({s.parent_label})</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {status === 'results'
          ? t`${plural(count, { one: '# lieu suggéré', other: '# lieux suggérés' })}`
          : status === 'empty'
            ? t`Aucun lieu trouvé`
            : ''}
      </p>
    </div>
  );
}
