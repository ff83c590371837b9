/**
 * The inspector's timeline: what happened, derived by comparing each view of the world with the
 * one before (lobbies created and deleted, members joining and leaving, messages, users coming
 * online and going offline, calls joined and left), with the requests the service answered and
 * the webhook deliveries that ended. Views are compared only while someone watches (the
 * inspector's stream or a state read), so what happened between two reads is seen as its net
 * change. The last 1,000 entries are kept.
 * @internal
 * @module
 */
import type { LoggedRequest } from '../http/request-log.js';
import type { WebhookDelivery } from '../http/webhooks.js';
import type { WorldView } from './world-view.js';

export type TimelineKind =
  | 'lobbyCreated'
  | 'lobbyDeleted'
  | 'memberJoined'
  | 'memberLeft'
  | 'messageSent'
  | 'userOnline'
  | 'userOffline'
  | 'callJoined'
  | 'callLeft'
  | 'request'
  | 'webhook';

/** One thing that happened, with who and what it concerns (the page's filters read them). */
export interface TimelineEntry {
  seq: number;
  /** World clock, ms since the Unix epoch (when it was seen, for changes between two views). */
  at: number;
  kind: TimelineKind;
  text: string;
  userIds: string[];
  applicationId: string | null;
  lobbyId: string | null;
}

/** A webhook delivery as the timeline follows it. */
export type DeliverySummary = Pick<WebhookDelivery, 'id' | 'applicationId' | 'eventType' | 'status' | 'attempts' | 'lastStatus'>;

/** How many entries the timeline keeps. */
export const TIMELINE_SIZE = 1000;

type Change = Omit<TimelineEntry, 'seq' | 'at'>;

export class Timeline {
  readonly #entries: TimelineEntry[] = [];
  #seq = 0;
  #last: WorldView | undefined;
  #lastRequest = 0;
  readonly #deliveries = new Map<string, DeliverySummary['status']>();

  /** The entries kept, oldest first. */
  entries(): TimelineEntry[] {
    return this.#entries.slice();
  }

  /** Notes what changed since the last view (the first view is the starting point: no entries). */
  observe(view: WorldView, requests: readonly LoggedRequest[], deliveries: readonly DeliverySummary[]): void {
    const changes: Change[] = this.#last ? worldChanges(this.#last, view) : [];
    for (const request of requests) {
      if (request.seq <= this.#lastRequest) continue;
      this.#lastRequest = request.seq;
      if (this.#last) changes.push(requestChange(request));
    }
    // Only the deliveries still listed are remembered: the map stays as small as the list.
    const known = new Map(this.#deliveries);
    this.#deliveries.clear();
    for (const delivery of deliveries) {
      this.#deliveries.set(delivery.id, delivery.status);
      if (known.get(delivery.id) === delivery.status || delivery.status === 'pending' || !this.#last) continue;
      const outcome = delivery.status === 'delivered' ? 'delivered' : `failed after ${delivery.attempts} attempts`;
      changes.push({ kind: 'webhook', text: `webhook ${delivery.eventType} ${outcome}`, userIds: [], applicationId: delivery.applicationId, lobbyId: null });
    }
    this.#last = view;
    for (const change of changes) this.#entries.push({ seq: ++this.#seq, at: view.now, ...change });
    if (this.#entries.length > TIMELINE_SIZE) this.#entries.splice(0, this.#entries.length - TIMELINE_SIZE);
  }
}

function requestChange(request: LoggedRequest): Change {
  const route = request.route ?? `${request.method} (no route)`;
  return {
    kind: 'request',
    text: `${route} answered ${request.status} (credential: ${request.credential})`,
    userIds: request.userId === null ? [] : [request.userId],
    applicationId: request.applicationId,
    lobbyId: request.lobbyId,
  };
}

/** What changed from one view of the world to the next. */
export function worldChanges(before: WorldView, after: WorldView): Change[] {
  const changes: Change[] = [];
  const names = new Map([...before.users, ...after.users].map((user) => [user.id, user.username]));
  const name = (id: string) => names.get(id) ?? id;

  const usersBefore = new Map(before.users.map((user) => [user.id, user]));
  for (const user of after.users) {
    const was = usersBefore.get(user.id)?.status ?? 'offline';
    if ((was === 'offline') === (user.status === 'offline')) continue;
    const online = user.status !== 'offline';
    const applicationId = (online ? user.signedInTo[0] : usersBefore.get(user.id)?.signedInTo[0]) ?? null;
    changes.push({ kind: online ? 'userOnline' : 'userOffline', text: `${user.username} ${online ? 'came online' : 'went offline'}`, userIds: [user.id], applicationId, lobbyId: null });
  }

  const lobbiesBefore = new Map(before.lobbies.map((lobby) => [lobby.id, lobby]));
  const lobbiesAfter = new Map(after.lobbies.map((lobby) => [lobby.id, lobby]));
  for (const lobby of after.lobbies) {
    const was = lobbiesBefore.get(lobby.id);
    const about = { applicationId: lobby.applicationId, lobbyId: lobby.id };
    if (!was) changes.push({ kind: 'lobbyCreated', text: `lobby ${lobby.id} created`, userIds: lobby.members.map((m) => m.id), ...about });
    const membersBefore = new Set(was?.members.map((m) => m.id) ?? []);
    const membersAfter = new Set(lobby.members.map((m) => m.id));
    for (const id of membersAfter) if (!membersBefore.has(id)) changes.push({ kind: 'memberJoined', text: `${name(id)} joined lobby ${lobby.id}`, userIds: [id], ...about });
    for (const id of membersBefore) if (!membersAfter.has(id)) changes.push({ kind: 'memberLeft', text: `${name(id)} left lobby ${lobby.id}`, userIds: [id], ...about });
    // Message ids are snowflakes: a later message has a greater id.
    const newest = BigInt(was?.messages.at(-1)?.id ?? 0);
    for (const message of lobby.messages) {
      if (BigInt(message.id) <= newest) continue;
      changes.push({ kind: 'messageSent', text: `${name(message.authorId)} in lobby ${lobby.id}: ${message.content}`, userIds: [message.authorId], ...about });
    }
  }
  for (const lobby of before.lobbies) {
    if (!lobbiesAfter.has(lobby.id)) changes.push({ kind: 'lobbyDeleted', text: `lobby ${lobby.id} deleted`, userIds: lobby.members.map((m) => m.id), applicationId: lobby.applicationId, lobbyId: lobby.id });
  }

  const inCall = (view: WorldView) => new Map(view.calls.map((call) => [call.lobbyId, { call, users: new Set(call.participants.map((p) => p.userId)) }]));
  const callsBefore = inCall(before);
  const callsAfter = inCall(after);
  for (const [lobbyId, { call, users }] of callsAfter) {
    const was = callsBefore.get(lobbyId)?.users ?? new Set<string>();
    for (const id of users) if (!was.has(id)) changes.push({ kind: 'callJoined', text: `${name(id)} joined the call of lobby ${lobbyId}`, userIds: [id], applicationId: call.applicationId, lobbyId });
  }
  for (const [lobbyId, { call, users }] of callsBefore) {
    const now = callsAfter.get(lobbyId)?.users ?? new Set<string>();
    for (const id of users) if (!now.has(id)) changes.push({ kind: 'callLeft', text: `${name(id)} left the call of lobby ${lobbyId}`, userIds: [id], applicationId: call.applicationId, lobbyId });
  }
  return changes;
}
