import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { startStack, type RunningStack, type StackOptions } from '../../supabase/local/stack';
import { photoFixture } from '../integration/helpers';

/**
 * Stacks of a test file's own (not the shared one of the run), each on a temp folder, for tests
 * that stop, restart, upgrade or restore a site. Every stack started is stopped and every folder
 * made is removed by `cleanup`, which the file hands to afterEach or afterAll. The superuser
 * 'admin' of each new data directory gets `adminPassword`.
 */
export function ownStacks() {
  const adminPassword = randomBytes(9).toString('base64url');
  const folders: string[] = [];
  const stacks: RunningStack[] = [];
  return {
    adminPassword,
    /** A new empty folder under the system's temp folder, removed by cleanup. */
    folder: (prefix: string): string => {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      folders.push(dir);
      return dir;
    },
    start: async (
      dataDir: string,
      options: Pick<StackOptions, 'migrationsThrough' | 'olderProjectDefaults' | 'distDir'> = {},
    ): Promise<RunningStack> => {
      const stack = await startStack({
        dataDir,
        port: 0,
        fast: true,
        adminPassword,
        log: () => undefined,
        ...options,
      });
      stacks.push(stack);
      return stack;
    },
    stop: async (stack: RunningStack): Promise<void> => {
      const at = stacks.indexOf(stack);
      if (at >= 0) stacks.splice(at, 1);
      await stack.stop();
    },
    cleanup: async (): Promise<void> => {
      try {
        for (const stack of stacks.splice(0)) await stack.stop();
      } finally {
        for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export type AdminApi = Awaited<ReturnType<typeof adminApi>>;

/**
 * The API as a client program calls it, through raw fetch (so that it works with the RPC names
 * and arguments of any release), signed in as the superuser 'admin' with this password. Every
 * call but `get` must answer below 300.
 */
export async function adminApi(stack: RunningStack, password: string) {
  const anon = { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` };
  const call = async (
    path: string,
    init: RequestInit & { headers?: Record<string, string> } = {},
  ) => {
    const response = await fetch(`${stack.url}${path}`, init);
    const text = await response.text();
    expect(response.status, `${path}: ${text}`).toBeLessThan(300);
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  const post = (path: string, headers: Record<string, string>, body: unknown) =>
    call(path, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const token = (await post('/rest/v1/rpc/admin_login', anon, {
    p_username: 'admin',
    p_password: password,
  })) as string;
  const admin = { ...anon, 'x-admin-username': 'admin', 'x-admin-token': token };
  const session = { p_username: 'admin', p_token: token };
  return {
    session,
    /** An admin RPC: the session's p_username and p_token are added to the arguments. */
    rpc: (name: string, args: Record<string, unknown>) =>
      post(`/rest/v1/rpc/${name}`, admin, { ...session, ...args }),
    anonRpc: (name: string, args: Record<string, unknown>) =>
      post(`/rest/v1/rpc/${name}`, anon, args),
    insert: (table: string, row: Record<string, unknown>) =>
      post(`/rest/v1/${table}`, { ...admin, prefer: 'return=minimal' }, row),
    upload: (bucket: string, name: string, bytes: Buffer, type: string) =>
      call(`/storage/v1/object/${bucket}/${name}`, {
        method: 'POST',
        headers: { ...admin, 'content-type': type },
        body: new Uint8Array(bytes),
      }),
    /** Whatever the answer: its status and body. */
    get: async (path: string, as: 'admin' | 'anon' = 'anon') => {
      const response = await fetch(`${stack.url}${path}`, {
        headers: as === 'admin' ? admin : anon,
      });
      return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
    },
  };
}

/**
 * A photo as the admin app adds one (the layout since originals have their own bucket): the
 * original into bucket originals, a .thumb.webp rendition into bucket photos, and the row
 * through admin_add_photo. Returns the photo's id, the original's bytes and its file_url.
 */
export async function addPhoto(
  api: AdminApi,
  album: string,
  fixture: 'landscape.jpg' | 'portrait.jpg' | 'rotated-exif6.jpg',
) {
  const id = randomUUID();
  const bytes = photoFixture(fixture);
  const fileUrl = `/storage/v1/object/authenticated/originals/${album}/${id}.jpg`;
  await api.upload('originals', `${album}/${id}.jpg`, bytes, 'image/jpeg');
  await api.upload(
    'photos',
    `${album}/${id}.thumb.webp`,
    photoFixture('landscape.webp'),
    'image/webp',
  );
  await api.rpc('admin_add_photo', {
    p_id: id,
    p_album_id: album,
    p_filename: `${id}.jpg`,
    p_original_filename: `IMG_${fixture}`,
    p_file_url: fileUrl,
    p_thumb_url: `/storage/v1/object/public/photos/${album}/${id}.thumb.webp`,
    p_preview_url: `/storage/v1/object/public/photos/${album}/${id}.thumb.webp`,
    p_file_size: bytes.length,
    p_width: 1200,
    p_height: 800,
    p_mime_type: 'image/jpeg',
  });
  return { id, bytes, fileUrl };
}

/** A client of the link with this token picks these photos as favourites, from a new device. */
export const pickFavourites = (
  api: AdminApi,
  token: string,
  name: string,
  photoIds: readonly string[],
) =>
  api.anonRpc('sync_favourites_by_token', {
    p_access_token: token,
    p_client_name: name,
    p_add: photoIds,
    p_remove: [],
    p_passcode: null,
    p_device: randomUUID(),
  });

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
