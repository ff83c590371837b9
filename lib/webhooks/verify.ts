/**
 * Checking a webhook delivery's Ed25519 signature with node:crypto: the service signs the bytes
 * of the `X-Signature-Timestamp` header followed by the raw body, with the application's key;
 * the public key is the application's (hex, the developer portal's "Public Key").
 * @module
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/** The headers of a signed delivery (lower case, as node:http gives them). */
export const SIGNATURE_HEADER = 'x-signature-ed25519';
export const TIMESTAMP_HEADER = 'x-signature-timestamp';

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const HEX_SIGNATURE = /^[0-9a-fA-F]{128}$/;

/**
 * The application's public key as a KeyObject: 64 hex characters (32 bytes), or a KeyObject of
 * an Ed25519 public key.
 * @throws TypeError or RangeError for anything else (a setup mistake, not a bad delivery).
 */
export function toPublicKey(publicKey: string | KeyObject, name = 'publicKey'): KeyObject {
  if (typeof publicKey === 'string') {
    if (!HEX_KEY.test(publicKey)) throw new RangeError(`${name} must be 64 hex characters (the application's Ed25519 public key)`);
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey, 'hex').toString('base64url') }, format: 'jwk' });
  }
  if (typeof publicKey === 'object' && publicKey !== null && (publicKey as KeyObject).type === 'public' && (publicKey as KeyObject).asymmetricKeyType === 'ed25519') {
    return publicKey;
  }
  throw new TypeError(`${name} must be a hex string or an Ed25519 public KeyObject`);
}

/**
 * Whether `signature` (hex, the `X-Signature-Ed25519` header) is the application's signature of
 * `timestamp` (the `X-Signature-Timestamp` header) followed by `rawBody` (the bytes as received,
 * before any parsing). A missing, malformed or wrong signature is `false`, never an exception.
 * This checks the signature only; {@link createWebhookEventHandler} also refuses stale timestamps.
 * @throws TypeError or RangeError only for a malformed `publicKey`.
 */
export function verifyWebhookEvent(rawBody: string | Uint8Array, signature: string | null | undefined, timestamp: string | null | undefined, publicKey: string | KeyObject): boolean {
  const key = toPublicKey(publicKey);
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || !HEX_SIGNATURE.test(signature) || timestamp === '') return false;
  let body: Buffer;
  if (typeof rawBody === 'string') body = Buffer.from(rawBody, 'utf8');
  else if (rawBody instanceof Uint8Array) body = Buffer.from(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  else return false;
  try {
    return verify(null, Buffer.concat([Buffer.from(timestamp, 'utf8'), body]), key, Buffer.from(signature, 'hex'));
  } catch {
    return false;
  }
}
