import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';

/** Passwords and keys of one local installation, created on first start, kept in DATA_DIR. */
export interface StackSecrets {
  postgresPassword: string;
  authenticatorPassword: string;
  storagePassword: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
}

const randomSecret = (bytes: number) => randomBytes(bytes).toString('base64url');

async function signApiKey(secret: string, role: 'anon' | 'service_role'): Promise<string> {
  const issuedAt = Math.floor(Date.now() / 1000);
  return new SignJWT({ role, iss: 'supabase-local', ref: 'local' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 10 * 365 * 24 * 3600)
    .sign(new TextEncoder().encode(secret));
}

export async function loadOrCreateSecrets(dataDir: string): Promise<StackSecrets> {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    return JSON.parse(readFileSync(file, 'utf8')) as StackSecrets;
  }
  const jwtSecret = randomSecret(48);
  const secrets: StackSecrets = {
    postgresPassword: randomSecret(24),
    authenticatorPassword: randomSecret(24),
    storagePassword: randomSecret(24),
    jwtSecret,
    anonKey: await signApiKey(jwtSecret, 'anon'),
    serviceRoleKey: await signApiKey(jwtSecret, 'service_role'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
