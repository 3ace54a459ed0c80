import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { sqlPool } from '../support/sql-pool';
import WebSocket from 'ws';
import { adminLogin } from '@/lib/backend/admin-auth';
import { createBackend, type AdminCredentials, type Backend } from '@/lib/backend/client';
import { BackendError } from '@/lib/backend/errors';
import {
  originalPath,
  photoObjectNames,
  PUBLIC_PHOTOS_PATH,
  renditionName,
  type Rendition,
} from '@/lib/backend/photo-objects';
import { workerStack } from '../support/stack-context';

/** A client of the running stack, made exactly as the app makes it. */
export function backendAs(credentials: AdminCredentials | null): Backend {
  const { url, anonKey } = workerStack();
  return createBackend(
    { supabaseUrl: url, supabaseAnonKey: anonKey },
    { credentials: () => credentials, realtimeTransport: WebSocket },
  );
}

export const anonymous = () => backendAs(null);

let pool: pg.Pool | undefined;

const databasePool = () => (pool ??= sqlPool({ ...workerStack().database, max: 4 }));

/** Runs SQL as the database superuser, to set up fixtures and to check what the database holds. */
export async function sql<Row extends pg.QueryResultRow = Record<string, unknown>>(
  text: string,
  params: unknown[] = [],
): Promise<Row[]> {
  return (await databasePool().query<Row>(text, params)).rows;
}

/** One connection of the same pool, for statements that share a transaction; release() it. */
export const sqlClient = (): Promise<pg.PoolClient> => databasePool().connect();

export async function closeDatabase(): Promise<void> {
  await pool?.end();
  pool = undefined;
}

export const uniqueName = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** Creates an admin user directly in the database. */
export async function createAdmin(
  username = uniqueName('admin'),
): Promise<{ username: string; password: string }> {
  const password = randomBytes(9).toString('base64url');
  await sql('select private.set_admin_password($1, $2)', [username, password]);
  return { username, password };
}

export async function signIn(username: string, password: string): Promise<AdminCredentials> {
  const token = await adminLogin(anonymous(), username, password);
  if (!token) throw new Error(`sign-in as ${username} failed`);
  return { username, token };
}

/** A fresh admin (not the superuser) with a live session. */
export async function signedInAdmin(): Promise<AdminCredentials & { password: string }> {
  const admin = await createAdmin();
  return { ...(await signIn(admin.username, admin.password)), password: admin.password };
}

/** The superuser 'admin' with a fresh session. */
export async function signedInSuperuser(): Promise<AdminCredentials> {
  return signIn('admin', workerStack().adminPassword);
}

/** The message a call failed with (it must fail). */
export async function failureOf(
  call: Promise<unknown> | (() => Promise<unknown>),
): Promise<BackendError> {
  try {
    await (typeof call === 'function' ? call() : call);
  } catch (error) {
    if (error instanceof BackendError) return error;
    throw error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

export const photoFixture = (
  name: 'landscape.jpg' | 'portrait.jpg' | 'rotated-exif6.jpg' | 'landscape.webp',
) => readFileSync(join(import.meta.dirname, '..', 'fixtures', name));

/** An album row made directly in the database. */
export async function insertAlbum(
  fields: { name?: string; is_public?: boolean } = {},
): Promise<string> {
  const [row] = await sql<{ id: string }>(
    'insert into public.albums (name, is_public) values ($1, $2) returning id',
    [fields.name ?? uniqueName('album'), fields.is_public ?? false],
  );
  return row!.id;
}

/** A photo row made directly in the database (no file behind it). */
export async function insertPhoto(albumId: string): Promise<string> {
  const id = randomUUID();
  const url = `${workerStack().url}/storage/v1/object/public/photos/${albumId}/${id}.jpg`;
  await sql(
    `insert into public.photos (id, album_id, filename, file_url, original_filename, file_size, width, height, mime_type)
     values ($1, $2, $3, $4, 'test.jpg', 1000, 1200, 800, 'image/jpeg')`,
    [id, albumId, `${id}.jpg`, url],
  );
  return id;
}

/** Where a photo row made by insertPhotoWithRenditions keeps a rendition (a path, as rows store them). */
export const renditionPath = (albumId: string, photoId: string, rendition: Rendition) =>
  `${PUBLIC_PHOTOS_PATH}${renditionName(albumId, photoId, rendition)}`;

/** A photo row with all three renditions' paths, as an upload leaves it (no file behind it). */
export async function insertPhotoWithRenditions(albumId: string): Promise<string> {
  const id = randomUUID();
  await sql(
    `insert into public.photos (id, album_id, filename, file_url, thumb_url, preview_url, cover_url, original_filename, file_size, mime_type)
     values ($1, $2, $3, $4, $5, $6, $7, 'x.jpg', 1, 'image/jpeg')`,
    [
      id,
      albumId,
      `${id}.jpg`,
      originalPath(photoObjectNames(albumId, id, 'jpg').original),
      renditionPath(albumId, id, 'thumb'),
      renditionPath(albumId, id, 'preview'),
      renditionPath(albumId, id, 'cover'),
    ],
  );
  return id;
}

/** Every row of a list read page by page. */
export async function readAll<T>(stream: AsyncIterable<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for await (const page of stream) rows.push(...page);
  return rows;
}
