import { useMemo, useSyncExternalStore } from 'react';
import * as v from 'valibot';
import type { PhoneObject } from '../../shared/contact-forms';
import { EMAIL_MAX_LENGTH, PHONE_MAX_LENGTH } from '../../shared/validation';
import { readStored, subscribeStored, writeStored } from './local-store';

// The visitor's contact details (spec sections 3 and 4): name, email, phone, phoneObject and the
// spam flag, kept in local storage. The contact forms fill themselves from them (after
// hydration: the server renders the form empty) and save them after a sent request; the flag
// follows what the BFF answered (isSpammer once the contact counter reached its maximum).

export const CONTACT_DETAILS_KEY = 'portal.contact';

export interface ContactDetails {
  name: string;
  email: string;
  phone: string;
  phoneObject: PhoneObject | null;
  isSpammer: boolean;
}

const text = (max: number) => v.fallback(v.optional(v.pipe(v.string(), v.maxLength(max)), ''), '');

const StoredDetailsSchema = v.object({
  name: text(200),
  email: text(EMAIL_MAX_LENGTH),
  phone: text(PHONE_MAX_LENGTH),
  phoneObject: v.fallback(
    v.nullable(
      v.object({ number: v.string(), country: v.nullable(v.string()), national: v.string() }),
    ),
    null,
  ),
  isSpammer: v.fallback(v.optional(v.boolean(), false), false),
});

/** Stored details read back; null for nothing or something that is not an object. */
export function parseContactDetails(raw: string | null): ContactDetails | null {
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const parsed = v.safeParse(StoredDetailsSchema, json);
  return parsed.success ? parsed.output : null;
}

export function readContactDetails(): ContactDetails | null {
  if (typeof window === 'undefined') return null;
  return parseContactDetails(readStored(CONTACT_DETAILS_KEY));
}

/** Merges details into the stored ones. */
export function saveContactDetails(details: Partial<ContactDetails>): void {
  const current = readContactDetails() ?? {
    name: '',
    email: '',
    phone: '',
    phoneObject: null,
    isSpammer: false,
  };
  writeStored(CONTACT_DETAILS_KEY, JSON.stringify({ ...current, ...details }));
}

const subscribe = (listener: () => void) => subscribeStored(CONTACT_DETAILS_KEY, listener);
const snapshot = () => readStored(CONTACT_DETAILS_KEY);
const serverSnapshot = () => null;

/** The stored contact details, live (null on the server and before hydration). */
export function useContactDetails(): ContactDetails | null {
  const raw = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return useMemo(() => parseContactDetails(raw), [raw]);
}
