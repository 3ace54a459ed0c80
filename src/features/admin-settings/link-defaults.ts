import { DEFAULT_EXPIRY_DAYS, MAX_EXPIRY_DAYS, MIN_EXPIRY_DAYS } from '@/lib/backend/link-defaults';

export { MAX_EXPIRY_DAYS, MIN_EXPIRY_DAYS };

export type ExpiryDaysResult = { ok: true; days: number } | { ok: false; error: string };

/** Reads the 'Default expiry (days)' field: not a number falls back to 30 (SPEC §5); out of range is refused. */
export function parseExpiryDays(raw: string): ExpiryDaysResult {
  const text = raw.trim();
  const value = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) return { ok: true, days: DEFAULT_EXPIRY_DAYS };
  if (!Number.isInteger(value))
    return { ok: false, error: 'Default expiry must be a whole number of days' };
  if (value < MIN_EXPIRY_DAYS || value > MAX_EXPIRY_DAYS) {
    return {
      ok: false,
      error: `Default expiry must be between ${MIN_EXPIRY_DAYS} and ${MAX_EXPIRY_DAYS} days`,
    };
  }
  return { ok: true, days: value };
}
