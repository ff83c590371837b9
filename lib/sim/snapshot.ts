/**
 * {@link Simulator.snapshot}: the world as a world file (world-file.ts, version 1), built on the
 * inspector's one read of the world (describeWorld), and written atomically. What is live (signed-in
 * clients, calls, presence activities, rate-limit budgets, the request log) and every token and
 * client secret is left out; lobby secrets only when asked for.
 * @module
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import * as path from 'node:path';

import { checkBoolean, checkOptions, checkText, typeName } from '../common/validate.js';
import type { NativeWorld } from '../addon/native.js';
import { describeWorld } from './inspector/world-view.js';
import { WORLD_FILE_VERSION, type WorldFile, type WorldFileGuild, type WorldFileLobby, type WorldFileUser } from './world-file.js';

/** Options of {@link Simulator.snapshot}. */
export interface SnapshotOptions {
  /** Also writes the snapshot to this file (JSON), atomically: a failed write leaves the file that was there. */
  path?: string;
  /** Includes lobby secrets (default false). Tokens and client secrets are never included. */
  secrets?: boolean;
}

const byId = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);
const nonEmpty = (metadata: Record<string, string>) => (Object.keys(metadata).length > 0 ? { ...metadata } : undefined);

/** Leaves out the keys whose value is undefined, so the JSON has no `"x": undefined` holes to explain. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The world `world` holds, as a world file. */
export function takeSnapshot(world: NativeWorld, defaultApplicationId: string | undefined, options?: SnapshotOptions): WorldFile {
  const { secrets = false } = checkOptions(options);
  const view = describeWorld(world, 200, { lobbySecrets: checkBoolean(secrets, 'secrets') });
  const bots = new Map(view.applications.map((a) => [a.botUserId, a.id]));
  const users = view.users.filter((u) => !bots.has(u.id));
  const userIds = new Set(users.map((u) => u.id));
  const channelGuild = new Map(view.guilds.flatMap((g) => g.channels.map((c) => [c.id, g.id] as const)));
  const file: WorldFile = {
    version: WORLD_FILE_VERSION,
    clock: view.now,
    ...(defaultApplicationId === undefined ? {} : { defaultApplication: defaultApplicationId }),
    applications: view.applications.map((a) =>
      compact({
        id: a.id,
        name: a.name,
        parent: a.parentId ?? undefined,
        publisherLinking: a.publisherLinking || undefined,
        inviteCoverImage: a.inviteCoverImage ?? undefined,
        connectionEntrypointUrl: a.connectionEntrypointUrl ?? undefined,
      }),
    ),
    users: users.map(
      (u): WorldFileUser =>
        compact({
          id: u.id,
          username: u.username,
          globalName: u.globalName ?? undefined,
          provisional: u.isProvisional || undefined,
          profilePrivacy: u.profilePrivacy === 'everyone' ? undefined : u.profilePrivacy,
          applicationProfiles: u.applicationProfiles.length === 0 ? undefined : u.applicationProfiles.map((p) =>
            compact({ application: p.applicationId, providerType: p.providerType, providerId: p.providerId ?? undefined, providerIssuedUserId: p.providerIssuedUserId, username: p.username, avatarHash: p.avatarHash || undefined, metadata: p.metadata || undefined }),
          ),
        }),
    ),
    relationships: users.flatMap((u) =>
      u.relationships
        .filter((r) => userIds.has(r.userId) && byId(u.id, r.userId) < 0 && (r.discord === 'Friend' || r.game === 'Friend'))
        .map((r) => ({ users: [u.id, r.userId] as [string, string], discord: r.discord === 'Friend', game: r.game === 'Friend' })),
    ),
    guilds: view.guilds.map(
      (g): WorldFileGuild =>
        compact({
          id: g.id,
          name: g.name,
          owner: g.ownerId,
          members: g.members
            .filter((m) => m.userId !== g.ownerId && !bots.has(m.userId))
            .map((m) => (m.permissions.length === 0 ? m.userId : { user: m.userId, permissions: m.permissions })),
          bots: g.members.filter((m) => bots.has(m.userId)).map((m) => ({ application: bots.get(m.userId)!, permissions: m.permissions })),
          channels: [...g.channels]
            .sort((a, b) => byId(a.id, b.id))
            .map((c) => compact({ id: c.id, name: c.name, type: c.type as never, position: c.position, parent: c.parentId ?? undefined })),
        }),
    ),
    lobbies: view.lobbies.map(
      (l): WorldFileLobby =>
        compact({
          id: l.id,
          application: l.applicationId,
          secret: l.secret,
          metadata: nonEmpty(l.metadata),
          idleTimeoutSeconds: l.idleTimeoutSeconds === 300 ? undefined : l.idleTimeoutSeconds,
          members: l.members.map((m) => compact({ user: m.id, metadata: nonEmpty(m.metadata), additionalName: m.additionalName ?? undefined, flags: m.flags || undefined })),
          // A link to a channel no guild of the world has (the harness can link any) is not saved.
          linkedChannel: l.linkedChannel && channelGuild.get(l.linkedChannel.id) === l.linkedChannel.guildId ? { guild: l.linkedChannel.guildId, channel: l.linkedChannel.id } : undefined,
          // Messages whose author is no user of the file (an application's bot) are not saved.
          messages: l.messages
            .filter((m) => userIds.has(m.authorId))
            .map((m) => compact({ author: m.authorId, content: m.content, metadata: nonEmpty(m.metadata), moderationMetadata: nonEmpty(m.moderationMetadata) })),
        }),
    ),
  };
  return file;
}

/**
 * Writes `file` as JSON to `target` atomically: into a temporary file beside it, flushed, then
 * renamed over it. A failed write removes the temporary file and leaves what was at `target`.
 */
export function writeWorldFile(target: string, file: WorldFile): void {
  checkText(target, 'path', 1, 4096);
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${Date.now()}.tmp`);
  let fd: number | undefined;
  try {
    fd = openSync(temporary, 'wx', 0o600);
    writeSync(fd, `${JSON.stringify(file, null, 2)}\n`);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temporary, target);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Reads and parses a world file. @throws TypeError when it cannot be read (with the system's error
 * code) or is not JSON. The path is not repeated: the argument could be anything (a token passed
 * by mistake), and the caller knows what it passed.
 */
export function readWorldFile(file: string): unknown {
  if (typeof file !== 'string') throw new TypeError(`the world file must be a path or a parsed world file, got ${typeName(file)}`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new TypeError(`cannot read the world file (a path of ${file.length} characters): ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new TypeError(`the world file is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}
