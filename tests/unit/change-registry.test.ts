// @vitest-environment node
// (Node's structured clone keeps Blobs in fake-indexeddb; jsdom's Blob does not survive it.)
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createBackend, type Backend } from '@/lib/backend/client';
import { AdminDatabase } from '@/offline/outbox/db';
import { dexieOutboxStore, sweepOrphanedBlobs } from '@/offline/outbox/outbox-store';
import {
  blobKeysOf,
  newChange,
  dataAffectedBy,
  readStoredItem,
  registry,
  sendChange,
  touchesAny,
  touchesOf,
  undoChange,
  type ChangeKind,
  type NewChange,
  type OutboxItem,
} from '@/offline/outbox/registry';
import { SyncEngine } from '@/offline/outbox/sync-engine';
import { photoUploadBlobKeys } from '@/offline/outbox/upload-pipeline';

/**
 * Each kind of change of the registry, under the real supabase-js client with a transport
 * that records what it is asked and answers 200: what a screen's input becomes in the queue,
 * which requests sending it makes, what it keeps on the device and frees on discard. Then
 * changes stored by the previous version of the app (no payload versions, failures as plain
 * text) are seeded into IndexedDB and replayed.
 */

vi.mock('@/offline/outbox/renditions', () => ({
  makeRenditions: async () => ({
    width: 800,
    height: 1200,
    thumb: new Blob(['thumb'], { type: 'image/webp' }),
    cover: new Blob(['cover'], { type: 'image/webp' }),
    preview: new Blob(['preview'], { type: 'image/webp' }),
  }),
  makeCoverRendition: async () => new Blob(['cover'], { type: 'image/webp' }),
}));

// The original's resumable upload, as far as this table is concerned: the upload token asked of
// storage (a real request, recorded), then the tus upload itself, recorded as one line (its
// protocol is driven for real in tests/security/resumable-uploads.test.ts).
vi.mock('@/lib/backend/resumable-upload', () => ({
  uploadOriginalResumable: async (uploader: Backend, name: string) => {
    await uploader.adminClient.storage
      .from('originals')
      .createSignedUploadUrl(name, { upsert: true });
    seen.push({ method: 'TUS', path: `/upload/resumable/sign originals/${name}`, body: '<bytes>' });
    return `/storage/v1/object/authenticated/originals/${name}`;
  },
}));

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

let seen: Seen[];
/** What the RPCs answer: admin_delete_photo and admin_delete_album return object names. */
let rpcAnswers: Record<string, unknown>;
/** What listing a folder of a bucket answers, once (then empty). */
let listings: Record<string, Array<{ name: string; id: string | null }>>;

async function recordingFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input);
  const text = typeof init?.body === 'string' ? init.body : null;
  const body = text ? (JSON.parse(text) as unknown) : init?.body ? '<bytes>' : null;
  const method = init?.method ?? 'GET';
  seen.push({ method, path: decodeURIComponent(url.pathname), body });
  const json = (value: unknown) =>
    new Response(JSON.stringify(value), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  const rpc = /\/rest\/v1\/rpc\/(\w+)/.exec(url.pathname)?.[1];
  if (rpc) return json(rpcAnswers[rpc] ?? null);
  const list = /\/storage\/v1\/object\/list\/(\w+)/.exec(url.pathname)?.[1];
  if (list) {
    const entries = listings[list] ?? [];
    listings[list] = [];
    return json(entries);
  }
  if (url.pathname.startsWith('/storage/v1/object/'))
    return json(method === 'DELETE' ? [] : { Key: 'x', Id: 'x' });
  // A table read (a gallery's photos before photos are added to it): no rows.
  if (method === 'GET' && url.pathname.startsWith('/rest/v1/')) return json([]);
  return json(null);
}

const config = { supabaseUrl: 'http://backend.test', supabaseAnonKey: 'anon-key' };
const backend = createBackend(config, {
  credentials: () => ({ username: 'anna', token: 'token' }),
  fetch: recordingFetch,
  realtimeTransport: WebSocket,
});
let db: AdminDatabase;

beforeEach(() => {
  db = new AdminDatabase(`registry-${crypto.randomUUID()}`);
  seen = [];
  rpcAnswers = {};
  listings = {};
});

afterEach(async () => {
  db.close();
  await db.delete();
});

const ALBUM = '11111111-1111-4111-8111-111111111111';
const PHOTO = '22222222-2222-4222-8222-222222222222';
const ID = '33333333-3333-4333-8333-333333333333';

/** A queued item of a built change, as the engine stores it. */
const queued = (change: NewChange, fields: Partial<OutboxItem> = {}): OutboxItem =>
  ({
    ...change,
    id: change.id ?? crypto.randomUUID(),
    dependsOn: change.dependsOn ?? [],
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    createdAt: 0,
    ...fields,
  }) as OutboxItem;

const rpcs = () =>
  seen
    .filter((request) => request.path.includes('/rpc/'))
    .map((request) => request.path.split('/rpc/')[1]);
const requests = () =>
  seen.map((request) => `${request.method} ${request.path.replace(/^\/(rest|storage)\/v1/, '')}`);

interface Case {
  change: NewChange;
  entity: string;
  dependsOn?: string[];
  label: string;
  /** The requests sending it makes, in order ('METHOD path'). */
  sends: string[];
  /** What it keeps on the device until sent (stored with it, as the screens' hooks do). */
  blobs?: string[];
  /** What listing a folder answers while it is sent. */
  listings?: typeof listings;
  /** True for a change no list shows by itself. */
  showsNothing?: true;
  /** The entities screens find it by (usePendingFor); its own entity when absent. */
  touches?: string[];
}

const upload = {
  photoId: PHOTO,
  albumId: ALBUM,
  filename: `${PHOTO}.jpg`,
  originalFilename: 'IMG_0412.jpg',
  mimeType: 'image/jpeg',
  fileSize: 3,
};

const cases: Record<ChangeKind, Case> = {
  'album.create': {
    change: newChange('album.create', {
      id: ALBUM,
      name: 'Smith Wedding',
      description: null,
      isPublic: false,
    }),
    entity: `album:${ALBUM}`,
    label: 'Create collection “Smith Wedding”',
    sends: ['POST /rpc/admin_create_album'],
  },
  'album.update': {
    change: newChange('album.update', {
      id: ALBUM,
      name: 'Smith Wedding 2026',
      description: 'Garden',
      isPublic: true,
    }),
    entity: `album:${ALBUM}`,
    label: 'Update collection “Smith Wedding 2026”',
    sends: ['POST /rpc/admin_update_album'],
  },
  'album.delete': {
    change: newChange('album.delete', { id: ALBUM, name: 'Smith Wedding' }),
    entity: `album:${ALBUM}`,
    label: 'Delete collection “Smith Wedding”',
    listings: {
      photos: [{ name: `${PHOTO}.thumb.webp`, id: 'o1' }],
      originals: [{ name: `${PHOTO}.jpg`, id: 'o2' }],
    },
    // The RPC, then the album's folder listed and emptied in both buckets.
    sends: [
      'POST /rpc/admin_delete_album',
      `POST /object/list/photos`,
      `DELETE /object/photos`,
      `POST /object/list/photos`,
      `POST /object/list/originals`,
      `DELETE /object/originals`,
      `POST /object/list/originals`,
    ],
  },
  'album.setCover': {
    change: newChange('album.setCover', {
      albumId: ALBUM,
      photoId: PHOTO,
      coverUrl: `/storage/v1/object/public/photos/${ALBUM}/${PHOTO}.thumb.webp`,
      albumName: 'Smith Wedding',
      photoName: 'IMG_0412.jpg',
    }),
    entity: `album:${ALBUM}`,
    dependsOn: [`photo:${PHOTO}`],
    label: 'Set IMG_0412.jpg as cover of “Smith Wedding”',
    sends: ['POST /rpc/admin_set_album_cover'],
  },
  'album.reorderPhotos': {
    change: newChange('album.reorderPhotos', {
      albumId: ALBUM,
      photoIds: [PHOTO, ID],
      albumName: 'Smith Wedding',
    }),
    entity: `album:${ALBUM}`,
    dependsOn: [`photo:${PHOTO}`, `photo:${ID}`],
    label: 'Reorder photos of “Smith Wedding”',
    sends: ['POST /rpc/admin_set_album_photo_order'],
  },
  'photo.upload': {
    change: newChange('photo.upload', upload),
    entity: `photo:${PHOTO}`,
    dependsOn: [`album:${ALBUM}`],
    touches: [`album:${ALBUM}`, `photo:${PHOTO}`],
    label: 'Upload IMG_0412.jpg',
    blobs: [photoUploadBlobKeys(PHOTO).original],
    sends: [
      `POST /object/upload/sign/originals/${ALBUM}/${PHOTO}.jpg`,
      `TUS /upload/resumable/sign originals/${ALBUM}/${PHOTO}.jpg`,
      `POST /object/photos/${ALBUM}/${PHOTO}.thumb.webp`,
      `POST /object/photos/${ALBUM}/${PHOTO}.cover.webp`,
      `POST /object/photos/${ALBUM}/${PHOTO}.preview.webp`,
      'POST /rpc/admin_add_photo',
    ],
  },
  'photo.makeCover': {
    change: newChange('photo.makeCover', {
      photoId: PHOTO,
      albumId: ALBUM,
      previewUrl: `/storage/v1/object/public/photos/${ALBUM}/${PHOTO}.preview.webp`,
      name: 'IMG_0412.jpg',
    }),
    entity: `cover:${PHOTO}`,
    dependsOn: [`photo:${PHOTO}`],
    touches: [`album:${ALBUM}`, `photo:${PHOTO}`],
    label: 'Make the cover image of IMG_0412.jpg',
    // The preview read, the cover stored under the photo's own name, then recorded; the record
    // answers null here (no row): the photo is gone, so the cover is removed again.
    sends: [
      `GET /object/photos/${ALBUM}/${PHOTO}.preview.webp`,
      `POST /object/photos/${ALBUM}/${PHOTO}.cover.webp`,
      'POST /rpc/admin_record_cover_rendition',
      'DELETE /object/photos',
      'DELETE /object/originals',
    ],
  },
  'photo.setCaption': {
    change: newChange('photo.setCaption', {
      photoId: PHOTO,
      albumId: ALBUM,
      caption: 'The first dance',
      photoName: 'IMG_0412.jpg',
    }),
    entity: `caption:${PHOTO}`,
    dependsOn: [`photo:${PHOTO}`],
    touches: [`album:${ALBUM}`, `photo:${PHOTO}`],
    label: 'Caption IMG_0412.jpg',
    sends: ['POST /rpc/admin_set_photo_caption'],
  },
  'photo.delete': {
    change: newChange('photo.delete', {
      id: PHOTO,
      albumId: ALBUM,
      filename: `${PHOTO}.jpeg`,
      name: 'IMG_0412.jpg',
    }),
    entity: `photo:${PHOTO}`,
    dependsOn: [`album:${ALBUM}`],
    touches: [`album:${ALBUM}`, `photo:${PHOTO}`],
    label: 'Delete photo IMG_0412.jpg',
    sends: ['POST /rpc/admin_delete_photo', 'DELETE /object/photos', 'DELETE /object/originals'],
  },
  'photos.deleteMany': {
    change: newChange('photos.deleteMany', {
      albumId: ALBUM,
      albumName: 'Smith Wedding',
      photos: [
        { id: PHOTO, filename: `${PHOTO}.jpeg` },
        { id: ID, filename: `${ID}.png` },
      ],
    }),
    entity: `album:${ALBUM}`,
    dependsOn: [`photo:${PHOTO}`, `photo:${ID}`],
    touches: [`album:${ALBUM}`, `photo:${PHOTO}`, `photo:${ID}`],
    label: 'Delete 2 photos from “Smith Wedding”',
    // Each photo's RPC, then every file of both in one removal per bucket.
    sends: [
      'POST /rpc/admin_delete_photo',
      'POST /rpc/admin_delete_photo',
      'DELETE /object/photos',
      'DELETE /object/originals',
    ],
  },
  'gallery.save': {
    change: newChange('gallery.save', {
      id: ID,
      isNew: true,
      title: 'Best of',
      description: null,
      isActive: true,
      photoIds: [PHOTO],
    }),
    entity: `gallery:${ID}`,
    dependsOn: [`photo:${PHOTO}`],
    label: 'Create gallery “Best of”',
    sends: ['POST /rpc/admin_create_public_gallery', 'POST /rpc/admin_add_photos_to_gallery'],
  },
  'gallery.addPhotos': {
    change: newChange('gallery.addPhotos', {
      galleryId: ID,
      galleryTitle: 'Best of',
      photoIds: [PHOTO],
    }),
    entity: `gallery:${ID}`,
    dependsOn: [`photo:${PHOTO}`],
    label: 'Add 1 photo to gallery “Best of”',
    // Reads the gallery's list, then sets it with the photo after it.
    sends: ['GET /public_gallery_photos', 'POST /rpc/admin_add_photos_to_gallery'],
  },
  'gallery.delete': {
    change: newChange('gallery.delete', { id: ID, title: 'Best of' }),
    entity: `gallery:${ID}`,
    label: 'Delete gallery “Best of”',
    sends: ['POST /rpc/admin_delete_public_gallery'],
  },
  'link.create': {
    change: newChange('link.create', {
      id: ID,
      albumId: ALBUM,
      accessToken: 'a'.repeat(43),
      passcode: null,
      allowDownloads: true,
      expiresAt: null,
      albumName: 'Smith Wedding',
    }),
    entity: `link:${ID}`,
    dependsOn: [`album:${ALBUM}`],
    label: 'Create client link for “Smith Wedding”',
    sends: ['POST /gallery_links'],
  },
  'link.update': {
    change: newChange('link.update', {
      id: ID,
      albumName: 'Smith Wedding',
      changes: { is_active: false },
    }),
    entity: `link:${ID}`,
    label: 'Update client link for “Smith Wedding”',
    sends: ['PATCH /gallery_links'],
  },
  'link.delete': {
    change: newChange('link.delete', { id: ID, albumName: 'Smith Wedding' }),
    entity: `link:${ID}`,
    label: 'Delete client link for “Smith Wedding”',
    sends: ['DELETE /gallery_links'],
  },
  'file.upload': {
    change: newChange('file.upload', {
      blobKey: 'file:logo-1.png',
      path: 'logo-1.png',
      contentType: 'image/png',
      name: 'logo.png',
    }),
    entity: 'file:logo-1.png',
    label: 'Upload logo.png',
    blobs: ['file:logo-1.png'],
    showsNothing: true,
    sends: ['POST /object/photos/logo-1.png'],
  },
  'profile.save': {
    change: newChange('profile.save', {
      profile: { site_name: 'Anna Photography' },
      waitFor: ['logo-1.png'],
    }),
    entity: 'profile',
    dependsOn: ['file:logo-1.png'],
    label: 'Save profile',
    sends: ['GET /photographer_profile', 'POST /photographer_profile'],
  },
  'content.create': {
    change: newChange('content.create', {
      id: ID,
      page_name: 'home',
      section_name: 'intro',
      title: 'Hello',
      image_url: '/storage/v1/object/public/photos/content-1.jpg',
      shownName: 'Introduction',
      waitFor: ['content-1.jpg'],
    }),
    entity: `content:${ID}`,
    dependsOn: ['file:content-1.jpg'],
    label: 'Add section “Introduction”',
    sends: ['POST /page_content'],
  },
  'content.update': {
    change: newChange('content.update', {
      id: ID,
      name: 'Introduction',
      changes: { image_url: '/storage/v1/object/public/photos/content-2.jpg' },
      waitFor: ['content-2.jpg'],
    }),
    entity: `content:${ID}`,
    dependsOn: ['file:content-2.jpg'],
    label: 'Update section “Introduction”',
    sends: ['PATCH /page_content'],
  },
  'content.delete': {
    change: newChange('content.delete', { id: ID, name: 'intro' }),
    entity: `content:${ID}`,
    label: 'Delete section “intro”',
    sends: ['DELETE /page_content'],
  },
  'service.create': {
    change: newChange('service.create', { id: ID, name: 'Weddings' }),
    entity: `service:${ID}`,
    label: 'Add service “Weddings”',
    sends: ['POST /service_packages'],
  },
  'service.update': {
    change: newChange('service.update', {
      id: ID,
      name: 'Weddings',
      changes: { price_range: '$2000' },
    }),
    entity: `service:${ID}`,
    label: 'Update service “Weddings”',
    sends: ['PATCH /service_packages'],
  },
  'service.delete': {
    change: newChange('service.delete', { id: ID, name: 'Weddings' }),
    entity: `service:${ID}`,
    label: 'Delete service “Weddings”',
    sends: ['DELETE /service_packages'],
  },
  'testimonial.create': {
    change: newChange('testimonial.create', {
      id: ID,
      client_name: 'Emma & James',
      quote: 'Pure magic.',
      sort_order: 2,
    }),
    entity: `testimonial:${ID}`,
    label: 'Add testimonial from “Emma & James”',
    sends: ['POST /testimonials'],
  },
  'testimonial.update': {
    change: newChange('testimonial.update', {
      id: ID,
      name: 'Emma & James',
      changes: { photo_url: '/storage/v1/object/public/photos/testimonial-1.jpg' },
      waitFor: ['testimonial-1.jpg'],
    }),
    entity: `testimonial:${ID}`,
    dependsOn: ['file:testimonial-1.jpg'],
    label: 'Update testimonial from “Emma & James”',
    sends: ['PATCH /testimonials'],
  },
  'testimonial.delete': {
    change: newChange('testimonial.delete', { id: ID, name: 'Emma & James' }),
    entity: `testimonial:${ID}`,
    label: 'Delete testimonial from “Emma & James”',
    sends: ['DELETE /testimonials'],
  },
  'settings.save': {
    change: newChange('settings.save', {
      settings: { primary_color: '#112233' },
      waitFor: ['hero-bg-1.jpg'],
    }),
    entity: 'site-settings',
    dependsOn: ['file:hero-bg-1.jpg'],
    label: 'Save site design',
    sends: ['POST /rpc/admin_update_site_settings'],
  },
  'link-defaults.save': {
    change: newChange('link-defaults.save', {
      requirePasscode: true,
      allowDownloads: false,
      expiryDays: 14,
    }),
    entity: 'link-defaults',
    label: 'Save default link settings',
    sends: ['POST /rpc/admin_save_link_defaults'],
  },
};

/** Stores what a change keeps on the device before it is sent. */
async function keepBlobs({ blobs = [] }: Case) {
  await db.blobs.bulkPut(blobs.map((key) => ({ key, blob: new Blob(['bytes']), createdAt: 0 })));
}

describe('the change registry', () => {
  it('has a case here for every kind it declares', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(registry).sort());
  });

  for (const [kind, expected] of Object.entries(cases) as Array<[ChangeKind, Case]>) {
    describe(kind, () => {
      it('is built with its entity, dependencies, label and payload version', () => {
        expect(expected.change).toMatchObject({
          kind,
          version: registry[kind].version,
          entity: expected.entity,
          label: expected.label,
        });
        expect(expected.change.dependsOn ?? []).toEqual(expected.dependsOn ?? []);
        // Payloads travel through IndexedDB: plain data only.
        expect(structuredClone(expected.change.payload)).toEqual(expected.change.payload);
      });

      it('is sent with the requests of its kind', async () => {
        await keepBlobs(expected);
        listings = { ...expected.listings };
        await sendChange(queued(expected.change), { backend, db });
        expect(requests().map((request) => request.replace(/\?.*$/, ''))).toEqual(expected.sends);
      });

      it('keeps on the device only what it needs, and frees it when discarded', async () => {
        await keepBlobs(expected);
        const item = queued(expected.change);
        // What it claims (for the sweep) covers what it stored; a photo also claims its renditions to come.
        expect(blobKeysOf(item)).toEqual(expect.arrayContaining(expected.blobs ?? []));
        expect(blobKeysOf(item).length > 0).toBe((expected.blobs ?? []).length > 0);
        await undoChange(item, { backend, db });
        expect(await db.blobs.count()).toBe(0);
        expect(seen).toEqual([]); // discarding never talks to the server
      });

      it('names the entities screens find it by', () => {
        expect(touchesOf(queued(expected.change))).toEqual(expected.touches ?? [expected.entity]);
      });

      it('names the admin data it alters', () => {
        // A file upload alone changes nothing shown: the profile or design save that uses it does.
        expect(dataAffectedBy(queued(expected.change)).length > 0).toBe(!expected.showsNothing);
      });
    });
  }

  it("sends a new list row's own fields, and neither its shown name nor its uploads", () => {
    // A service's name is a column; a section's shown name ('Introduction') is not.
    expect(cases['service.create'].change.payload).toEqual({ id: ID, name: 'Weddings' });
    expect(cases['content.create'].change.payload).toEqual({
      id: ID,
      page_name: 'home',
      section_name: 'intro',
      title: 'Hello',
      image_url: '/storage/v1/object/public/photos/content-1.jpg',
    });
  });

  it("finds a change by an entity it touches, or by that entity's type", () => {
    const upload = queued(cases['photo.upload'].change);
    expect(touchesAny(upload, [`album:${ALBUM}`])).toBe(true);
    expect(touchesAny(upload, ['photo'])).toBe(true);
    expect(touchesAny(upload, [`album:${ID}`, 'gallery'])).toBe(false);
    // A type is a whole word: 'link' is not 'link-defaults'.
    expect(touchesAny(queued(cases['link-defaults.save'].change), ['link'])).toBe(false);
    expect(touchesAny(queued(cases['link-defaults.save'].change), ['link-defaults'])).toBe(true);
  });

  it('sends a testimonial create as an insert that ignores a row already there (a replay), without the uploads it waited for', async () => {
    const change = newChange('testimonial.create', {
      id: ID,
      client_name: 'Emma',
      quote: 'Lovely.',
      waitFor: ['testimonial-2.jpg'],
    });
    expect(change.dependsOn).toEqual(['file:testimonial-2.jpg']);
    expect(change.payload).toEqual({ id: ID, client_name: 'Emma', quote: 'Lovely.' });
    const captured: Array<{ url: string; prefer: string | null; body: unknown }> = [];
    const replaying = createBackend(config, {
      credentials: () => ({ username: 'anna', token: 'token' }),
      fetch: async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        captured.push({
          url,
          prefer: new Headers(init?.headers).get('Prefer'),
          body: JSON.parse(typeof init?.body === 'string' ? init.body : 'null'),
        });
        return new Response(null, { status: 201 });
      },
      realtimeTransport: WebSocket,
    });
    await sendChange(queued(change), { backend: replaying, db });
    await sendChange(queued(change), { backend: replaying, db });
    expect(captured).toHaveLength(2);
    for (const request of captured) {
      expect(new URL(request.url).searchParams.get('on_conflict')).toBe('id');
      expect(request.prefer).toContain('resolution=ignore-duplicates');
      expect(request.body).toEqual({ id: ID, client_name: 'Emma', quote: 'Lovely.' });
    }
  });

  it('sends a reorder with the whole order and a cover with its photo, and a replay sends the same', async () => {
    const order = newChange('album.reorderPhotos', {
      albumId: ALBUM,
      photoIds: [ID, PHOTO],
      albumName: 'Smith Wedding',
    });
    const cover = newChange('album.setCover', {
      albumId: ALBUM,
      photoId: null,
      coverUrl: null,
      albumName: 'Smith Wedding',
      photoName: null,
    });
    expect(cover.label).toBe('Use the first photo as cover of “Smith Wedding”');
    expect(cover.dependsOn).toEqual([]);
    for (let replay = 0; replay < 2; replay += 1) {
      await sendChange(queued(order), { backend, db });
      await sendChange(queued(cover), { backend, db });
    }
    const bodies = seen.map((request) => request.body as Record<string, unknown>);
    expect(bodies).toHaveLength(4);
    expect(bodies[0]).toMatchObject({ p_album_id: ALBUM, p_photo_ids: [ID, PHOTO] });
    expect(bodies[1]).toMatchObject({ p_album_id: ALBUM, p_photo_id: null });
    expect(bodies.slice(2)).toEqual(bodies.slice(0, 2));
  });

  it('records a cover made later and keeps it when its photo is still there', async () => {
    rpcAnswers.admin_record_cover_rendition = true;
    await sendChange(queued(cases['photo.makeCover'].change), { backend, db });
    expect(requests()).toEqual(cases['photo.makeCover'].sends.slice(0, 3));
    expect(seen[2]!.body).toMatchObject({
      p_photo_id: PHOTO,
      p_cover_url: `http://backend.test/storage/v1/object/public/photos/${ALBUM}/${PHOTO}.cover.webp`,
    });
  });

  it('sends a photo delete to exactly the objects named when the photo was made, whatever the RPC answers', async () => {
    // The answer of the first try was lost after the commit: the replay gets no names back.
    rpcAnswers.admin_delete_photo = [];
    await sendChange(queued(cases['photo.delete'].change), { backend, db });
    const removed = seen
      .filter((request) => request.method === 'DELETE')
      .map((request) => request.body);
    const names = [
      `${ALBUM}/${PHOTO}.jpeg`,
      `${ALBUM}/${PHOTO}.thumb.webp`,
      `${ALBUM}/${PHOTO}.cover.webp`,
      `${ALBUM}/${PHOTO}.preview.webp`,
    ];
    expect(removed).toEqual([{ prefixes: names }, { prefixes: names }]);
  });
});

describe('changes stored by the previous version of the app', () => {
  /** Rows exactly as the version before payload versions wrote them. */
  const oldRows = [
    {
      id: 'old-1',
      kind: 'album.create',
      entity: `album:${ALBUM}`,
      dependsOn: [],
      payload: { id: ALBUM, name: 'Before the upgrade', description: null, isPublic: false },
      label: 'Create collection “Before the upgrade”',
      status: 'pending',
      attempts: 2,
      nextAttemptAt: 0,
      error: 'Could not reach the server. Check the connection and try again.',
      createdAt: 1,
    },
    {
      id: 'old-2',
      kind: 'photo.delete',
      entity: `photo:${PHOTO}`,
      dependsOn: [`album:${ALBUM}`],
      payload: { id: PHOTO, albumId: ALBUM },
      label: 'Delete photo IMG_0412.jpg',
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: 2,
    },
    {
      id: 'old-3',
      kind: 'service.update',
      entity: `service:${ID}`,
      dependsOn: [],
      payload: { id: ID, changes: { price_range: '$900' } },
      label: 'Update service “Weddings”',
      status: 'failed',
      attempts: 1,
      nextAttemptAt: 0,
      error: 'Not authenticated',
      createdAt: 3,
    },
    // Written by a newer version: left alone.
    {
      id: 'new-1',
      kind: 'album.archive',
      entity: `album:${ALBUM}`,
      dependsOn: [],
      payload: {},
      label: 'x',
      status: 'pending',
      createdAt: 4,
    },
  ];

  it('reads them into the current shapes: versions, upgraded payloads, failures with a kind', () => {
    const [album, photo, service, newer] = oldRows.map(readStoredItem);
    expect(album).toMatchObject({
      kind: 'album.create',
      version: 1,
      failure: { kind: 'network', status: 0 },
    });
    expect(photo).toMatchObject({
      kind: 'photo.delete',
      version: 2,
      payload: { id: PHOTO, albumId: ALBUM, objectNames: [] },
    });
    expect(service).toMatchObject({
      status: 'failed',
      failure: { kind: 'auth', message: 'Not authenticated' },
    });
    expect(service).not.toHaveProperty('error');
    expect(newer).toBeNull();
    // A known kind with a payload shape newer than this version reads is left alone too.
    expect(
      readStoredItem({ ...oldRows[1], version: registry['photo.delete'].version + 1 }),
    ).toBeNull();
  });

  it('replays them after the upgrade; the old photo delete removes the names the RPC answers', async () => {
    await db.outbox.bulkAdd(oldRows);
    rpcAnswers.admin_delete_photo = [`${ALBUM}/${PHOTO}.jpg`];
    const engine = new SyncEngine({
      store: dexieOutboxStore(db),
      send: (item) => sendChange(item, { backend, db }),
    });
    await engine.start();
    await engine.retryWhere((item) => item.failure?.kind === 'auth'); // as signing in again does
    await engine.flush();
    expect(rpcs()).toEqual(['admin_create_album', 'admin_delete_photo']);
    expect(
      seen.filter((request) => request.method === 'PATCH').map((request) => request.path),
    ).toEqual(['/rest/v1/service_packages']);
    expect(
      seen.filter((request) => request.method === 'DELETE').map((request) => request.body),
    ).toEqual([{ prefixes: [`${ALBUM}/${PHOTO}.jpg`] }, { prefixes: [`${ALBUM}/${PHOTO}.jpg`] }]);
    // Only the newer version's change is left, untouched, for that version to send.
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ id: 'new-1', kind: 'album.archive' }),
    ]);
  });
});

describe('the start-up sweep', () => {
  it('removes blobs and upload notes no queued change refers to, and keeps the rest', async () => {
    const kept = newChange('photo.upload', upload);
    await dexieOutboxStore(db).add(queued(kept), [
      { key: photoUploadBlobKeys(PHOTO).original, blob: new Blob(['jpg']), createdAt: 0 },
    ]);
    const orphan = 'photo:gone:original';
    await db.blobs.bulkPut([
      { key: photoUploadBlobKeys(PHOTO).thumb, blob: new Blob(['t']), createdAt: 0 },
      { key: orphan, blob: new Blob(['x']), createdAt: 0 },
      { key: 'file:hero-bg-left-behind.jpg', blob: new Blob(['x']), createdAt: 0 },
    ]);
    await db.uploads.bulkPut([
      { photoId: PHOTO, size: { width: 800, height: 600 } },
      { photoId: 'gone', size: { width: 800, height: 600 } },
    ]);
    await db.keyValues.put({ key: 'upload-batch:x', value: '[]' });
    expect(await sweepOrphanedBlobs(db)).toBe(2);
    expect((await db.blobs.toCollection().primaryKeys()).sort()).toEqual(
      [photoUploadBlobKeys(PHOTO).original, photoUploadBlobKeys(PHOTO).thumb].sort(),
    );
    expect(await db.uploads.toArray()).toEqual([
      { photoId: PHOTO, size: { width: 800, height: 600 } },
    ]);
    expect(await db.keyValues.toCollection().primaryKeys()).toEqual(['upload-batch:x']);
  });

  it('keeps every blob while a newer version of the app has changes queued', async () => {
    await db.outbox.add({
      id: 'n',
      kind: 'album.archive',
      entity: 'x',
      dependsOn: [],
      payload: {},
      label: 'x',
      status: 'pending',
    });
    await db.blobs.put({ key: 'photo:maybe-theirs:original', blob: new Blob(['x']), createdAt: 0 });
    expect(await sweepOrphanedBlobs(db)).toBe(0);
    expect(await db.blobs.count()).toBe(1);
  });

  it('stores a change and its blobs together, or neither', async () => {
    const store = dexieOutboxStore(db);
    // An item IndexedDB cannot store (a function is not cloneable) fails the whole transaction.
    const broken = {
      ...queued(
        newChange('file.upload', {
          blobKey: 'file:a.png',
          path: 'a.png',
          contentType: 'image/png',
          name: 'a.png',
        }),
      ),
    };
    Object.assign(broken.payload, { notCloneable: () => undefined });
    await expect(
      store.add(broken, [{ key: 'file:a.png', blob: new Blob(['png']), createdAt: 0 }]),
    ).rejects.toThrow();
    expect(await db.blobs.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});
