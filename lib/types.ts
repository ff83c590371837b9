import type { Snowflake } from './ids.js';

/**
 * Connection status of a client, as the vendor SDK's `Client::Status` (in its order).
 * `ready` is the one to wait for: most operations need it.
 */
export type ClientStatus =
  | 'disconnected'
  | 'connecting'
  | 'connected'
  | 'ready'
  | 'reconnecting'
  | 'disconnecting'
  | 'httpWait';

/** @internal Indexed by the vendor's integer value. */
export const CLIENT_STATUSES: readonly ClientStatus[] = [
  'disconnected',
  'connecting',
  'connected',
  'ready',
  'reconnecting',
  'disconnecting',
  'httpWait',
];

/** Why a connection ended (`Client::Error`). */
export type ConnectionError = 'none' | 'connectionFailed' | 'unexpectedClose' | 'connectionCanceled';

/** @internal Indexed by the vendor's integer value. */
export const CONNECTION_ERRORS: readonly ConnectionError[] = [
  'none',
  'connectionFailed',
  'unexpectedClose',
  'connectionCanceled',
];

/** Payload of the `statusChanged` event. */
export interface StatusChange {
  status: ClientStatus;
  /** Set when the change was caused by a failure. */
  error: ConnectionError;
  /** Usually the gateway close code (e.g. 4004: authentication failed); 0 when none. */
  errorDetail: number;
}

/** Log severities (`LoggingSeverity`), least to most severe. */
export type LogSeverity = 'verbose' | 'info' | 'warning' | 'error';
/** The least severe level a client forwards; `none` forwards nothing. */
export type LogLevel = LogSeverity | 'none';

/** @internal The vendor's integer value of each level. */
export const LOG_LEVEL_VALUES: Readonly<Record<LogLevel, number>> = {
  verbose: 1,
  info: 2,
  warning: 3,
  error: 4,
  none: 5,
};

/** Payload of the `log` event. The bearer token never appears in `message`. */
export interface LogEntry {
  severity: LogSeverity;
  message: string;
}

/** A user of the service. */
export interface User {
  id: Snowflake;
  username: string;
  /** The global name when set, else the username. */
  displayName: string;
  globalName: string | null;
  /** A provisional account: created for a game player without a linked chat account. */
  isProvisional: boolean;
}

/** Events of a {@link Client}; each is also available as an async iterator via `client.events(name)`. */
export interface ClientEvents {
  /** The connection status changed. Always the first event a client emits. */
  statusChanged: [change: StatusChange];
  /** A log line from the SDK (both SDK and voice logs), at or above the client's `logLevel`. */
  log: [entry: LogEntry];
  /** The client was closed (by `close()`, or at environment exit); nothing follows. */
  closed: [];
}
