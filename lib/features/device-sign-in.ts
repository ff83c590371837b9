/**
 * Device sign-in: OAuth2's device authorization grant for limited-input devices (consoles, TVs),
 * `Client::GetTokenFromDevice` and the device authorization screen. Adds its methods to
 * {@link Client}.
 *
 * Sources: discordpp.h 1.9.16441 (the comments of `GetTokenFromDevice`,
 * `GetTokenFromDeviceProvisionalMerge`, `AbortGetTokenFromDevice`, `OpenAuthorizeDeviceScreen`,
 * `CloseAuthorizeDeviceScreen`, `SetAuthorizeDeviceScreenClosedCallback`,
 * `DeviceAuthorizationArgs`) and discord-api-docs' "Account Linking on Consoles" guide. Where
 * they are silent (the errors while the flow runs), the choices follow RFC 8628 and are listed in
 * docs/conformance.md.
 * @module
 */
import { SocialSdkError } from '../common/errors.js';
import { toSnowflake, type SnowflakeInput } from '../model/ids.js';
import { checkOneOf, checkOptions, checkText, typeName } from '../common/validate.js';
import { ExternalAuthType } from '../generated/seam.js';
import { registerEventHandlers } from '../addon/runtime.js';
import { registerClientEvents } from '../client/event-names.js';
import { clientState, defineClientMethods, emitterOf, operation, requireClient } from '../client/feature.js';
import type { Client } from '../client/client.js';
import { toTokenSet, type TokenSet } from '../model/authorization.js';
import { oauth, type ExternalAuthTypeName } from './auth.js';

registerClientEvents({ authorizeDeviceScreenClosed: true } satisfies Record<keyof DeviceSignInClientEvents, true>);

registerEventHandlers({
  AuthorizeDeviceScreenClosed: (client) => emitterOf(client)?.emit('authorizeDeviceScreenClosed'),
});

/** The OAuth2 errors a device sign-in rejects with, as `oauthError` (RFC 8628 §3.5; RFC 6749 §5.2). */
const DEVICE_OAUTH_ERRORS = ['access_denied', 'expired_token', 'invalid_grant'] as const;

/** The device sign-in events of a {@link Client} (part of {@link ClientEvents}). */
export interface DeviceSignInClientEvents {
  /**
   * The device authorization screen closed (`SetAuthorizeDeviceScreenClosedCallback`): the player
   * dismissed it, {@link Client.closeAuthorizeDeviceScreen} closed it, or
   * {@link Client.getTokenFromDevice} ended (approved, denied, expired or aborted). The header
   * says only "when the device authorization screen is closed": that it also fires when the game
   * or the flow closes it is our choice. A flow still pending goes on when the player dismisses
   * the screen: abort it here if the game should stop too.
   */
  authorizeDeviceScreenClosed: [];
}

declare module '../model/types.js' {
  interface ClientEvents extends DeviceSignInClientEvents {}
}

/** What {@link Client.getTokenFromDevice} asks for (`DeviceAuthorizationArgs`). */
export interface DeviceAuthorizationOptions {
  /**
   * The application (`DeviceAuthorizationArgs::ClientId`): "Optional. ... Defaults to the value
   * set by Client::SetApplicationId", here the client's `applicationId`.
   */
  clientId?: SnowflakeInput;
  /**
   * Space-separated scopes (`DeviceAuthorizationArgs::Scopes`), e.g.
   * `Client.getDefaultCommunicationScopes()`. 1-1024 characters.
   */
  scopes: string;
  /** Aborts the flow as {@link Client.abortGetTokenFromDevice} does. */
  signal?: AbortSignal;
}

/** What {@link Client.getTokenFromDeviceProvisionalMerge} sends: the flow's options and the provisional account's identity. */
export interface DeviceProvisionalMergeOptions extends DeviceAuthorizationOptions {
  /** The kind of `externalAuthToken`, e.g. `'OIDC'` or `'SteamSessionTicket'`. */
  externalAuthType: ExternalAuthTypeName;
  /** A fresh token of the identity provider for the player. A secret. 1-10240 characters. */
  externalAuthToken: string;
}

/** What {@link Client.openAuthorizeDeviceScreen} shows. */
export interface AuthorizeDeviceScreenOptions {
  /** The application; default: the client's `applicationId`. */
  clientId?: SnowflakeInput;
  /** The `user_code` the game backend's `POST /oauth2/device/authorize` answered. 1-64 characters. */
  userCode: string;
}

declare module '../client/client.js' {
  interface Client {
    /**
     * Signs the player in on a limited-input device such as a console or TV (`GetTokenFromDevice`,
     * "a combination of Client::Authorize and Client::GetToken"): asks the service for a device
     * authorization, shows the device authorization screen with its user code (and the
     * verification page, `https://discord.com/activate`), and polls the token endpoint every
     * `interval` (5 seconds) until the player approves on another device; then closes the screen
     * and resolves with the token set (an access token for 7 days and a refresh token). Needs no
     * token or connection. The header: "This function only works for public clients"; a game with
     * a backend server runs the flow there and shows the screen with
     * {@link Client.openAuthorizeDeviceScreen}.
     *
     * Rejects with `HTTPError` status 400 and `oauthError: 'access_denied'` when the player denies,
     * `'expired_token'` when the code expires first (`expires_in` 300 seconds), `Aborted` after
     * {@link Client.abortGetTokenFromDevice} or when `signal` aborts, `ValidationError` while
     * another device sign-in of this client is pending (our choice, as `authorize`), `HTTPError`
     * 400 code 50035 for an unknown or child application; TypeError/RangeError for bad options
     * (nothing sent). The error codes are RFC 8628's (the docs name none).
     * @example
     * const tokens = await client.getTokenFromDevice({ scopes: Client.getDefaultCommunicationScopes() });
     * await client.updateToken(tokens.accessToken);
     * await client.connect();
     */
    getTokenFromDevice(options: DeviceAuthorizationOptions): Promise<TokenSet>;
    /**
     * The device sign-in of a player with a provisional account who links a Discord account
     * (`GetTokenFromDeviceProvisionalMerge`): {@link Client.getTokenFromDevice}'s flow, whose
     * token exchange also merges the provisional account of the external identity into the full
     * account that approved, as {@link Client.getTokenFromProvisionalMerge} does. Rejects as
     * `getTokenFromDevice`, and with `HTTPError` 403 code 50025 for a bad provider token, 400 code
     * 530017 while the identity's account is the restricted one a ban left, 400 code 530014 when
     * it is not provisional. "The callback will be invoked when the token exchange completes, but
     * the process of merging accounts happens asynchronously": call
     * {@link Client.provisionalUserMergeCompleted} after.
     */
    getTokenFromDeviceProvisionalMerge(options: DeviceProvisionalMergeOptions): Promise<TokenSet>;
    /**
     * Ends the pending device sign-in, if any (`AbortGetTokenFromDevice`: "abort/cleanup the
     * device authorization flow"): it rejects with type `Aborted`, its user code stops working and
     * its screen closes.
     */
    abortGetTokenFromDevice(): void;
    /**
     * Shows the device authorization screen with a user code (`OpenAuthorizeDeviceScreen`), for a
     * game whose backend runs the device authorization flow itself ("used in conjunction with a
     * backend server"): the backend's `POST /oauth2/device/authorize` answered the code, and the
     * backend polls for the token. One screen per client: a second call shows the new code.
     * Local. TypeError/RangeError for bad options (nothing shown).
     * @example
     * client.openAuthorizeDeviceScreen({ userCode });   // from the game backend
     * // ... the backend's poll succeeds:
     * client.closeAuthorizeDeviceScreen();
     */
    openAuthorizeDeviceScreen(options: AuthorizeDeviceScreenOptions): void;
    /** Hides the device authorization screen (`CloseAuthorizeDeviceScreen`), if one is shown: `authorizeDeviceScreenClosed` follows. Local. */
    closeAuthorizeDeviceScreen(): void;
  }
}

/** The application a device sign-in is for: `clientId`, or the client's own. */
function clientIdOf(client: Client, clientId: unknown): string {
  if (clientId === undefined) {
    const own = client.applicationId;
    if (own === '0') throw new RangeError('options.clientId is required: the client was created without an applicationId');
    return own;
  }
  const id = toSnowflake(clientId as SnowflakeInput, 'options.clientId');
  if (id === '0') throw new RangeError("options.clientId must be an application id, got '0'");
  return id;
}

/** The flow's options, checked: the application, the scopes and the signal (an aborted one rejects). */
function checkFlow(client: Client, options: DeviceAuthorizationOptions): { clientId: string; scopes: string; signal?: AbortSignal } {
  const checked = checkOptions(options);
  const clientId = clientIdOf(client, checked.clientId);
  const scopes = checkText(checked.scopes, 'options.scopes', 1, 1024);
  if (checked.signal !== undefined && !(checked.signal instanceof AbortSignal)) {
    throw new TypeError(`options.signal must be an AbortSignal, got ${typeName(checked.signal)}`);
  }
  if (checked.signal?.aborted) throw new SocialSdkError('getTokenFromDevice: aborted by its signal', { type: 'Aborted' });
  return { clientId, scopes, signal: checked.signal };
}

/** The flow's promise, its OAuth2 error named, aborted when `signal` aborts. */
function settle(client: Client, result: Promise<Parameters<typeof toTokenSet>[0]>, signal: AbortSignal | undefined): Promise<TokenSet> {
  const named = oauth(result, DEVICE_OAUTH_ERRORS);
  if (signal === undefined) return named.then(toTokenSet);
  const onAbort = (): void => {
    const state = clientState(client);
    if (state && !state.closing) state.native.abortGetTokenFromDevice();
  };
  signal.addEventListener('abort', onAbort, { once: true });
  return named.finally(() => signal.removeEventListener('abort', onAbort)).then(toTokenSet);
}

defineClientMethods({
  getTokenFromDevice(options: DeviceAuthorizationOptions): Promise<TokenSet> {
    let signal: AbortSignal | undefined;
    const result = operation(this, 'getTokenFromDevice', (native) => {
      const flow = checkFlow(this, options);
      signal = flow.signal;
      return (requestId) => native.getTokenFromDevice(requestId, flow.clientId, flow.scopes);
    });
    return settle(this, result, signal);
  },

  getTokenFromDeviceProvisionalMerge(options: DeviceProvisionalMergeOptions): Promise<TokenSet> {
    let signal: AbortSignal | undefined;
    const result = operation(this, 'getTokenFromDeviceProvisionalMerge', (native) => {
      const flow = checkFlow(this, options);
      const checked = checkOptions(options);
      const type = checkOneOf(checked.externalAuthType, Object.keys(ExternalAuthType) as ExternalAuthTypeName[], 'options.externalAuthType');
      const token = checkText(checked.externalAuthToken, 'options.externalAuthToken', 1, 10240);
      signal = flow.signal;
      return (requestId) => native.getTokenFromDeviceProvisionalMerge(requestId, flow.clientId, flow.scopes, ExternalAuthType[type], token);
    });
    return settle(this, result, signal);
  },

  abortGetTokenFromDevice(): void {
    const state = requireClient(this, 'abortGetTokenFromDevice');
    if (!state.closing) state.native.abortGetTokenFromDevice();
  },

  openAuthorizeDeviceScreen(options: AuthorizeDeviceScreenOptions): void {
    const state = requireClient(this, 'openAuthorizeDeviceScreen');
    const checked = checkOptions(options);
    const userCode = checkText(checked.userCode, 'options.userCode', 1, 64);
    const clientId = checked.clientId === undefined ? undefined : clientIdOf(this, checked.clientId);
    if (state.closing) return;
    state.native.openAuthorizeDeviceScreen(clientId ?? clientIdOf(this, undefined), userCode);
  },

  closeAuthorizeDeviceScreen(): void {
    const state = requireClient(this, 'closeAuthorizeDeviceScreen');
    if (!state.closing) state.native.closeAuthorizeDeviceScreen();
  },
});
