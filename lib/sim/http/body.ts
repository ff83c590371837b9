/**
 * Reading a request's body safely, for the simulated HTTP service's pipeline (server.ts): the
 * size, time and memory bounds a body must keep, and the nesting bound of a JSON body. Every
 * bound here is our choice (the service documents none); docs/served-simulator-and-cli.md
 * ("The simulated service over HTTP") lists them.
 * @internal
 * @module
 */
import type { IncomingMessage } from 'node:http';

import { invalidForm, ServiceRefusal } from './errors.js';

/** Request bodies larger than this are refused (413); no documented route takes more. */
const MAX_BODY_BYTES = 1024 * 1024;
/**
 * The largest body of a route whose caller is not known before its body is read (client
 * credentials in the body, `auth: 'client'`): credentials and an external token fit in far less.
 */
const MAX_UNAUTHENTICATED_BODY_BYTES = 64 * 1024;
/** What all unauthenticated bodies being read may hold together; more answers 503 at once. */
const MAX_UNAUTHENTICATED_BYTES_HELD = 8 * 1024 * 1024;
/** A body must arrive whole within this (wall time) after its headers; a slower one gets 408 and a closed connection. */
export const BODY_TIMEOUT_MS = 5_000;
/** The deepest JSON nesting (objects and arrays) a body may have; the deepest documented body nests 4 levels. */
export const MAX_JSON_DEPTH = 32;

/** The body of a request that has none (RFC 9112 §6.3). */
const NO_BODY: Promise<Buffer> = Promise.resolve(Buffer.alloc(0));

/** What the unauthenticated bodies of one server are holding now (bytes). */
export interface HeldBytes {
  unauthenticated: number;
}

/**
 * Reads a body within the bounds. `authenticated`: the caller's token was checked already (the
 * larger size bound, not counted in `held`); `routeLimit`: an authenticated route's own bound where
 * the docs give one (Create Message: 25 MiB). The stream is paused when a bound refuses it: the
 * answer goes out with `Connection: close` (server.ts) and the rest is never read.
 */
export function readBody(request: IncomingMessage, authenticated: boolean, held: HeldBytes, routeLimit?: number): Promise<Buffer> {
  // Neither Content-Length nor Transfer-Encoding: the request has no body (RFC 9112 §6.3, as
  // node's parser reads it), so no wait, timer or listener; node:http discards the empty stream.
  if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) return NO_BODY;
  const limit = authenticated ? (routeLimit ?? MAX_BODY_BYTES) : MAX_UNAUTHENTICATED_BODY_BYTES;
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise((resolve, reject) => {
    const finish = (refusal: ServiceRefusal | undefined): void => {
      clearTimeout(timer);
      request.off('data', onData).off('end', onEnd).off('error', onCut).off('close', onCut);
      if (!authenticated) held.unauthenticated -= size;
      if (refusal) {
        request.pause();
        reject(refusal);
      } else resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer): void => {
      if (size + chunk.length > limit) return finish(new ServiceRefusal(413, 40005, 'Request entity too large'));
      if (!authenticated && held.unauthenticated + chunk.length > MAX_UNAUTHENTICATED_BYTES_HELD) {
        return finish(new ServiceRefusal(503, 0, '503: Service Unavailable: too many unauthenticated uploads'));
      }
      size += chunk.length;
      if (!authenticated) held.unauthenticated += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = (): void => finish(undefined);
    // The client went away mid-body: nobody is left to answer, the refusal only ends the request.
    const onCut = (): void => finish(new ServiceRefusal(400, 0, '400: Bad Request: the body was cut short'));
    const timer = setTimeout(() => finish(new ServiceRefusal(408, 0, '408: Request Timeout: the body did not arrive in time')), BODY_TIMEOUT_MS);
    if (request.complete && request.readableEnded) return finish(undefined);
    request.on('data', onData).on('end', onEnd).on('error', onCut).on('close', onCut);
  });
}

/** Whether JSON text nests objects and arrays deeper than `max` (brackets inside strings do not count). */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** A JSON body: 400 50109 when it is not JSON, 400 50035 when it nests deeper than {@link MAX_JSON_DEPTH}. */
export function parseJson(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw invalidForm('_errors', `the body nests deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ServiceRefusal(400, 50109, 'The request body contains invalid JSON.');
  }
}
