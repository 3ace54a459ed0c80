/** Data several scenarios share, seeded the first time one asks for it. */
import type { Bench } from './context';
import { seedAlbum, seedClientLink, seedPublicGallery, type SeededAlbum } from './seed';

const made = new Map<string, Promise<unknown>>();
function once<T>(key: string, make: () => Promise<T>): Promise<T> {
  if (!made.has(key)) made.set(key, make());
  return made.get(key) as Promise<T>;
}

/** What the home page shows on a working site: a few public albums and featured galleries. */
export const homeContent = (bench: Bench) =>
  once('home', async () => {
    const albums: SeededAlbum[] = [];
    for (const name of [
      'Autumn Wedding',
      'Lake House Weekend',
      'Newborn Session',
      'City Engagement',
      'Family Picnic',
      'Garden Party',
    ]) {
      albums.push(await seedAlbum(bench, { name, count: 8, isPublic: true }));
    }
    for (const [index, title] of ['Weddings', 'Portraits', 'Families'].entries()) {
      await seedPublicGallery(
        bench,
        title,
        albums.slice(index * 2, index * 2 + 2).flatMap((album) => album.photoIds),
      );
    }
  });

/** A 200-photo album (every photo with its own thumbnail and preview), its client link and a curated gallery of it. */
export const album200 = (bench: Bench) =>
  once('200', async () => {
    const count = bench.quick ? 40 : 200;
    const album = await seedAlbum(bench, { name: 'Smith Wedding', count, distinctPreviews: true });
    return {
      album,
      token: await seedClientLink(bench, album.id),
      galleryId: await seedPublicGallery(bench, 'Best of the Smith Wedding', album.photoIds),
    };
  });

/** The three kinds of public page a first visit measures: the home page, a curated gallery and a client album. */
export async function publicPages(bench: Bench) {
  await homeContent(bench);
  const { token, galleryId } = await album200(bench);
  return [
    { page: 'home', path: '/' },
    { page: 'gallery', path: `/gallery/public/${galleryId}` },
    { page: 'client', path: `/client/${token}` },
  ] as const;
}

/** A 1,000-photo client album. */
export const album1000 = (bench: Bench) =>
  once('1000', async () => {
    const album = await seedAlbum(bench, {
      name: 'Jones Wedding (1,000 photos)',
      count: bench.quick ? 300 : 1000,
    });
    return { album, token: await seedClientLink(bench, album.id) };
  });

/** A big client album (5,000 or 10,000 photos, each with its own thumbnail) and its link. */
export const bigAlbumOf = (bench: Bench, count: number) =>
  once(`big-${count}`, async () => {
    const album = await seedAlbum(bench, {
      name: `Harbour Wedding (${count.toLocaleString('en')} photos)`,
      count,
    });
    return { album, token: await seedClientLink(bench, album.id) };
  });
