import { describe, expect, it } from 'vitest';
import { createGalleryLink, generateAccessToken } from '@/lib/backend/gallery-links';
import { createAdmin, backendAs, insertAlbum, signedInAdmin, sql } from '../integration/helpers';
import { rpcFrom as rpcFromSite } from '../support/rpc-from';
import { workerStack } from '../support/stack-context';

// Class 7 of docs/SECURITY.md: every guessable secret is throttled per secret, source and
// device, and a stranger's guessing never shuts the owner's own device out.

/** Calls an RPC through the gateway from a given loopback address (the source the database sees). */
const rpcFrom = (source: string, name: string, args: Record<string, unknown>) =>
  rpcFromSite(workerStack(), source, name, args);

const device = () =>
  crypto
    .getRandomValues(new Uint8Array(24))
    .reduce((id, byte) => id + byte.toString(16).padStart(2, '0'), '');
const TOO_MANY = {
  status: 429,
  body: expect.objectContaining({
    message: 'Too many attempts. Please wait a few minutes and try again.',
  }),
};

describe('admin sign-in under attack', () => {
  it('locks out a guessing source after five failures, not the owner signing in from elsewhere', async () => {
    const owner = await createAdmin();
    const login = (source: string, password: string, deviceId = device()) =>
      rpcFrom(source, 'admin_login', {
        p_username: owner.username,
        p_password: password,
        p_device: deviceId,
      });
    for (let guess = 0; guess < 5; guess++)
      expect(await login('127.0.0.21', `wrong-${guess}`)).toEqual({ status: 200, body: null });
    // The attacker's source is shut, even with the right password.
    expect(await login('127.0.0.21', owner.password)).toEqual(TOO_MANY);
    // The photographer, on a device that never signed in before, from their own address.
    expect(await login('127.0.0.22', owner.password)).toEqual({
      status: 200,
      body: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
  });

  it('lets the photographer in from a device that signed in before while many sources guess', async () => {
    const owner = await createAdmin();
    const ownDevice = device();
    const login = (source: string, password: string, deviceId = device()) =>
      rpcFrom(source, 'admin_login', {
        p_username: owner.username,
        p_password: password,
        p_device: deviceId,
      });
    expect((await login('127.0.0.2', owner.password, ownDevice)).status).toBe(200);

    // Four sources, five wrong guesses each: the 20 failures in 15 minutes the username allows.
    for (let source = 31; source < 35; source++) {
      for (let guess = 0; guess < 5; guess++) {
        expect(await login(`127.0.0.${source}`, `wrong-${source}-${guess}`)).toEqual({
          status: 200,
          body: null,
        });
      }
    }
    // Any new device is now refused, from any address, with or without the password…
    expect(await login('127.0.0.40', 'another-guess')).toEqual(TOO_MANY);
    expect(await login('127.0.0.41', owner.password)).toEqual(TOO_MANY);
    // …but the photographer's own browser still signs in, from anywhere.
    const token = await login('127.0.0.42', owner.password, ownDevice);
    expect(token).toEqual({ status: 200, body: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    // And nothing a stranger invents passes for that device.
    expect(await login('127.0.0.43', owner.password, 'not-a-device')).toEqual(TOO_MANY);
  });

  it('refuses an oversized username or password with a clear 400 and records nothing', async () => {
    for (const args of [
      { p_username: 'a'.repeat(100_000), p_password: 'x' },
      { p_username: 'admin', p_password: 'x'.repeat(5_000) },
    ]) {
      const answer = await rpcFrom('127.0.0.50', 'admin_login', args);
      expect(answer).toEqual({
        status: 400,
        body: expect.objectContaining({ message: 'Username or password is too long' }),
      });
    }
    expect(
      await sql(`select 1 from private.failed_attempts where subject like 'aaaaaaaaaa%'`),
    ).toEqual([]);
    expect(
      await sql(`select 1 from private.failed_attempts where subject like 'admin|127.0.0.50'`),
    ).toEqual([]);
  });

  it('throttles guesses of the current password in Change Password', async () => {
    const session = await signedInAdmin();
    const change = (old: string) =>
      rpcFrom('127.0.0.60', 'change_admin_password', {
        p_username: session.username,
        p_token: session.token,
        p_old_password: old,
        p_new_password: 'a-new-password',
      });
    for (let guess = 0; guess < 5; guess++) {
      expect(await change(`wrong-${guess}`)).toEqual({ status: 200, body: false });
    }
    expect(await change(session.password)).toEqual(TOO_MANY);
    const [row] = await sql<{ changed: boolean }>(
      'select password_changed_at is not null as changed from public.admin_credentials where username = $1',
      [session.username],
    );
    expect(row).toEqual({ changed: false });
  });
});

describe('client passcodes under attack', () => {
  async function protectedLink(passcode: string) {
    const admin = backendAs(await signedInAdmin());
    const albumId = await insertAlbum();
    const token = await generateAccessToken(admin);
    await createGalleryLink(admin, {
      id: crypto.randomUUID(),
      albumId,
      accessToken: token,
      passcode,
      allowDownloads: true,
      expiresAt: null,
    });
    return token;
  }

  it('closes a link to new devices after 12 wrong guesses an hour from everywhere, and keeps it open to a client who got in before', async () => {
    const token = await protectedLink('2468');
    const clientDevice = device();
    const check = (source: string, passcode: string, deviceId = device()) =>
      rpcFrom(source, 'validate_gallery_passcode', {
        p_access_token: token,
        p_passcode: passcode,
        p_device: deviceId,
      });
    expect(await check('127.0.0.3', '2468', clientDevice)).toEqual({ status: 200, body: true });

    // Per source: five wrong guesses, then refused.
    for (let guess = 0; guess < 5; guess++)
      expect(await check('127.0.0.71', String(1000 + guess))).toEqual({ status: 200, body: false });
    expect(await check('127.0.0.71', '2468')).toEqual(TOO_MANY);
    // From other sources, the link's own count (12 an hour) fills up.
    for (let guess = 0; guess < 7; guess++)
      expect(await check(`127.0.0.${72 + guess}`, String(2000 + guess))).toEqual({
        status: 200,
        body: false,
      });
    expect(await check('127.0.0.80', '2469')).toEqual(TOO_MANY);
    expect(await check('127.0.0.81', '2468')).toEqual(TOO_MANY);
    // The client's own device still opens the album, photos included.
    expect(await check('127.0.0.82', '2468', clientDevice)).toEqual({ status: 200, body: true });
    const photos = await rpcFrom('127.0.0.82', 'get_album_photos_by_token', {
      p_access_token: token,
      p_passcode: '2468',
      p_device: clientDevice,
    });
    expect(photos).toEqual({ status: 200, body: [] });
  });

  it('refuses an oversized passcode with a clear 400', async () => {
    const token = await protectedLink('1357');
    const answer = await rpcFrom('127.0.0.90', 'validate_gallery_passcode', {
      p_access_token: token,
      p_passcode: '9'.repeat(10_000),
    });
    expect(answer).toEqual({
      status: 400,
      body: expect.objectContaining({ message: 'Passcode is too long' }),
    });
  });
});
