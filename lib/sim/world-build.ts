/**
 * Builds the world a world file describes (world-file.ts) in a Simulator, through the harness's
 * own calls: what `social-sdk-node sim --world` and {@link Simulator.load} do. The file is
 * checked whole first (and the users' ids against the simulator), so a bad file creates nothing.
 * @module
 */
import { limits } from '../common/limits.js';
import type { Snowflake } from '../model/ids.js';
import type { User } from '../model/user.js';
import { nativeWorldOf } from '../addon/native-worlds.js';
import type { Metadata } from '../model/types.js';
import type { Application, CreateApplicationOptions } from './applications.js';
import type { ProfilePrivacy } from './chat-client.js';
import type { CreateGuildChannelOptions, CreateGuildOptions, GuildPermission, SimulatedGuild, UpdateGuildChannelOptions } from './guilds.js';
import type { LobbyMemberUpdate } from './lobbies.js';
import type { CreateUserOptions } from './users.js';
import { checkWorldFile, type WorldFileChannel } from './world-file.js';

/** The harness calls the builder makes: the Simulator's (named here, not imported: simulator.ts imports this module). */
export interface WorldHarness {
  getUser(id: string): User | null;
  now(): number;
  advance(ms: number): number;
  createApplication(options: CreateApplicationOptions): Application;
  createUser(options: CreateUserOptions): User;
  chatClient(user: User): { setProfilePrivacy(privacy: ProfilePrivacy): void };
  setFriends(a: User, b: User, options: { discord: boolean; game: boolean }): void;
  createGuild(options: CreateGuildOptions): SimulatedGuild;
  addGuildMember(guild: SimulatedGuild, user: User | Snowflake, options: { permissions: readonly GuildPermission[] }): void;
  createGuildChannel(guild: SimulatedGuild, options: CreateGuildChannelOptions): Snowflake;
  updateGuildChannel(channel: Snowflake, changes: UpdateGuildChannelOptions): void;
  bulkUpdateLobbyMembers(lobby: Snowflake, members: readonly LobbyMemberUpdate[]): void;
  setMessageModerationMetadata(lobby: Snowflake, messageId: Snowflake, metadata: Metadata): void;
  linkLobbyChannel(lobby: Snowflake, channel: { id: Snowflake; name: string; guildId: Snowflake }): void;
}

/** What {@link Simulator.load} made. */
export interface LoadedWorld {
  /** In the file's order. */
  applications: Application[];
  users: User[];
  guilds: { id: Snowflake; name: string; channels: { name: string; id: Snowflake }[] }[];
  /** The new ids of the lobbies, in the file's order. */
  lobbies: Snowflake[];
  /** The file's default application, if it names one. */
  defaultApplication: Application | undefined;
  /** Each saved id of the file (applications, their bot users, guilds, channels, lobbies; users keep theirs) to the id the simulator minted. */
  ids: Record<string, Snowflake>;
}

/** Builds the world `value` (a parsed world file) describes in `sim`. @throws TypeError or RangeError naming what is wrong; nothing is created then. */
export function buildWorld(sim: WorldHarness, value: unknown): LoadedWorld {
  const checked = checkWorldFile(value);
  const { file } = checked;
  (file.users ?? []).forEach((user, i) => {
    if (user.id !== undefined && sim.getUser(user.id) !== null) throw new RangeError(`users[${i}].id: the simulator already has a user with id ${user.id}`);
  });
  const world = nativeWorldOf(sim);
  const made: LoadedWorld = { applications: [], users: [], guilds: [], lobbies: [], defaultApplication: undefined, ids: {} };
  let step = 'clock';
  try {
    if (file.clock !== undefined && file.clock > sim.now()) sim.advance(file.clock - sim.now());
    const apps = made.applications;
    (file.applications ?? []).forEach((spec, i) => {
      step = `applications[${i}]`;
      const { id, parent, ...options } = spec;
      const app = sim.createApplication({ ...options, ...(parent === undefined ? {} : { parent: apps[checked.applications.find(parent, 'parent')]! }) });
      apps.push(app);
      if (id !== undefined) Object.assign(made.ids, { [id]: app.id });
    });
    const appOf = (ref: string) => apps[checked.applications.find(ref, 'application')]!;
    if (file.defaultApplication !== undefined) made.defaultApplication = appOf(file.defaultApplication);
    (file.users ?? []).forEach((spec, i) => {
      step = `users[${i}]`;
      const { profilePrivacy, applicationProfiles = [], ...options } = spec;
      const profiles = applicationProfiles.map(({ application, ...profile }) => ({ ...profile, application: appOf(application) }));
      const user = sim.createUser({ ...options, applicationProfiles: profiles });
      if (profilePrivacy !== undefined && profilePrivacy !== 'everyone') sim.chatClient(user).setProfilePrivacy(profilePrivacy);
      made.users.push(user);
    });
    const userOf = (ref: string) => made.users[checked.users.find(ref, 'user')]!;
    (file.relationships ?? []).forEach((spec, i) => {
      step = `relationships[${i}]`;
      sim.setFriends(userOf(spec.users[0]), userOf(spec.users[1]), { discord: spec.discord ?? true, game: spec.game ?? false });
    });
    (file.guilds ?? []).forEach((spec, i) => {
      step = `guilds[${i}]`;
      const plain = (spec.members ?? []).filter((m): m is string => typeof m === 'string');
      const guild = sim.createGuild({ name: spec.name, owner: userOf(spec.owner), members: plain.map(userOf) });
      if (spec.id !== undefined) made.ids[spec.id] = guild.id;
      for (const member of spec.members ?? []) {
        if (typeof member !== 'string') sim.addGuildMember(guild, userOf(member.user), { permissions: member.permissions ?? [] });
      }
      for (const bot of spec.bots ?? []) {
        const app = appOf(bot.application);
        sim.addGuildMember(guild, app.botUserId, { permissions: bot.permissions ?? [] });
      }
      const created: { name: string; id: Snowflake }[] = [];
      const specs: WorldFileChannel[] = spec.channels ?? [];
      const later: [Snowflake, number][] = [];
      specs.forEach((channel) => {
        const parentIndex = channel.parent === undefined ? undefined : checked.channels[i]!.find(channel.parent, 'parent');
        const parent = parentIndex === undefined ? undefined : created[parentIndex]?.id;
        const id = sim.createGuildChannel(guild, { name: channel.name, type: channel.type ?? 'GuildText', position: channel.position ?? 0, ...(parent ? { parent } : {}) });
        if (parentIndex !== undefined && parent === undefined) later.push([id, parentIndex]);
        created.push({ name: channel.name, id });
        if (channel.id !== undefined) made.ids[channel.id] = id;
      });
      // A category listed after its channel: set once it exists.
      for (const [id, parentIndex] of later) sim.updateGuildChannel(id, { parent: created[parentIndex]!.id });
      made.guilds.push({ id: guild.id, name: guild.name, channels: created });
    });
    (file.lobbies ?? []).forEach((spec, i) => {
      step = `lobbies[${i}]`;
      const app = appOf(spec.application);
      const lobbyId = world.createLobby(app.id, spec.secret, spec.metadata ?? {}, undefined, spec.idleTimeoutSeconds);
      made.lobbies.push(lobbyId);
      if (spec.id !== undefined) made.ids[spec.id] = lobbyId;
      const members = (spec.members ?? []).map((m) => ({ user: userOf(m.user), metadata: m.metadata ?? {}, ...(m.additionalName === undefined ? {} : { additionalName: m.additionalName }), flags: m.flags ?? 0 }));
      for (let start = 0; start < members.length; start += limits.lobbyMembersPerBulkRequest) {
        sim.bulkUpdateLobbyMembers(lobbyId, members.slice(start, start + limits.lobbyMembersPerBulkRequest));
      }
      const memberIds = new Set(members.map((m) => m.user.id));
      for (const message of spec.messages ?? []) {
        // An author who has left the lobby since is a member for the moment of its message.
        const author = userOf(message.author);
        const away = !memberIds.has(author.id);
        if (away) sim.bulkUpdateLobbyMembers(lobbyId, [{ user: author }]);
        const sent = world.userSendLobbyMessage(app.id, author.id, lobbyId, message.content, message.metadata ?? {}, limits.messageContentLength);
        if (away) sim.bulkUpdateLobbyMembers(lobbyId, [{ user: author, remove: true }]);
        if (message.moderationMetadata && Object.keys(message.moderationMetadata).length > 0) sim.setMessageModerationMetadata(lobbyId, sent.id, message.moderationMetadata);
      }
      if (spec.linkedChannel) {
        const guildIndex = checked.guilds.find(spec.linkedChannel.guild, 'guild');
        const channel = made.guilds[guildIndex]!.channels[checked.channels[guildIndex]!.find(spec.linkedChannel.channel, 'channel')]!;
        sim.linkLobbyChannel(lobbyId, { id: channel.id, name: channel.name, guildId: made.guilds[guildIndex]!.id });
      }
    });
  } catch (error) {
    if (!(error instanceof TypeError || error instanceof RangeError)) throw error;
    const counts = `${made.applications.length} applications, ${made.users.length} users, ${made.guilds.length} guilds and ${made.lobbies.length} lobbies`;
    const Type = error instanceof TypeError ? TypeError : RangeError;
    throw new Type(`the world file was checked, but the simulator refused ${step} after ${counts} were made: ${error.message}`);
  }
  return made;
}
