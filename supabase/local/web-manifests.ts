import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ADMIN_MANIFEST_PATH, PUBLIC_MANIFEST_PATH } from '../../src/lib/routes/route-table';
import {
  GeneratedFileError,
  readAsVisitor,
  type GeneratedFileContext,
  type GeneratedFileWriter,
} from './crawler-files';

/**
 * The two web app manifests the build writes (vite.config.ts; which page names which:
 * src/lib/routes/route-table.ts), answered with the photographer's site name: `name` is the profile's
 * site_name as a visitor reads it, `short_name` that name cut to fit under an icon. With no
 * name, or when the database cannot be read, the build's own names stand.
 */

/** What launchers show under an icon without cutting it (Chrome's guidance: 12 characters). */
export const SHORT_NAME_LIMIT = 12;

const graphemes = (text: string) =>
  Array.from(
    new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text),
    (part) => part.segment,
  );

/** Words and signs that do not end a name: 'Willow & Light Photography' becomes 'Willow', not 'Willow &'. */
const DANGLING = /(?:\s+(?:&|\+|and|of|the|by|at|in|[-–—·|/:,;.]))+$/i;

/**
 * The name cut to at most `limit` characters (graphemes, so an accented letter or an emoji is
 * never split): whole words from the start, without a dangling '&' or 'and'; a first word that
 * is itself too long is cut and ends with '…'.
 */
export function shortName(name: string, limit = SHORT_NAME_LIMIT): string {
  if (graphemes(name).length <= limit) return name;
  let words = '';
  for (const word of name.split(' ')) {
    const longer = words ? `${words} ${word}` : word;
    if (graphemes(longer).length > limit) break;
    words = longer;
  }
  const trimmed = words.replace(DANGLING, '').replace(/[\s,;:.&+-]+$/, '');
  if (trimmed) return trimmed;
  return `${graphemes(name)
    .slice(0, limit - 1)
    .join('')
    .trimEnd()}…`;
}

/** The site name as a launcher shows it: control characters and runs of white space become one space; blank is none. */
export function cleanSiteName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return value.replace(/[\s\p{Cc}]+/gu, ' ').trim() || null;
}

async function readSiteName(context: GeneratedFileContext): Promise<string | null> {
  try {
    const rows = await readAsVisitor(context, 'photographer_profile?select=site_name&limit=1');
    return Array.isArray(rows)
      ? cleanSiteName((rows[0] as { site_name?: unknown } | undefined)?.site_name)
      : null;
  } catch (error) {
    console.error('gateway: the site name for the web app manifest:', (error as Error).message);
    return null;
  }
}

/**
 * JSON whose text holds no '<', '>', '&' or line separators (each written as a \u escape, the
 * same value once parsed): safe even where a careless page inlines it in a <script>.
 */
export const inertJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

function manifest(path: string): GeneratedFileWriter {
  return async (context) => {
    if (!context.distDir) throw new GeneratedFileError(404);
    let built: Record<string, unknown>;
    try {
      built = JSON.parse(await readFile(join(context.distDir, path.slice(1)), 'utf8')) as Record<
        string,
        unknown
      >;
    } catch {
      throw new GeneratedFileError(404);
    }
    const name = await readSiteName(context);
    return {
      type: 'application/manifest+json; charset=utf-8',
      // The profile can change at any time: a browser asks again before it uses its copy.
      cacheControl: 'no-cache',
      body: inertJson(name ? { ...built, name, short_name: shortName(name) } : built),
    };
  };
}

export const WEB_MANIFESTS: ReadonlyMap<string, GeneratedFileWriter> = new Map([
  [PUBLIC_MANIFEST_PATH, manifest(PUBLIC_MANIFEST_PATH)],
  [ADMIN_MANIFEST_PATH, manifest(ADMIN_MANIFEST_PATH)],
]);
