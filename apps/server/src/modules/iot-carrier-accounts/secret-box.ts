/**
 * The carrier accounts' passwords and keys at rest: AES-256-GCM under CARRIER_SECRET_KEY (32 bytes),
 * a fresh 12-byte IV per value, sealed as `v1.<iv>.<tag>.<ciphertext>` in base64url. Outside
 * production without the variable, the key is derived from the data directory: stable across
 * restarts of the same installation, and no secret (README).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** The key from the config, or the development key of the data directory. */
export function carrierSecretKey(config: { carrierSecretKey: Buffer | null; dataDir: string }): Buffer {
  return config.carrierSecretKey ?? createHash('sha256').update(`simshop carrier development key\0${config.dataDir}`).digest();
}

export function seal(key: Buffer, plain: string): string {
  if (plain === '') return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** The plain value; throws when the key is not the one it was sealed with (or the value was altered). */
export function unseal(key: Buffer, sealed: string): string {
  if (sealed === '') return '';
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed carrier secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
