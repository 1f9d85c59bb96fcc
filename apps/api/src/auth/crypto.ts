import {
  constants,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
  randomBytes,
  randomInt,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { hash, verify } from '@node-rs/argon2';

/**
 * The key pair browsers encrypt passwords with (RSA-OAEP, SHA-256; WebCrypto on the browser side).
 * Kept in a file so that a restart does not invalidate a login form already open in a browser.
 */
export class PasswordCipher {
  readonly publicKeyPem: string;

  constructor(private readonly privateKey: KeyObject) {
    this.publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  }

  static generate(): PasswordCipher {
    return new PasswordCipher(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
  }

  /** The key in `file` (PKCS#8 PEM), created there on first use. */
  static fromFile(file: string): PasswordCipher {
    if (existsSync(file)) return new PasswordCipher(createPrivateKey(readFileSync(file)));
    const cipher = PasswordCipher.generate();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, cipher.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    return cipher;
  }

  /** The plain password, or null when the ciphertext is not one of ours. */
  decrypt(ciphertextBase64: string): string | null {
    try {
      const plain = privateDecrypt(
        { key: this.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(ciphertextBase64, 'base64'),
      );
      return plain.toString('utf8');
    } catch {
      return null;
    }
  }
}

export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

/** A hash verified when the user does not exist, so that the answer takes as long as for a real one. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hash(randomBytes(16).toString('hex'));
  return decoyHash;
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Session tokens are opaque: only their hash is stored (in the log and the sessions table). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A fresh initial password for one user (created, or reset by an administrator): shown once to the
 * administrator, valid until the forced change. Random, so that no one else knows it.
 */
export function newInitialPassword(): string {
  const pick = (set: string, n: number) => Array.from({ length: n }, () => set[randomInt(set.length)]!);
  const chars = [
    ...pick('ABCDEFGHJKLMNPQRSTUVWXYZ', 3),
    ...pick('abcdefghijkmnpqrstuvwxyz', 4),
    ...pick('23456789', 3),
  ];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
