import { TIME_ZONE } from '../../shared/format';

// The portal's day is the day in France (Europe/Paris): a counter's day, the visitor hash's salt
// and the seen-set of page views all turn at midnight there.

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The day in France of an instant, as YYYY-MM-DD. */
export function statDay(at: Date): string {
  return dayFormat.format(at);
}

/** The day after a YYYY-MM-DD day. */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The day `n` days before a YYYY-MM-DD day. */
export function daysBefore(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/** The instant (ms) the day of `at` ends in France: the next midnight there. */
export function dayEndsAt(at: Date): number {
  const next = nextDay(statDay(at));
  const utcMidnight = Date.parse(`${next}T00:00:00Z`);
  // France is one or two hours ahead of UTC: the one whose clock reads 00:00 on that day.
  for (const hours of [1, 2]) {
    const candidate = utcMidnight - hours * 3_600_000;
    const at2 = new Date(candidate);
    if (statDay(at2) === next && timeFormat.format(at2) === '00:00') return candidate;
  }
  return utcMidnight;
}

/** The instant (ms) a YYYY-MM-DD day begins in France. */
export function dayStartsAt(day: string): number {
  return dayEndsAt(new Date(Date.parse(`${daysBefore(day, 1)}T12:00:00Z`)));
}
