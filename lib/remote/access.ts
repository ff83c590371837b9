/**
 * Who may drive a served world from another process. A served simulator has one harness secret;
 * the URL it prints carries it in the fragment (`http://127.0.0.1:8787/#secret=…`: a fragment is
 * never sent in a request, so no proxy or access log sees it), and every remote harness call,
 * client attachment and inspector request presents it as `Authorization: Harness <secret>`.
 * @internal
 * @module
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The fragment parameter that carries the secret. */
const SECRET_PARAM = 'secret';
/** The scheme of the Authorization header a remote party presents. */
export const HARNESS_SCHEME = 'Harness';

/** A new harness secret: 32 random bytes, base64url. */
export function newHarnessSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** `<origin><path>#secret=<secret>`: what another process needs to reach the world. */
export function urlWithSecret(origin: string, secret: string, path = '/'): string {
  return `${origin}${path}#${SECRET_PARAM}=${secret}`;
}

/** Where a served world is and the secret to present, read from a URL such as SOCIAL_SDK_SIMULATOR. */
export interface SimulatorAddress {
  /** `http://host:port` (from an `http:` or `ws:` URL; `https:`/`wss:` kept secure). */
  origin: string;
  /** The harness secret of the URL's fragment; undefined when it carries none. */
  secret: string | undefined;
}

/**
 * Reads a served simulator's URL. Refuses anything but an absolute http(s) or ws(s) URL; the
 * message never repeats the URL's fragment (it is the secret).
 */
export function parseSimulatorUrl(text: unknown, name: string): SimulatorAddress {
  if (typeof text !== 'string' || text.length === 0) throw new TypeError(`${name} must be the URL a served simulator printed (http://host:port/#secret=...)`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TypeError(`${name} must be the URL a served simulator printed (http://host:port/#secret=...); got a string of ${text.length} characters that is no URL`);
  }
  const secure = url.protocol === 'https:' || url.protocol === 'wss:';
  if (!secure && url.protocol !== 'http:' && url.protocol !== 'ws:') {
    throw new TypeError(`${name} must be an http:// or ws:// URL of a served simulator, got a ${url.protocol} URL`);
  }
  const fragment = new URLSearchParams(url.hash.slice(1));
  const secret = fragment.get(SECRET_PARAM) ?? undefined;
  return { origin: `${secure ? 'https' : 'http'}://${url.host}`, secret: secret === '' ? undefined : secret };
}

/** The secret a request presents (`Authorization: Harness <secret>`), or undefined. */
export function presentedSecret(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const space = header.indexOf(' ');
  if (space < 0 || header.slice(0, space) !== HARNESS_SCHEME) return undefined;
  return header.slice(space + 1).trim();
}

/** Whether `presented` is `secret`, in time that does not depend on where they differ. */
export function secretMatches(presented: string | undefined, secret: string): boolean {
  if (presented === undefined) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(presented), digest(secret));
}

/** The header a remote party sends. */
export function harnessHeader(secret: string): { authorization: string } {
  return { authorization: `${HARNESS_SCHEME} ${secret}` };
}

/** The origins this thread serves a world at: attaching to one from this thread would wait on itself. */
const servedHere = new Set<string>();

/** Records (or, with false, forgets) that this thread serves a world at `origin`. */
export function setServedHere(origin: string, serving: boolean): void {
  if (serving) servedHere.add(origin);
  else servedHere.delete(origin);
}

/**
 * Throws when this thread serves the world at `origin`: a remote call waits for its answer on
 * this thread, which then could never serve it.
 */
export function checkNotServedHere(origin: string): void {
  if (servedHere.has(origin)) {
    throw new TypeError(`the world at ${origin} is served by this thread: use its Simulator (and clients with { simulator: sim }) here; attach from another process or worker thread`);
  }
}
