/** Display and date rules of client links (SPEC §4, §9). */
import { DEFAULT_EXPIRY_DAYS } from '@/lib/backend/link-defaults';

/** SPEC §4: expired when expires_at is earlier than now (display only in the admin list). */
export function isExpired(expiresAt: string | null, now: Date = new Date()): boolean {
  return expiresAt !== null && new Date(expiresAt).getTime() < now.getTime();
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a link that has not expired yet will, in days as the photographer counts them ('today',
 * 'tomorrow', 'in 12 days'): the badge says how soon, the list's 'Expiry date' says which day.
 */
export function expiresIn(expiresAt: string, now: Date = new Date()): string {
  const startOfDay = (date: Date) =>
    new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  const days = Math.round((startOfDay(new Date(expiresAt)) - startOfDay(now)) / DAY_MS);
  if (days <= 0) return 'today';
  if (days === 1) return 'tomorrow';
  return `in ${days} days`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as the value of a native date input ('YYYY-MM-DD', local time). */
export function toDateInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The prefilled expiry of a new link: today plus the default days (SPEC §9: 30). */
export function defaultExpiryDate(
  today: Date = new Date(),
  days: number = DEFAULT_EXPIRY_DAYS,
): string {
  return toDateInput(new Date(today.getFullYear(), today.getMonth(), today.getDate() + days));
}

/** A 'YYYY-MM-DD' that names a real day. */
export function isDateInput(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

/**
 * The stored expires_at for a date input: the end of that day in the admin's time zone, so
 * a link works through the whole last day; null when empty. An unchanged day keeps the
 * stored moment as it was.
 */
export function expiryFromDateInput(value: string, current: string | null = null): string | null {
  if (value === '') return null;
  if (current !== null && toDateInput(new Date(current)) === value) return current;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day, 23, 59, 59, 999).toISOString();
}
