/** '1 photo', '0 photos', '12 photos' (SPEC: singular/plural wording). */
export function photoCount(count: number): string {
  return `${count} ${count === 1 ? 'photo' : 'photos'}`;
}

/** Bytes as megabytes with one decimal (SPEC §9): '2.4 MB'. */
export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

let dateFormat: Intl.DateTimeFormat | undefined;

/** A date as the photographer reads it: '22 Nov 2026'. */
export function shortDate(iso: string): string {
  // One formatter for every call: toLocaleDateString builds a new one each time, tens of
  // milliseconds on a phone, and a gallery page renders its date several times while loading.
  dateFormat ??= new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
  return dateFormat.format(new Date(iso));
}
