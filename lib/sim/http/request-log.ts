/**
 * The simulated HTTP service's request log (the inspector shows it): the last 500 requests the
 * API pipeline answered, each with when (the world's clock), the method, the route as the
 * official description writes it, the status, which kind of credential was sent and how long the
 * answer took. It records the kind of a credential (`Bot`, `Bearer`), never the credential.
 * @internal
 * @module
 */

/** The kind of credential a request's `Authorization` header sent: its scheme, never its value. */
export type CredentialKind = 'Bot' | 'Bearer' | 'other' | 'none';

/** One request the service answered. */
export interface LoggedRequest {
  /** The log's sequence number, from 1. */
  seq: number;
  /** World clock, ms since the Unix epoch, when it was answered. */
  at: number;
  method: string;
  /** The route key (`POST /lobbies/{lobby_id}/messages`); null for a path that names no route. */
  route: string | null;
  /** The caller's application and user once authenticated (null when not known), the lobby its path names. */
  applicationId: string | null;
  userId: string | null;
  lobbyId: string | null;
  status: number;
  credential: CredentialKind;
  /** Host time from arrival to the answer, ms. */
  durationMs: number;
}

/** What the pipeline notes of a request as it goes (server.ts). */
export type RequestNote = Pick<LoggedRequest, 'route' | 'applicationId' | 'userId' | 'lobbyId'>;

/** How many requests the log keeps. */
export const REQUEST_LOG_SIZE = 500;

/** The scheme of an `Authorization` header, as a credential kind. */
export function credentialKind(header: string | undefined): CredentialKind {
  if (header === undefined || header === '') return 'none';
  const scheme = header.split(' ', 1)[0];
  return scheme === 'Bot' || scheme === 'Bearer' ? scheme : 'other';
}

export class RequestLog {
  /** A ring of the last REQUEST_LOG_SIZE entries: entry `seq` is at `(seq - 1) % REQUEST_LOG_SIZE`. */
  readonly #entries: LoggedRequest[] = [];
  #seq = 0;

  /** Records an answered request; the oldest goes once the log holds REQUEST_LOG_SIZE. */
  record(entry: Omit<LoggedRequest, 'seq'>): void {
    const seq = ++this.#seq;
    // Written out (not spread): one object of one shape per request, on every request's path.
    this.#entries[(seq - 1) % REQUEST_LOG_SIZE] = {
      seq,
      at: entry.at,
      method: entry.method,
      route: entry.route,
      applicationId: entry.applicationId,
      userId: entry.userId,
      lobbyId: entry.lobbyId,
      status: entry.status,
      credential: entry.credential,
      durationMs: entry.durationMs,
    };
  }

  /** The requests kept, oldest first; only those after sequence number `after` when given. */
  entries(after = 0): LoggedRequest[] {
    const oldest = Math.max(after, this.#seq - this.#entries.length) + 1;
    const kept: LoggedRequest[] = [];
    for (let seq = oldest; seq <= this.#seq; seq++) kept.push({ ...this.#entries[(seq - 1) % REQUEST_LOG_SIZE]! });
    return kept;
  }

  /** The sequence number of the last request recorded (0: none yet). */
  get last(): number {
    return this.#seq;
  }
}
