/** '1 photo', '0 photos', '12 photos' (SPEC: singular/plural wording). */
export function photoCount(count: number): string {
  return `${count} ${count === 1 ? 'photo' : 'photos'}`;
}

/** 'N photo', 'N photos': for sentences that count photos ('3 photos uploaded successfully.'). */
export const photosWord = (count: number) => (count === 1 ? 'photo' : 'photos');

/** Bytes as megabytes with one decimal (SPEC §9): '2.4 MB'. */
export function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A file's size as the photographer reads it: MB with one decimal (SPEC §9) from 1 MB up,
 * whole KB below, where '0.0 MB' would say nothing ('48 KB', '2.4 MB').
 */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return megabytes(bytes);
  return `${Math.max(bytes > 0 ? 1 : 0, Math.round(bytes / 1024))} KB`;
}

/** A sending speed: '6.2 MB/s', '840 KB/s'. */
export function transferSpeed(bytesPerSecond: number): string {
  return `${fileSize(bytesPerSecond)}/s`;
}

/** Time left, rounded as people say it: 'less than a minute left', 'about 4 min left', 'about 1 h 20 min left'. */
export function timeLeft(seconds: number): string {
  if (seconds < 60) return 'less than a minute left';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} h${rest > 0 ? ` ${rest} min` : ''} left`;
}

/** How an upload is going: '6.9 MB/s · about 4 min left', or the speed alone while the time left is unknown. */
export function sendingPace(bytesPerSecond: number, secondsLeft: number | null): string {
  return secondsLeft === null
    ? transferSpeed(bytesPerSecond)
    : `${transferSpeed(bytesPerSecond)} · ${timeLeft(secondsLeft)}`;
}

let dateFormat: Intl.DateTimeFormat | undefined;

/** A date as the photographer reads it: '22 Nov 2026'. */
export function shortDate(iso: string): string {
  // One formatter for every call: toLocaleDateString builds a new one each time, tens of
  // milliseconds on a phone, and a gallery page renders its date several times while loading.
  dateFormat ??= new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return dateFormat.format(new Date(iso));
}
