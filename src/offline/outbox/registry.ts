import {
  createAlbum,
  deleteAlbum,
  deletePhoto,
  deletePhotos,
  setAlbumCover,
  setAlbumPhotoOrder,
  setPhotoCaption,
  updateAlbum,
  type AlbumInput,
} from '@/lib/backend/albums';
import type { Backend } from '@/lib/backend/client';
import type {
  GalleryLinkUpdate,
  PageContentInsert,
  PageContentUpdate,
  PhotographerProfileWrite,
  ServicePackageInsert,
  ServicePackageUpdate,
  TestimonialInsert,
  TestimonialUpdate,
} from '@/lib/backend/database.types';
import {
  createGalleryLink,
  deleteGalleryLink,
  updateGalleryLink,
  type NewGalleryLink,
} from '@/lib/backend/gallery-links';
import { saveLinkDefaults, type LinkDefaults } from '@/lib/backend/link-defaults';
import {
  createPageSection,
  deletePageSection,
  updatePageSection,
} from '@/lib/backend/page-content';
import { photoObjectNames } from '@/lib/backend/photo-objects';
import { saveProfile } from '@/lib/backend/profile';
import {
  addPhotosToGallery,
  createPublicGallery,
  deletePublicGallery,
  setGalleryPhotos,
  updatePublicGallery,
  type PublicGalleryInput,
} from '@/lib/backend/public-galleries';
import {
  createServicePackage,
  deleteServicePackage,
  updateServicePackage,
} from '@/lib/backend/service-packages';
import { saveSiteSettings, type SiteSettings } from '@/lib/backend/site-settings';
import { uploadToPhotos } from '@/lib/backend/storage';
import {
  createTestimonial,
  deleteTestimonial,
  updateTestimonial,
} from '@/lib/backend/testimonials';
import type { AdminData } from '@/lib/admin-data';
import type { AdminDatabase } from './db';
import type { ChangeRequest, QueuedChange } from './sync-engine';
import {
  extensionOf,
  forgetUpload,
  photoUploadBlobKeys,
  sendPhotoUpload,
  type PhotoUploadPayload,
} from './upload-pipeline';

/**
 * Every kind of admin change, declared once (docs/offline.md): its payload, how a screen's
 * input becomes a queued change (entity, dependencies, label), how it is sent, what it keeps
 * on this device and how a discard frees it, which admin data it alters, and the version of
 * its payload's shape. The outbox item is a discriminated union derived from this table, so
 * a misspelt kind or a wrong payload does not compile.
 *
 * Every `send` is safe to replay: the server may already have the change when its answer was
 * lost. Payloads are stored in IndexedDB for as long as the change waits, across app
 * versions: a payload whose shape changes gets a new `version`, and `read` turns what an
 * older version stored into the current shape.
 */

export interface ChangeContext {
  backend: Backend;
  db: AdminDatabase;
  /**
   * The queue as the outbox holds it now (in memory, in queue order: OutboxItems), for a send
   * that looks ahead at what comes next. Without it (a change sent on its own), nothing goes
   * ahead. (QueuedChange, not OutboxItem: the item's type is derived from this table.)
   */
  queued?: () => readonly QueuedChange[];
}

/** Where a built change goes in the queue and what the sync list calls it. */
interface BuiltChange<Payload> {
  /** The change's id, where the screen needs to know it (an upload's photo id). */
  id?: string;
  entity: string;
  dependsOn?: string[];
  payload: Payload;
  label: string;
}

// Methods, not function properties: a definition is then also one of payload `unknown`
// (the `erased` view below), which is how the queue's code, typed by the item, calls it.
interface ChangeDefinition<Input, Payload> {
  /** The shape version `build` writes; stored items carry theirs (1 when older than versions). */
  version: number;
  /** Reads a payload stored at an older `version` (never called for the current one). */
  read?(stored: unknown, version: number): Payload;
  build(input: Input): BuiltChange<Payload>;
  send(payload: Payload, context: ChangeContext): Promise<void>;
  /** The blobs it keeps in IndexedDB until it is sent (a start-up sweep removes any others). */
  blobKeys?(payload: Payload): string[];
  /** Frees what it keeps on this device when the user discards it. */
  undo?(payload: Payload, context: ChangeContext): Promise<void>;
  /** The admin data it alters: those queries are refetched once it is on the server. */
  affects: readonly AdminData[];
}

const define = <Input, Payload>(definition: ChangeDefinition<Input, Payload>) => definition;

const quoted = (text: string) => `“${text}”`;

export interface AlbumChange extends AlbumInput {
  id: string;
}
export interface GalleryChange extends PublicGalleryInput {
  id: string;
  isNew: boolean;
  photoIds: string[];
}
export interface FileUploadPayload {
  /** Where the bytes wait in IndexedDB. */
  blobKey: string;
  /** Object name in bucket photos. */
  path: string;
  contentType: string;
}
export interface AlbumCoverPayload {
  albumId: string;
  /** The chosen photo; null goes back to the first photo in order. */
  photoId: string | null;
  /** What the cover shows meanwhile (the photo's display URL), for the collections list's overlay. */
  coverUrl: string | null;
}
export interface AlbumOrderPayload {
  albumId: string;
  /** Every photo of the collection, in the new order. */
  photoIds: string[];
}
export interface PhotoCaptionPayload {
  photoId: string;
  albumId: string;
  /** The new caption; null clears it (the filename is the alt text again). */
  caption: string | null;
}
export interface PhotoDeletePayload {
  id: string;
  albumId: string;
  /** The photo's objects (names fixed when it was made), removed whatever the RPC answers. */
  objectNames: string[];
}
export interface PhotosDeletePayload {
  albumId: string;
  /** Each photo and its objects (names fixed when it was made), as photo.delete carries them. */
  photos: Array<{ id: string; objectNames: string[] }>;
}
type WithId = { id: string };
type NamedChanges<Changes> = { id: string; name: string; changes: Changes };
/** Uploads (file.upload paths) the change must wait for: an image it names. */
type WaitsFor = { waitFor?: string[] };
const afterUploads = (paths: string[] = []) => paths.map((path) => `file:${path}`);

// Admin data a change to a collection or its photos shows in.
const ALBUM_DATA = ['albums', 'album', 'gallery-links', 'public-galleries', 'dashboard'] as const;

export const registry = {
  'album.create': define({
    version: 1,
    build: (album: AlbumChange) => ({
      entity: `album:${album.id}`,
      payload: album,
      label: `Create collection ${quoted(album.name)}`,
    }),
    send: async (album, { backend }) => void (await createAlbum(backend, album.id, album)),
    affects: ALBUM_DATA,
  }),
  'album.update': define({
    version: 1,
    build: (album: AlbumChange) => ({
      entity: `album:${album.id}`,
      payload: album,
      label: `Update collection ${quoted(album.name)}`,
    }),
    send: (album, { backend }) => updateAlbum(backend, album.id, album),
    affects: ALBUM_DATA,
  }),
  'album.delete': define({
    version: 1,
    build: (album: { id: string; name: string }) => ({
      entity: `album:${album.id}`,
      payload: { id: album.id } satisfies WithId,
      label: `Delete collection ${quoted(album.name)}`,
    }),
    send: ({ id }, { backend }) => deleteAlbum(backend, id),
    affects: ALBUM_DATA,
  }),
  'album.setCover': define({
    version: 1,
    build: (cover: AlbumCoverPayload & { albumName: string; photoName: string | null }) => ({
      entity: `album:${cover.albumId}`,
      // A photo still uploading is chosen once it is on the server.
      dependsOn: cover.photoId ? [`photo:${cover.photoId}`] : [],
      payload: {
        albumId: cover.albumId,
        photoId: cover.photoId,
        coverUrl: cover.coverUrl,
      } satisfies AlbumCoverPayload,
      label: cover.photoName
        ? `Set ${cover.photoName} as cover of ${quoted(cover.albumName)}`
        : `Use the first photo as cover of ${quoted(cover.albumName)}`,
    }),
    send: ({ albumId, photoId }, { backend }) => setAlbumCover(backend, albumId, photoId),
    affects: ALBUM_DATA,
  }),
  'album.reorderPhotos': define({
    version: 1,
    build: (order: AlbumOrderPayload & { albumName: string }) => ({
      entity: `album:${order.albumId}`,
      // Sent after the uploads and deletions of the photos it names that were queued before it.
      dependsOn: order.photoIds.map((photoId) => `photo:${photoId}`),
      payload: { albumId: order.albumId, photoIds: order.photoIds } satisfies AlbumOrderPayload,
      label: `Reorder photos of ${quoted(order.albumName)}`,
    }),
    // Sets every position: a replay, or an older order sent before a newer one, ends with the last order made.
    send: ({ albumId, photoIds }, { backend }) => setAlbumPhotoOrder(backend, albumId, photoIds),
    affects: ALBUM_DATA,
  }),
  'photo.upload': define({
    version: 1,
    build: (upload: PhotoUploadPayload) => ({
      id: upload.photoId,
      entity: `photo:${upload.photoId}`,
      dependsOn: [`album:${upload.albumId}`],
      payload: upload,
      label: `Upload ${upload.originalFilename}`,
    }),
    send: (upload, { backend, db, queued }) =>
      sendPhotoUpload(backend, db, upload, () =>
        Promise.resolve(queued && uploadAfter(queued(), upload)),
      ),
    blobKeys: (upload) => Object.values(photoUploadBlobKeys(upload.photoId)),
    undo: (upload, { db }) => forgetUpload(db, upload.photoId),
    affects: ALBUM_DATA,
  }),
  'photo.setCaption': define({
    version: 1,
    build: (change: PhotoCaptionPayload & { photoName: string }) => ({
      // Its own entity: a caption typed while the photo still uploads waits for the upload
      // (dependsOn), and does not hold back the photo's later changes.
      entity: `caption:${change.photoId}`,
      dependsOn: [`photo:${change.photoId}`],
      payload: {
        photoId: change.photoId,
        albumId: change.albumId,
        caption: change.caption,
      } satisfies PhotoCaptionPayload,
      label: change.caption
        ? `Caption ${change.photoName}`
        : `Remove the caption of ${change.photoName}`,
    }),
    // Sets the value: a replay, or an older caption sent before a newer one, ends with the last typed.
    send: ({ photoId, caption }, { backend }) => setPhotoCaption(backend, photoId, caption),
    affects: ALBUM_DATA,
  }),
  'photo.delete': define({
    // 1: { id, albumId }; the files were those the RPC answered. 2: their names travel along.
    version: 2,
    read: (stored) => ({ ...(stored as Omit<PhotoDeletePayload, 'objectNames'>), objectNames: [] }),
    build: (photo: { id: string; albumId: string; filename: string; name: string }) => {
      const names = photoObjectNames(photo.albumId, photo.id, extensionOf(photo.filename));
      return {
        entity: `photo:${photo.id}`,
        dependsOn: [`album:${photo.albumId}`],
        payload: {
          id: photo.id,
          albumId: photo.albumId,
          objectNames: [names.original, names.thumb, names.preview],
        } satisfies PhotoDeletePayload,
        label: `Delete photo ${photo.name}`,
      };
    },
    send: ({ id, objectNames }, { backend }) => deletePhoto(backend, id, objectNames),
    affects: ALBUM_DATA,
  }),
  'photos.deleteMany': define({
    version: 1,
    build: (selection: {
      albumId: string;
      albumName: string;
      photos: Array<{ id: string; filename: string }>;
    }) => ({
      entity: `album:${selection.albumId}`,
      // After any earlier change of these photos (an upload still waiting).
      dependsOn: selection.photos.map((photo) => `photo:${photo.id}`),
      payload: {
        albumId: selection.albumId,
        photos: selection.photos.map((photo) => {
          const names = photoObjectNames(selection.albumId, photo.id, extensionOf(photo.filename));
          return { id: photo.id, objectNames: [names.original, names.thumb, names.preview] };
        }),
      } satisfies PhotosDeletePayload,
      label: `Delete ${selection.photos.length === 1 ? '1 photo' : `${selection.photos.length} photos`} from ${quoted(selection.albumName)}`,
    }),
    send: ({ photos }, { backend }) => deletePhotos(backend, photos),
    affects: ALBUM_DATA,
  }),
  'gallery.save': define({
    version: 1,
    build: (gallery: GalleryChange) => ({
      entity: `gallery:${gallery.id}`,
      dependsOn: gallery.photoIds.map((photoId) => `photo:${photoId}`),
      payload: gallery,
      label: `${gallery.isNew ? 'Create' : 'Update'} gallery ${quoted(gallery.title)}`,
    }),
    send: async (gallery, { backend }) => {
      if (gallery.isNew) await createPublicGallery(backend, gallery.id, gallery);
      else await updatePublicGallery(backend, gallery.id, gallery);
      await setGalleryPhotos(backend, gallery.id, gallery.photoIds);
    },
    affects: ['public-galleries', 'dashboard'],
  }),
  'gallery.addPhotos': define({
    version: 1,
    build: (addition: { galleryId: string; galleryTitle: string; photoIds: string[] }) => ({
      entity: `gallery:${addition.galleryId}`,
      dependsOn: addition.photoIds.map((photoId) => `photo:${photoId}`),
      payload: { galleryId: addition.galleryId, photoIds: addition.photoIds },
      label: `Add ${addition.photoIds.length === 1 ? '1 photo' : `${addition.photoIds.length} photos`} to gallery ${quoted(addition.galleryTitle)}`,
    }),
    send: ({ galleryId, photoIds }, { backend }) =>
      addPhotosToGallery(backend, galleryId, photoIds),
    affects: ['public-galleries', 'dashboard'],
  }),
  'gallery.delete': define({
    version: 1,
    build: (gallery: { id: string; title: string }) => ({
      entity: `gallery:${gallery.id}`,
      payload: { id: gallery.id } satisfies WithId,
      label: `Delete gallery ${quoted(gallery.title)}`,
    }),
    send: ({ id }, { backend }) => deletePublicGallery(backend, id),
    affects: ['public-galleries', 'dashboard'],
  }),
  'link.create': define({
    version: 1,
    build: (link: NewGalleryLink & { albumName: string }) => ({
      entity: `link:${link.id}`,
      dependsOn: [`album:${link.albumId}`],
      payload: {
        id: link.id,
        albumId: link.albumId,
        accessToken: link.accessToken,
        passcode: link.passcode,
        allowDownloads: link.allowDownloads,
        // Absent in changes queued before these settings existed: the server's defaults (on, original).
        allowFavourites: link.allowFavourites,
        downloadSize: link.downloadSize,
        expiresAt: link.expiresAt,
        // For showing the waiting link; send passes only the link's own fields.
        albumName: link.albumName,
      },
      label: `Create client link for ${quoted(link.albumName)}`,
    }),
    send: ({ albumName: _albumName, ...link }, { backend }) => createGalleryLink(backend, link),
    affects: ['gallery-links', 'albums', 'dashboard'],
  }),
  'link.update': define({
    version: 1,
    build: (link: { id: string; albumName: string; changes: GalleryLinkUpdate }) => ({
      entity: `link:${link.id}`,
      payload: { id: link.id, changes: link.changes },
      label: `Update client link for ${quoted(link.albumName)}`,
    }),
    send: ({ id, changes }, { backend }) => updateGalleryLink(backend, id, changes),
    affects: ['gallery-links', 'albums', 'dashboard'],
  }),
  'link.delete': define({
    version: 1,
    build: (link: { id: string; albumName: string }) => ({
      entity: `link:${link.id}`,
      payload: { id: link.id } satisfies WithId,
      label: `Delete client link for ${quoted(link.albumName)}`,
    }),
    send: ({ id }, { backend }) => deleteGalleryLink(backend, id),
    affects: ['gallery-links', 'albums', 'dashboard'],
  }),
  'file.upload': define({
    version: 1,
    build: (file: FileUploadPayload & { name: string }) => ({
      entity: `file:${file.path}`,
      payload: {
        blobKey: file.blobKey,
        path: file.path,
        contentType: file.contentType,
      } satisfies FileUploadPayload,
      label: `Upload ${file.name}`,
    }),
    send: async ({ blobKey, path, contentType }, { backend, db }) => {
      const stored = await db.blobs.get(blobKey);
      if (!stored) return; // sent earlier; only the outbox entry was left
      await uploadToPhotos(backend, path, stored.blob, contentType);
      await db.blobs.delete(blobKey);
    },
    blobKeys: ({ blobKey }) => [blobKey],
    undo: ({ blobKey }, { db }) => db.blobs.delete(blobKey),
    affects: [],
  }),
  'profile.save': define({
    version: 1,
    build: ({
      profile,
      waitFor = [],
    }: {
      profile: PhotographerProfileWrite;
      waitFor?: string[];
    }) => ({
      entity: 'profile',
      dependsOn: waitFor.map((path) => `file:${path}`),
      payload: profile,
      label: 'Save profile',
    }),
    send: (profile, { backend }) => saveProfile(backend, profile),
    affects: ['profile'],
  }),
  'content.create': define({
    version: 1,
    // `name`: what the photographer calls the section ('Call to action'), for the sync list.
    build: ({
      waitFor,
      name,
      ...section
    }: PageContentInsert & WithId & WaitsFor & { name?: string }) => ({
      entity: `content:${section.id}`,
      dependsOn: afterUploads(waitFor),
      payload: section,
      label: `Add section ${quoted(name ?? section.section_name)}`,
    }),
    send: (section, { backend }) => createPageSection(backend, section),
    affects: ['page-content'],
  }),
  'content.update': define({
    version: 1,
    build: (section: NamedChanges<PageContentUpdate> & WaitsFor) => ({
      entity: `content:${section.id}`,
      dependsOn: afterUploads(section.waitFor),
      payload: { id: section.id, changes: section.changes },
      label: `Update section ${quoted(section.name)}`,
    }),
    send: ({ id, changes }, { backend }) => updatePageSection(backend, id, changes),
    affects: ['page-content'],
  }),
  'content.delete': define({
    version: 1,
    build: (section: { id: string; name: string }) => ({
      entity: `content:${section.id}`,
      payload: { id: section.id } satisfies WithId,
      label: `Delete section ${quoted(section.name)}`,
    }),
    send: ({ id }, { backend }) => deletePageSection(backend, id),
    affects: ['page-content'],
  }),
  'service.create': define({
    version: 1,
    build: (service: ServicePackageInsert & WithId) => ({
      entity: `service:${service.id}`,
      payload: service,
      label: `Add service ${quoted(service.name)}`,
    }),
    send: (service, { backend }) => createServicePackage(backend, service),
    affects: ['services'],
  }),
  'service.update': define({
    version: 1,
    build: (service: NamedChanges<ServicePackageUpdate>) => ({
      entity: `service:${service.id}`,
      payload: { id: service.id, changes: service.changes },
      label: `Update service ${quoted(service.name)}`,
    }),
    send: ({ id, changes }, { backend }) => updateServicePackage(backend, id, changes),
    affects: ['services'],
  }),
  'service.delete': define({
    version: 1,
    build: (service: { id: string; name: string }) => ({
      entity: `service:${service.id}`,
      payload: { id: service.id } satisfies WithId,
      label: `Delete service ${quoted(service.name)}`,
    }),
    send: ({ id }, { backend }) => deleteServicePackage(backend, id),
    affects: ['services'],
  }),
  'testimonial.create': define({
    version: 1,
    build: ({ waitFor, ...testimonial }: TestimonialInsert & WithId & WaitsFor) => ({
      entity: `testimonial:${testimonial.id}`,
      dependsOn: afterUploads(waitFor),
      payload: testimonial,
      label: `Add testimonial from ${quoted(testimonial.client_name)}`,
    }),
    send: (testimonial, { backend }) => createTestimonial(backend, testimonial),
    affects: ['testimonials'],
  }),
  'testimonial.update': define({
    version: 1,
    build: (testimonial: NamedChanges<TestimonialUpdate> & WaitsFor) => ({
      entity: `testimonial:${testimonial.id}`,
      dependsOn: afterUploads(testimonial.waitFor),
      payload: { id: testimonial.id, changes: testimonial.changes },
      label: `Update testimonial from ${quoted(testimonial.name)}`,
    }),
    send: ({ id, changes }, { backend }) => updateTestimonial(backend, id, changes),
    affects: ['testimonials'],
  }),
  'testimonial.delete': define({
    version: 1,
    build: (testimonial: { id: string; name: string }) => ({
      entity: `testimonial:${testimonial.id}`,
      payload: { id: testimonial.id } satisfies WithId,
      label: `Delete testimonial from ${quoted(testimonial.name)}`,
    }),
    send: ({ id }, { backend }) => deleteTestimonial(backend, id),
    affects: ['testimonials'],
  }),
  'settings.save': define({
    version: 1,
    build: ({ settings, waitFor = [] }: { settings: SiteSettings; waitFor?: string[] }) => ({
      entity: 'site-settings',
      dependsOn: waitFor.map((path) => `file:${path}`),
      payload: settings,
      label: 'Save site design',
    }),
    send: (settings, { backend }) => saveSiteSettings(backend, settings),
    affects: ['site-settings'],
  }),
  'link-defaults.save': define({
    version: 1,
    build: (defaults: LinkDefaults) => ({
      entity: 'link-defaults',
      payload: {
        requirePasscode: defaults.requirePasscode,
        allowDownloads: defaults.allowDownloads,
        expiryDays: defaults.expiryDays,
      },
      label: 'Save default link settings',
    }),
    // Writes the same three rows however often it is sent.
    send: (defaults, { backend }) => saveLinkDefaults(backend, defaults),
    affects: ['link-defaults'],
  }),
};

type Registry = typeof registry;
export type ChangeKind = keyof Registry;
type DefinitionOf<K extends ChangeKind> = Registry[K];
export type PayloadOf<K extends ChangeKind> =
  DefinitionOf<K> extends ChangeDefinition<never, infer Payload> ? Payload : never;
export type InputOf<K extends ChangeKind> = Parameters<DefinitionOf<K>['build']>[0];

/** The registry seen per kind, so a kind's definition and its payload's type go together. */
type Definitions = { [K in ChangeKind]: ChangeDefinition<InputOf<K>, PayloadOf<K>> };
const definitions: Definitions = registry;
/** The same definitions for code that holds an item of any kind: the item's kind picks its own definition, so its payload fits. */
const erased: Record<ChangeKind, ChangeDefinition<never, unknown>> = registry;

/** A queued change of kind K. */
export type OutboxItemOf<K extends ChangeKind> = K extends ChangeKind
  ? Omit<QueuedChange, 'kind' | 'payload'> & { kind: K; payload: PayloadOf<K> }
  : never;
/** A queued change of any kind: the union the outbox stores and every screen reads. */
export type OutboxItem = OutboxItemOf<ChangeKind>;
/** A change a screen asks for, before the queue gives it its id and state. */
export type NewChange = ChangeRequest<OutboxItem>;
export type NewChangeOf<K extends ChangeKind> = ChangeRequest<OutboxItemOf<K>>;

/** Builds a change of kind K from a screen's input. */
export function newChange<K extends ChangeKind>(kind: K, input: InputOf<K>): NewChangeOf<K> {
  const definition: ChangeDefinition<InputOf<K>, PayloadOf<K>> = definitions[kind];
  const built = definition.build(input);
  // One kind's fields: TypeScript cannot follow K through the distributive union by itself.
  return { ...built, kind, version: definition.version } as unknown as NewChangeOf<K>;
}

/** Sends a queued change (the sync engine's sender). */
export function sendChange(item: OutboxItem, context: ChangeContext): Promise<void> {
  return erased[item.kind].send(item.payload, context);
}

/** Frees what a discarded change kept on this device. */
export async function undoChange(item: OutboxItem, context: ChangeContext): Promise<void> {
  await erased[item.kind].undo?.(item.payload, context);
}

/** The IndexedDB blobs a queued change still needs. */
export function blobKeysOf(item: OutboxItem): string[] {
  return erased[item.kind].blobKeys?.(item.payload) ?? [];
}

/** The admin data a sent change alters. */
export function dataAffectedBy(item: OutboxItem): readonly AdminData[] {
  return erased[item.kind].affects;
}

/** What a visitor of the queue may want to do with some kinds: a handler per kind, each with its own payload type. */
export type ChangeVisitor = {
  [K in ChangeKind]?: (payload: PayloadOf<K>, item: OutboxItemOf<K>) => void;
};

/** Calls the visitor's handler for the item's kind, if it has one (for overlays of queued changes on server data). */
export function visitChange(item: OutboxItem, visitor: ChangeVisitor): void {
  const handler = visitor[item.kind] as ((payload: unknown, item: OutboxItem) => void) | undefined;
  handler?.(item.payload, item);
}

/** True for a change of one of these kinds, narrowing it. */
export function isChangeOf<K extends ChangeKind>(
  item: OutboxItem,
  ...kinds: K[]
): item is OutboxItemOf<K> {
  return (kinds as readonly ChangeKind[]).includes(item.kind);
}

/** The payloads of the queued changes of kind K, in queue order. */
export function payloadsOf<K extends ChangeKind>(
  items: readonly OutboxItem[],
  kind: K,
): Array<PayloadOf<K>> {
  return items
    .filter((item): item is OutboxItemOf<K> => isChangeOf(item, kind))
    .map((item) => item.payload as PayloadOf<K>);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * A queued change as stored in IndexedDB, read into the current shape: payloads of an older
 * version through their kind's `read`, and the failure of items stored before failures had
 * kinds (`error: string`). Null for a kind or a payload version this version does not know
 * (written by a newer version of the app): the row stays where it is, for that version to send.
 */
export function readStoredItem(stored: unknown): OutboxItem | null {
  if (
    !isObject(stored) ||
    typeof stored.kind !== 'string' ||
    !Object.hasOwn(definitions, stored.kind)
  )
    return null;
  const kind = stored.kind as ChangeKind;
  const definition = erased[kind];
  const version = typeof stored.version === 'number' ? stored.version : 1;
  // A payload shape newer than this version knows: also left for the version that wrote it.
  if (version > definition.version) return null;
  const payload =
    version < definition.version && definition.read
      ? definition.read(stored.payload, version)
      : stored.payload;
  const { error: legacyError, ...rest } = stored;
  const failure =
    rest.failure ??
    (typeof legacyError === 'string'
      ? {
          // Before failures had kinds, only the sentence said an ended session.
          kind:
            legacyError === 'Not authenticated'
              ? 'auth'
              : stored.status === 'failed'
                ? 'refused'
                : 'network',
          status: 0,
          message: legacyError,
        }
      : undefined);
  return { ...rest, kind, version: definition.version, payload, failure } as OutboxItem;
}

/**
 * The upload the outbox will send right after this one: the next change in the queue, when it
 * is an upload to the same collection that may go now (its collection is on the server, as
 * this one's is). Its original can then be sent ahead (upload-pipeline.ts).
 */
function uploadAfter(
  queued: readonly QueuedChange[],
  current: PhotoUploadPayload,
): PhotoUploadPayload | undefined {
  const items = queued as readonly OutboxItem[];
  const index = items.findIndex(
    (item) => isChangeOf(item, 'photo.upload') && item.payload.photoId === current.photoId,
  );
  const next = index === -1 ? undefined : items[index + 1];
  if (
    !next ||
    !isChangeOf(next, 'photo.upload') ||
    next.status !== 'pending' ||
    next.nextAttemptAt > Date.now()
  )
    return undefined;
  return next.payload.albumId === current.albumId ? next.payload : undefined;
}

/** The builders screens use: `changes.createAlbum(album)` is `newChange('album.create', album)`. */
export const changes = {
  createAlbum: (album: InputOf<'album.create'>) => newChange('album.create', album),
  updateAlbum: (album: InputOf<'album.update'>) => newChange('album.update', album),
  deleteAlbum: (album: InputOf<'album.delete'>) => newChange('album.delete', album),
  setAlbumCover: (cover: InputOf<'album.setCover'>) => newChange('album.setCover', cover),
  reorderPhotos: (order: InputOf<'album.reorderPhotos'>) => newChange('album.reorderPhotos', order),
  uploadPhoto: (upload: InputOf<'photo.upload'>) => newChange('photo.upload', upload),
  setPhotoCaption: (change: InputOf<'photo.setCaption'>) => newChange('photo.setCaption', change),
  deletePhoto: (photo: InputOf<'photo.delete'>) => newChange('photo.delete', photo),
  deletePhotos: (selection: InputOf<'photos.deleteMany'>) =>
    newChange('photos.deleteMany', selection),
  saveGallery: (gallery: InputOf<'gallery.save'>) => newChange('gallery.save', gallery),
  deleteGallery: (gallery: InputOf<'gallery.delete'>) => newChange('gallery.delete', gallery),
  addPhotosToGallery: (addition: InputOf<'gallery.addPhotos'>) =>
    newChange('gallery.addPhotos', addition),
  createLink: (link: InputOf<'link.create'>) => newChange('link.create', link),
  updateLink: (link: InputOf<'link.update'>) => newChange('link.update', link),
  deleteLink: (link: InputOf<'link.delete'>) => newChange('link.delete', link),
  uploadFile: (file: InputOf<'file.upload'>) => newChange('file.upload', file),
  saveProfile: (profile: PhotographerProfileWrite, waitFor: string[] = []) =>
    newChange('profile.save', { profile, waitFor }),
  createSection: (section: InputOf<'content.create'>) => newChange('content.create', section),
  updateSection: (section: InputOf<'content.update'>) => newChange('content.update', section),
  deleteSection: (section: InputOf<'content.delete'>) => newChange('content.delete', section),
  createService: (service: InputOf<'service.create'>) => newChange('service.create', service),
  updateService: (service: InputOf<'service.update'>) => newChange('service.update', service),
  deleteService: (service: InputOf<'service.delete'>) => newChange('service.delete', service),
  saveSettings: (settings: SiteSettings, waitFor: string[] = []) =>
    newChange('settings.save', { settings, waitFor }),
  saveLinkDefaults: (defaults: InputOf<'link-defaults.save'>) =>
    newChange('link-defaults.save', defaults),
  createTestimonial: (testimonial: InputOf<'testimonial.create'>) =>
    newChange('testimonial.create', testimonial),
  updateTestimonial: (testimonial: InputOf<'testimonial.update'>) =>
    newChange('testimonial.update', testimonial),
  deleteTestimonial: (testimonial: InputOf<'testimonial.delete'>) =>
    newChange('testimonial.delete', testimonial),
};
