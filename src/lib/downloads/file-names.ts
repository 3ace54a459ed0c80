// Characters no common file system accepts in a name, and control characters.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE = /[\\/:*?"<>|\u0000-\u001F\u007F]/g;

/** A name safe to save on any system: forbidden characters become '_', no leading dots. */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = name
    .replace(UNSAFE, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 180)
    .trim();
  return cleaned === '' ? fallback : cleaned;
}

/** The zip's name: the album's (SPEC §7). */
export const zipFileName = (albumName: string) => `${safeFileName(albumName, 'Photos')}.zip`;

/**
 * Names for the files of a zip, in order: each made safe, and a repeated name gets ' (2)',
 * ' (3)' … before its extension, so no photo overwrites another when the zip is opened.
 */
export function uniqueFileNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name, index) => {
    const safe = safeFileName(name, `photo-${index + 1}.jpg`);
    const dot = safe.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
    let candidate = safe;
    for (let copy = 2; taken.has(candidate.toLowerCase()); copy += 1)
      candidate = `${stem} (${copy})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
