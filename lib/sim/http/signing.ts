/**
 * The simulated service's signed JWTs (OpenID Connect ID tokens): one RSA key pair per world
 * (node:crypto), made the first time the world's service needs it, whose public half
 * `GET /oauth2/keys` serves as a JSON Web Key Set, and the ID tokens signed with it.
 *
 * OUR CHOICES, where the docs are silent: the algorithm is RS256 (the description's OAuth2Key
 * carries an RSA key's `n` and `e`); the key id is random per world; the issuer is
 * {@link ID_TOKEN_ISSUER}; the claims are `iss`, `sub` (the user id), `aud` (the application id),
 * `iat` (the simulator's clock) and `exp` (the access token's expiry), per OpenID Connect Core
 * 1.0 §2, which requires exactly these.
 * @internal
 * @module
 */
import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

import type { NativeWorld } from '../../addon/native.js';

/** The `iss` of the simulator's ID tokens (our choice: the service's public origin). */
export const ID_TOKEN_ISSUER = 'https://discord.com';

/** A public key as `GET /oauth2/keys` lists it (the description's OAuth2Key). */
export interface WireJwk {
  kty: 'RSA';
  use: 'sig';
  kid: string;
  alg: 'RS256';
  n: string;
  e: string;
}

interface SigningKey {
  readonly privateKey: KeyObject;
  readonly jwk: WireJwk;
}

const keys = new WeakMap<NativeWorld, SigningKey>();

function signingKeyOf(world: NativeWorld): SigningKey {
  let key = keys.get(world);
  if (!key) {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const { n, e } = pair.publicKey.export({ format: 'jwk' });
    key = { privateKey: pair.privateKey, jwk: { kty: 'RSA', use: 'sig', kid: randomBytes(12).toString('base64url'), alg: 'RS256', n: n ?? '', e: e ?? '' } };
    keys.set(world, key);
  }
  return key;
}

/** The world's JSON Web Key Set: its one signing key. */
export function worldJwks(world: NativeWorld): { keys: WireJwk[] } {
  return { keys: [{ ...signingKeyOf(world).jwk }] };
}

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWS (RS256) of `claims` with the world's key. */
export function signJwt(world: NativeWorld, claims: Record<string, unknown>): string {
  const key = signingKeyOf(world);
  const input = `${base64url({ alg: 'RS256', typ: 'JWT', kid: key.jwk.kid })}.${base64url(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key.privateKey).toString('base64url')}`;
}

/**
 * The ID token of an access token the world just issued: who it is for (`sub`), which
 * application (`aud`), when it was issued and when the access token expires.
 */
export function idTokenFor(world: NativeWorld, accessToken: string): string {
  const found = world.authenticate(accessToken);
  // The world issued the token a moment ago, on this thread: it is known.
  if ('failure' in found) throw new Error('idTokenFor: the access token was not issued by this world');
  return signJwt(world, {
    iss: ID_TOKEN_ISSUER,
    sub: found.userId,
    aud: found.applicationId,
    iat: Math.floor(world.now() / 1000),
    exp: Math.floor(found.expiresAt / 1000),
  });
}
