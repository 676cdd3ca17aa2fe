import '../styles/place-field.css';
import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { Lang, LieuSuggestion } from '../../shared/contract';
import { colon } from '../../shared/format';
import { usePortalApi } from '../api/portal-api-context';
import { createSuggestScheduler } from './suggest-scheduler';

// The place field of the search form, the agency directory and the professional form: a
// combobox (WAI-ARIA 1.2 pattern: a text field with a list box of suggested places) over the
// place suggestions (PortalApi searchLieu). Requests follow suggest-scheduler.ts (the spec's
// 200 ms fetch minimum delay; a newer text cancels an older request). Without JavaScript it is a
// plain text field: the server resolves the typed name. Hidden fields may carry the chosen
// place (its id, its slug, the label it was chosen with), so the server can tell an unchanged
// choice from new text.

const SUGGESTION_LIMIT = 8;

/** A place chosen in the list (or the page's): what the hidden fields carry. */
export interface PickedPlace {
  id?: number;
  slug?: string;
  label: string;
}

/** Text searched as a place that names none: said next to the field, with the closest places. */
export interface UnknownPlaceText {
  text: string;
  suggestions: Pick<LieuSuggestion, 'id' | 'slug' | 'libelle' | 'parent_label'>[];
  /** The result list of the same search at a suggested place. */
  hrefFor(slug: string): string;
}

export interface PlaceComboboxProps {
  lang: Lang;
  /** Name of the text field: what is typed, all a form sends without JavaScript. */
  name: string;
  /** Id of the text field, for a label of the caller's (generated otherwise). */
  id?: string;
  /** The field's own label (the caller's label, pointing at `id`, otherwise). */
  label?: ReactNode;
  /** The place chosen so far (its label fills the field); a new one replaces what was typed. */
  picked?: PickedPlace | null;
  /** The field's text when no place is chosen. */
  text?: string;
  /** Names of the hidden fields carrying the chosen place. */
  fields?: { id?: string; slug?: string; label?: string };
  /** The text of the last search when it named no place (kept in the field, said next to it). */
  unknown?: UnknownPlaceText;
  /** A place chosen in the list; null once the text no longer names the chosen place. */
  onPick?(place: LieuSuggestion | null): void;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  autoComplete?: string;
  placeholder?: string;
  maxLength?: number;
}

export function PlaceCombobox(props: PlaceComboboxProps) {
  const { lang, onPick, unknown, fields } = props;
  const { t } = useLingui();
  const api = usePortalApi();
  const generated = useId();
  const inputId = props.id ?? `${generated}-input`;
  const listId = `${generated}-list`;
  const unknownId = `${generated}-unknown`;
  const givenText = props.picked?.label ?? props.text ?? unknown?.text ?? '';
  const [text, setText] = useState(givenText);
  const [chosen, setChosen] = useState<PickedPlace | null>(props.picked ?? null);
  // A new place or text from the page (a reset link, another search) replaces what was typed.
  const [given, setGiven] = useState(givenText);
  if (givenText !== given) {
    setGiven(givenText);
    setText(givenText);
    setChosen(props.picked ?? null);
  }
  const [items, setItems] = useState<LieuSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  // The highlighted option, by place id: it stays highlighted when a later answer (the text
  // typed before the last key) still lists it.
  const [activeId, setActiveId] = useState<number | null>(null);
  // What the status region says: suggestions found, none, or the place just chosen.
  const [status, setStatus] = useState<
    { kind: 'none' | 'results' | 'empty' } | { kind: 'picked'; label: string }
  >({ kind: 'none' });

  const scheduler = useMemo(
    () =>
      createSuggestScheduler<LieuSuggestion[]>({
        load: async (q, signal) =>
          (
            await api.get(
              'searchLieu',
              { q, lang, limit: SUGGESTION_LIMIT },
              { signal, background: true },
            )
          ).items,
        onResult: (_q, found) => {
          setItems(found);
          setOpen(found.length > 0);
          setStatus({ kind: found.length > 0 ? 'results' : 'empty' });
        },
        onClear: () => {
          setItems([]);
          setOpen(false);
          setStatus({ kind: 'none' });
        },
        // Offline or refused: the field still works as plain text.
        onError: () => {
          setItems([]);
          setOpen(false);
        },
      }),
    [api, lang],
  );
  useEffect(() => () => scheduler.cancel(), [scheduler]);

  const choose = (item: LieuSuggestion) => {
    scheduler.cancel();
    setChosen({ id: item.id, slug: item.slug, label: item.libelle });
    setText(item.libelle);
    setOpen(false);
    setItems([]);
    setActiveId(null);
    setStatus({ kind: 'picked', label: item.libelle });
    onPick?.(item);
  };

  const active = activeId === null ? -1 : items.findIndex((item) => item.id === activeId);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActiveId(items[(active + 1) % items.length]!.id);
    } else if (event.key === 'ArrowUp' && items.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActiveId(items[active <= 0 ? items.length - 1 : active - 1]!.id);
    } else if (event.key === 'Enter' && open && active >= 0 && items[active]) {
      event.preventDefault();
      choose(items[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActiveId(null);
    }
  };

  const count = items.length;
  // The message stays while the field holds the text it is about.
  const showUnknown = unknown !== undefined && text.trim() === unknown.text;
  // The language's typography around the text: « Xyzzyville » with no-break spaces in French.
  const sep = colon(lang);
  const quoted =
    lang === 'fr' ? `«\u00a0${unknown?.text ?? ''}\u00a0»` : `"${unknown?.text ?? ''}"`;
  const describedBy =
    [props.describedBy, showUnknown ? unknownId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className="place-field">
      {props.label !== undefined ? <label htmlFor={inputId}>{props.label}</label> : null}
      <input
        id={inputId}
        type="text"
        name={props.name}
        value={text}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete ?? 'off'}
        spellCheck={false}
        required={props.required}
        maxLength={props.maxLength}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${generated}-opt-${active}` : undefined}
        aria-invalid={props.invalid || showUnknown ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const value = event.target.value;
          setText(value);
          // Typing back the chosen place's name keeps it chosen.
          const still = chosen && value.trim() === chosen.label ? chosen : null;
          if (chosen && !still) {
            setChosen(null);
            onPick?.(null);
          }
          scheduler.update(value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      {fields?.id ? <input type="hidden" name={fields.id} value={chosen?.id ?? ''} /> : null}
      {fields?.slug ? <input type="hidden" name={fields.slug} value={chosen?.slug ?? ''} /> : null}
      {fields?.label ? (
        <input type="hidden" name={fields.label} value={chosen?.label ?? ''} />
      ) : null}
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
            id={`${generated}-opt-${i}`}
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
        <div className="place-field__unknown" id={unknownId}>
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
        {status.kind === 'results'
          ? t`${plural(count, { one: '# lieu suggéré', other: '# lieux suggérés' })}`
          : status.kind === 'empty'
            ? t`Aucun lieu trouvé`
            : status.kind === 'picked'
              ? t`${status.label} choisi`
              : ''}
      </p>
    </div>
  );
}
