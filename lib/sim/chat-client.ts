/**
 * The harness's handle on a simulated user's local chat client (the desktop chat app on the
 * user's machine), which the SDK reads voice settings from over RPC, and in which the player
 * answers the game's sign-in requests (consent prompts).
 * @module
 */
import { namesByValue } from '../model/enum-names.js';
import type { ActivityActionKind, ActivityInvite } from '../features/invites.js';
import { ActivityActionType, IntegrationType } from '../generated/seam.js';
import { toSnowflake, type Snowflake, type SnowflakeInput } from '../model/ids.js';
import { limits } from '../common/limits.js';
import type { NativeWorld } from '../addon/native.js';
import { checkBoolean, checkOneOf, checkText, describe, typeName } from '../common/validate.js';
import { VOICE_INPUT_MODES, toNativeVoiceSettings, toVoiceSettings, type VoiceSettings } from '../model/voice.js';
import { chatClientRunningChanged, serveChatClientRpc, type ChatClientRpc, type ServeRpcOptions } from './rpc/harness.js';

/**
 * A simulated user's local chat client. Every user has one, running and RPC-connected with
 * default settings, until the harness changes that. While it is stopped or its RPC connection is
 * down, `client.getVoiceSettings()` rejects with an `RPCError` and settings changes reach no
 * game; once it is back, changes are delivered as `voiceSettingsUpdated` again.
 * @example
 * const chat = sim.chatClient(alice);
 * chat.setVoiceSettings({ selfMute: true }); // alice's clients get voiceSettingsUpdated
 * chat.stop();                               // getVoiceSettings() now rejects with RPCError
 */
export class SimulatedChatClient {
  readonly #world: NativeWorld;
  /** The user whose machine it runs on. */
  readonly userId: Snowflake;

  /** @internal Use {@link Simulator.chatClient}. */
  constructor(world: NativeWorld, userId: Snowflake) {
    this.#world = world;
    this.userId = userId;
  }

  /** Whether the chat client is running. */
  get running(): boolean {
    return this.#world.getChatClient(this.userId).running;
  }

  /** Whether the SDK has its RPC connection to the chat client. */
  get rpcConnected(): boolean {
    return this.#world.getChatClient(this.userId).rpcConnected;
  }

  /** The voice settings the user chose in the chat client. */
  get voiceSettings(): VoiceSettings {
    return toVoiceSettings(this.#world.getChatClient(this.userId).voiceSettings);
  }

  /**
   * Whether a game of this user says it shows chat now (`client.setShowingChat(true)` on a
   * signed-in client): the chat client then keeps its own notifications of those messages quiet.
   */
  get showingChat(): boolean {
    return this.#world.getChatClient(this.userId).showingChat;
  }

  /** The messages games opened in the chat client (`client.openMessageInDiscord`), oldest first. */
  get openedMessages(): Snowflake[] {
    return [...this.#world.getChatClient(this.userId).openedMessages];
  }

  /** How often games opened the chat client's Connected Games settings (`client.openConnectedGamesSettingsInDiscord`). */
  get connectedGamesSettingsOpened(): number {
    return this.#world.getChatClient(this.userId).connectedGamesSettingsOpened;
  }

  /**
   * The Discord account the chat client is signed into (`client.getDiscordClientConnectedUser`
   * answers it); null when signed out. By default the machine's user, or signed out when that is a
   * provisional account (which cannot sign into the Discord app).
   */
  get signedInAs(): Snowflake | null {
    return this.#world.getChatClient(this.userId).signedInAs;
  }

  /**
   * Signs the chat client into another Discord account, as when someone else's account is signed
   * into the Discord app on this machine; null signs it out.
   * @throws RangeError for an unknown user or a provisional account.
   */
  signIn(account: { id: Snowflake } | SnowflakeInput | null): void {
    const id = account === null ? '0'
      : typeof account === 'object' ? toSnowflake(account.id, 'account.id') : toSnowflake(account, 'account');
    this.#world.setChatClientAccount(this.userId, id);
  }

  /** Starts the chat client (a no-op when running); the SDK's RPC connection comes back with it. Settings are kept. */
  start(): void {
    this.#world.setChatClientRunning(this.userId, true);
    chatClientRunningChanged(this.#world, this.userId, true);
  }

  /**
   * Quits the chat client: the RPC connection goes with it, and the local RPC clients of
   * {@link SimulatedChatClient.serveRpc} get an ERROR and are disconnected.
   */
  stop(): void {
    this.#world.setChatClientRunning(this.userId, false);
    chatClientRunningChanged(this.#world, this.userId, false);
  }

  /**
   * Serves the chat client's local RPC over IPC (docs/rpc-and-activities.md): a Unix socket
   * `discord-ipc-{n}` in `ipcDirectory`, which RPC clients such as `@xhayper/discord-rpc` find
   * through `XDG_RUNTIME_DIR`. It listens while the chat client runs ({@link SimulatedChatClient.stop}
   * and {@link SimulatedChatClient.start} take it down and bring it back). Calling it again returns
   * the same server. Windows named pipes are not served.
   * @throws TypeError or RangeError (rejects) for bad options or an unknown user.
   */
  async serveRpc(options: ServeRpcOptions): Promise<ChatClientRpc> {
    return serveChatClientRpc(this.#world, this.userId, options);
  }

  /** Fault injection: the RPC connection drops while the chat client keeps running. */
  dropRpc(): void {
    this.#world.setChatClientRpcConnected(this.userId, false);
  }

  /** The RPC connection comes back. @throws RangeError when the chat client is not running. */
  restoreRpc(): void {
    this.#world.setChatClientRpcConnected(this.userId, true);
  }

  /**
   * The user changes voice settings in the chat client, as in its settings screen; fields left out
   * keep their value. The user's signed-in clients get `voiceSettingsUpdated` when the chat client
   * is reachable. Returns the new settings. Bad input changes nothing.
   * @throws TypeError or RangeError for a malformed field (volumes: input 0-100, output 0-200);
   * RangeError when the chat client is not running.
   */
  setVoiceSettings(changes: Partial<VoiceSettings>): VoiceSettings {
    if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) {
      throw new TypeError(`changes must be an object, got ${typeName(changes)}`);
    }
    const next: VoiceSettings = { ...this.voiceSettings };
    for (const [key, value] of Object.entries(changes) as [keyof VoiceSettings, unknown][]) {
      switch (key) {
        case 'selfMute':
        case 'selfDeaf':
        case 'automaticGainControl':
        case 'echoCancellation':
        case 'noiseSuppression':
        case 'noiseCancellation':
          next[key] = checkBoolean(value, key);
          break;
        case 'inputMode':
          next.inputMode = checkOneOf(value, VOICE_INPUT_MODES, 'inputMode');
          break;
        case 'pttKey':
          next.pttKey = checkText(value, 'pttKey', 0, limits.pttKeyLength);
          break;
        case 'inputVolume':
        case 'outputVolume': {
          const max = key === 'inputVolume' ? limits.voiceInputVolumeMax : limits.voiceOutputVolumeMax;
          if (typeof value !== 'number') throw new TypeError(`${key} must be a number, got ${typeName(value)}`);
          if (!(value >= 0 && value <= max)) throw new RangeError(`${key} must be a number from 0 to ${max}, got ${describe(value)}`);
          next[key] = value;
          break;
        }
        default:
          throw new RangeError(`unknown voice setting ${/^[A-Za-z]{1,40}$/.test(key) ? `'${key}'` : describe(key)}; the settings are ${Object.keys(next).join(', ')}`);
      }
    }
    this.#world.setChatClientVoiceSettings(this.userId, toNativeVoiceSettings(next));
    return next;
  }

  /**
   * The sign-in requests (`client.authorize()`) the chat client shows, oldest first (when no
   * user's chat client is reachable, `authorize()` opens the browser instead: see
   * `sim.machine(user).browser`): which
   * application asks, for which scopes. Empty while the chat client is stopped or its RPC
   * connection is down (they show again when it is back). A prompt nobody answers stays until the
   * game aborts it or its client closes.
   */
  get consentPrompts(): ConsentPrompt[] {
    return this.#world.getConsentPrompts(this.userId).map((prompt) => ({
      ...prompt,
      integrationType: INTEGRATION_TYPE_NAMES[prompt.integrationType] ?? null,
      customSchemeParam: prompt.customSchemeParam === '' ? null : prompt.customSchemeParam,
    }));
  }

  /**
   * The user approves the oldest consent prompt: the game's `authorize()` resolves with an
   * authorization code for this user (single use, valid 10 minutes on the simulator's clock,
   * bound to the PKCE challenge and the redirect URI).
   * @throws RangeError when no prompt is shown or the chat client is not reachable.
   */
  approveConsent(): void {
    this.#world.answerConsent(this.userId, true);
  }

  /**
   * The user denies the oldest consent prompt: the game's `authorize()` rejects with type
   * `AuthorizationFailed`.
   * @throws RangeError when no prompt is shown or the chat client is not reachable.
   */
  denyConsent(): void {
    this.#world.answerConsent(this.userId, false);
  }

  /**
   * The user's profile privacy, as chosen in the chat client's settings (spec: Presence Update).
   * `friendsOnly`: the user's custom status (an activity of type `CustomStatus`) is shown to its
   * friends only; lobby co-members who are not friends see no activity while it is one (they get
   * `userUpdated` when this changes). `friendsAndSmallServers` hides it only in guilds of more than
   * 200 members, whose presence the simulator does not deliver: on the simulator it shows as
   * `everyone` does (the default).
   * @throws RangeError for another value.
   */
  setProfilePrivacy(privacy: ProfilePrivacy): void {
    const checked = checkOneOf(privacy, PROFILE_PRIVACY, 'privacy');
    this.#world.setProfilePrivacy(this.userId, PROFILE_PRIVACY.indexOf(checked));
  }

  /**
   * The activity invites (of type `join`) the user received, oldest first, with the message that
   * came with each; `isValid` tells whether it can still be accepted.
   */
  get activityInvites(): ChatClientInvite[] {
    return this.#world.getChatClientInvites(this.userId).map(({ invite, content }) => ({
      invite: Object.freeze({ ...invite, type: ACTION_KINDS[invite.type] ?? 'invalid' }),
      content,
    }));
  }

  /** The launch commands games registered on this chat client, and the commands it ran. */
  get launchCommands(): ChatClientLaunches {
    const { registered, launched } = this.#world.getLaunchCommands(this.userId);
    return { registered: { ...registered }, launched: [...launched] };
  }

  /**
   * The user accepts an invite in the chat client (by the invite or its message id). The user's
   * clients signed in to the invite's application get `activityJoin` and
   * `activityJoinWithApplication` with the join secret; when none is signed in, the chat client
   * runs the command the game registered (see {@link SimulatedChatClient.launchCommands}) and the
   * game's first client to sign in gets them.
   * @throws RangeError when the invite is not this user's, no longer valid, the chat client is
   * not running, or the game is not running and registered no launch command.
   */
  acceptActivityInvite(invite: Pick<ActivityInvite, 'messageId'> | SnowflakeInput): void {
    const messageId =
      typeof invite === 'object' && invite !== null ? toSnowflake(invite.messageId, 'invite.messageId') : toSnowflake(invite, 'messageId');
    this.#world.acceptActivityInviteInChatClient(this.userId, messageId);
  }

  /**
   * The user clicks an account-linking prompt for `application` in the chat client. The docs'
   * order of flows ("Account Linking from Discord": connected game flow, then web flow): every
   * client of that application that called `onAuthorizeRequest` (and not `offAuthorizeRequest`)
   * gets `authorizeRequest`; when none did, the chat client opens the application's Connection
   * Entrypoint URL (`createApplication({ connectionEntrypointUrl })`, spec "Authentication" rule 9)
   * in the user's browser (`sim.machine(user).browser.pages`), as set: the docs name no parameters
   * the chat client adds, so it adds none (our choice). Returns how many clients were asked.
   * @throws RangeError for an unknown application, or when the chat client is not reachable.
   */
  requestAccountLink(application: { id: Snowflake } | SnowflakeInput): number {
    const id = typeof application === 'object' && application !== null
      ? toSnowflake(application.id, 'application.id')
      : toSnowflake(application, 'application');
    return this.#world.requestAccountLink(this.userId, id);
  }

  /**
   * The user edits their lobby message in the lobby's linked channel (the SDK edits only direct
   * messages; lobby messages are edited from the chat client, where the linked channel shows
   * them). The members' clients get `messageUpdated`; the edit clears the message's moderation
   * metadata; the application gets LOBBY_MESSAGE_UPDATE on its webhook events URL. `content`: 1 to
   * 2,000 characters (the chat client's limit).
   * @throws RangeError for an unknown lobby or message, a lobby with no linked channel, or a
   * message the user did not write.
   */
  editLobbyMessage(lobbyId: SnowflakeInput, messageId: SnowflakeInput, content: string): void {
    const lobby = toSnowflake(lobbyId, 'lobbyId');
    const message = toSnowflake(messageId, 'messageId');
    const text = checkText(content, 'content', 1, limits.messageContentLength);
    this.#world.editLobbyMessageInLinkedChannel(this.userId, lobby, message, text);
  }

  /**
   * The user deletes their lobby message in the lobby's linked channel: the members' clients get
   * `messageDeleted` (with the lobby as channel); the application gets LOBBY_MESSAGE_DELETE.
   * @throws RangeError as {@link SimulatedChatClient.editLobbyMessage}.
   */
  deleteLobbyMessage(lobbyId: SnowflakeInput, messageId: SnowflakeInput): void {
    this.#world.deleteLobbyMessageInLinkedChannel(this.userId, toSnowflake(lobbyId, 'lobbyId'), toSnowflake(messageId, 'messageId'));
  }
}

/** An activity invite shown in a chat client ({@link SimulatedChatClient.activityInvites}). */
export interface ChatClientInvite {
  /** The invite, as the game gets it with `activityInviteCreated` (no join secret). */
  invite: ActivityInvite;
  /** The message the sender wrote with it. */
  content: string;
}

/** What a chat client knows of launching games ({@link SimulatedChatClient.launchCommands}). */
export interface ChatClientLaunches {
  /** The launch command each game registered (`registerLaunchCommand`), by application id. */
  registered: Record<Snowflake, string>;
  /** The commands the chat client ran to start a game for an accepted invite, oldest first. */
  launched: string[];
}

const ACTION_KINDS: readonly ActivityActionKind[] = namesByValue(ActivityActionType);

/** A user's profile privacy setting ({@link SimulatedChatClient.setProfilePrivacy}). */
export type ProfilePrivacy = 'everyone' | 'friendsAndSmallServers' | 'friendsOnly';
// In the native order (sim::ProfilePrivacy, sim/service/presence.h).
/** @internal */
export const PROFILE_PRIVACY: readonly ProfilePrivacy[] = ['everyone', 'friendsAndSmallServers', 'friendsOnly'];

/** A sign-in request shown in a chat client ({@link SimulatedChatClient.consentPrompts}). */
export interface ConsentPrompt {
  /** The application that asks. */
  applicationId: Snowflake;
  /** The scopes it asks for, space-separated. */
  scopes: string;
  /**
   * The process whose window the overlay shows the prompt over, in game: the game's
   * `setGameWindowPid()`, by default the process of its client.
   */
  windowPid: number;
  /** The installation context the game's `authorize()` asked for (`AuthorizationArgs::IntegrationType`), or null. */
  integrationType: 'GuildInstall' | 'UserInstall' | null;
  /** The custom URI scheme of mobile redirects the game's `authorize()` gave (`AuthorizationArgs::CustomSchemeParam`), or null. */
  customSchemeParam: string | null;
}

/** Indexed by the vendor's IntegrationType value. */
const INTEGRATION_TYPE_NAMES: readonly ('GuildInstall' | 'UserInstall')[] = (Object.keys(IntegrationType) as ('GuildInstall' | 'UserInstall')[]).reduce<
  ('GuildInstall' | 'UserInstall')[]
>((names, name) => {
  names[IntegrationType[name]] = name;
  return names;
}, []);
