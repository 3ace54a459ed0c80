import { authPair } from './admin-auth';
import type { Backend } from './client';
import type {
  AdminAlbum,
  AdminAlbumDetail,
  AdminAlbumSimple,
  AdminPhoto,
  PhotoLayout,
  VisitorDownloads,
} from './database.types';
import { unwrap } from './errors';
import { readAllPages } from './pages';
import { removeAlbumFolder, removePhotoObjects } from './storage';

export interface AlbumInput {
  name: string;
  description: string | null;
  isPublic?: boolean;
  /** Absent in changes queued before it existed: a new album gets 'web', an edit keeps the setting. */
  visitorDownloads?: VisitorDownloads;
  /** Absent in changes queued before it existed: a new album gets 'square', an edit keeps the setting. */
  photoLayout?: PhotoLayout;
}

/** rpc admin_list_albums: every album with photo_count and preview_photo, newest first. */
export async function listAlbums(backend: Backend): Promise<AdminAlbum[]> {
  return unwrap(await backend.adminClient.rpc('admin_list_albums', authPair(backend)));
}

/** rpc admin_list_albums_simple: id, name and photo_count, for pickers. */
export async function listAlbumsSimple(backend: Backend): Promise<AdminAlbumSimple[]> {
  return unwrap(await backend.adminClient.rpc('admin_list_albums_simple', authPair(backend)));
}

/** rpc admin_get_album: the album, or null when it does not exist. */
export async function getAlbum(
  backend: Backend,
  albumId: string,
): Promise<AdminAlbumDetail | null> {
  const rows = unwrap(
    await backend.adminClient.rpc('admin_get_album', { ...authPair(backend), p_album_id: albumId }),
  );
  return rows[0] ?? null;
}

/** rpc admin_create_album with a browser-made id, so a replay never duplicates. */
export async function createAlbum(
  backend: Backend,
  id: string,
  input: AlbumInput,
): Promise<string> {
  return unwrap(
    await backend.adminClient.rpc('admin_create_album', {
      ...authPair(backend),
      p_id: id,
      p_name: input.name,
      p_description: input.description,
      p_is_public: input.isPublic ?? false,
      p_visitor_downloads: input.visitorDownloads ?? null,
      p_photo_layout: input.photoLayout ?? null,
    }),
  );
}

/** rpc admin_update_album. */
export async function updateAlbum(
  backend: Backend,
  albumId: string,
  input: AlbumInput,
): Promise<void> {
  unwrap(
    await backend.adminClient.rpc('admin_update_album', {
      ...authPair(backend),
      p_album_id: albumId,
      p_name: input.name,
      p_description: input.description,
      p_is_public: input.isPublic ?? null,
      p_visitor_downloads: input.visitorDownloads ?? null,
      p_photo_layout: input.photoLayout ?? null,
    }),
  );
}

/**
 * rpc admin_delete_album, then removes everything in the album's storage folder. Safe to
 * replay: the RPC deletes nothing twice, and the folder is listed again rather than taken
 * from the RPC's answer (lost, if the connection dropped after the commit).
 */
export async function deleteAlbum(backend: Backend, albumId: string): Promise<void> {
  unwrap(
    await backend.adminClient.rpc('admin_delete_album', {
      ...authPair(backend),
      p_album_id: albumId,
    }),
  );
  await removeAlbumFolder(backend, albumId);
}

/**
 * rpc admin_set_photo_caption: the photo's alt text (null or blank clears it). Safe to replay;
 * a photo deleted meanwhile changes nothing.
 */
export async function setPhotoCaption(
  backend: Backend,
  photoId: string,
  caption: string | null,
): Promise<void> {
  unwrap(
    await backend.adminClient.rpc('admin_set_photo_caption', {
      ...authPair(backend),
      p_photo_id: photoId,
      p_caption: caption,
    }),
  );
}

/** rpc admin_list_photos: the album's photos in their order (sort_order, then oldest first). */
export async function listPhotos(backend: Backend, albumId: string): Promise<AdminPhoto[]> {
  return readAllPages((from, to) =>
    backend.adminClient
      .rpc('admin_list_photos', { ...authPair(backend), p_album_id: albumId })
      .range(from, to),
  );
}

export interface PhotoRecord {
  id: string;
  albumId: string;
  filename: string;
  originalFilename: string;
  fileUrl: string;
  thumbUrl: string | null;
  /** The cover rendition (photo-objects.ts); null from callers that made none. */
  coverUrl?: string | null;
  previewUrl: string | null;
  fileSize: number;
  width: number | null;
  height: number | null;
  mimeType: string;
}

/** rpc admin_add_photo: records an uploaded photo (idempotent by id). */
export async function addPhoto(backend: Backend, photo: PhotoRecord): Promise<string> {
  return unwrap(
    await backend.adminClient.rpc('admin_add_photo', {
      ...authPair(backend),
      p_id: photo.id,
      p_album_id: photo.albumId,
      p_filename: photo.filename,
      p_original_filename: photo.originalFilename,
      p_file_url: photo.fileUrl,
      p_thumb_url: photo.thumbUrl,
      p_preview_url: photo.previewUrl,
      p_cover_url: photo.coverUrl ?? null,
      p_file_size: photo.fileSize,
      p_width: photo.width,
      p_height: photo.height,
      p_mime_type: photo.mimeType,
    }),
  );
}

/** A collection's cover photo that has no cover rendition yet (uploaded before there were any). */
export interface MissingCover {
  photo_id: string;
  album_id: string;
  original_filename: string;
  preview_url: string;
}

/** rpc admin_list_missing_covers: the cover photos that still need their cover rendition. */
export async function listMissingCovers(backend: Backend): Promise<MissingCover[]> {
  return unwrap(await backend.adminClient.rpc('admin_list_missing_covers', authPair(backend)));
}

/**
 * rpc admin_record_cover_rendition: a photo's cover rendition, stored after its upload. False
 * when the photo is gone (deleted meanwhile).
 */
export async function recordCoverRendition(
  backend: Backend,
  photoId: string,
  coverUrl: string,
): Promise<boolean> {
  return unwrap(
    await backend.adminClient.rpc('admin_record_cover_rendition', {
      ...authPair(backend),
      p_photo_id: photoId,
      p_cover_url: coverUrl,
    }),
  );
}

/**
 * rpc admin_delete_photo, then removes its files from storage: the names fixed when the photo
 * was made (`objectNames`), with any the RPC answers. A replay after a lost answer gets no
 * names back from the RPC, so the given names are what make it remove the files.
 */
export async function deletePhoto(
  backend: Backend,
  photoId: string,
  objectNames: string[],
): Promise<void> {
  const answered = unwrap(
    await backend.adminClient.rpc('admin_delete_photo', {
      ...authPair(backend),
      p_photo_id: photoId,
    }),
  );
  await removePhotoObjects(backend, [...new Set([...objectNames, ...(answered ?? [])])]);
}

/**
 * Several photos of one collection deleted together (one change of the outbox): each through
 * rpc admin_delete_photo, then every file they name, in batches. Safe to replay as deletePhoto.
 */
export async function deletePhotos(
  backend: Backend,
  photos: ReadonlyArray<{ id: string; objectNames: string[] }>,
): Promise<void> {
  const names = new Set<string>();
  for (const photo of photos) {
    for (const name of photo.objectNames) names.add(name);
    const answered = unwrap(
      await backend.adminClient.rpc('admin_delete_photo', {
        ...authPair(backend),
        p_photo_id: photo.id,
      }),
    );
    for (const name of answered ?? []) names.add(name);
  }
  await removePhotoObjects(backend, [...names]);
}

/**
 * rpc admin_set_album_cover: the collection's cover becomes this photo (null: the first photo
 * again). Safe to replay; a photo deleted meanwhile changes nothing.
 */
export async function setAlbumCover(
  backend: Backend,
  albumId: string,
  photoId: string | null,
): Promise<void> {
  unwrap(
    await backend.adminClient.rpc('admin_set_album_cover', {
      ...authPair(backend),
      p_album_id: albumId,
      p_photo_id: photoId,
    }),
  );
}

/**
 * rpc admin_set_album_photo_order: the collection's photos in this order. Photos it does not
 * name (added elsewhere meanwhile) follow them. Safe to replay: it sets positions.
 */
export async function setAlbumPhotoOrder(
  backend: Backend,
  albumId: string,
  photoIds: string[],
): Promise<void> {
  unwrap(
    await backend.adminClient.rpc('admin_set_album_photo_order', {
      ...authPair(backend),
      p_album_id: albumId,
      p_photo_ids: photoIds,
    }),
  );
}
