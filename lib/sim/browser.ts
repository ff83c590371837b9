/**
 * The harness's handle on the web browser of a simulated user's machine: the sign-in pages the
 * SDK opens when no chat client can ask the user (discordpp.h `Client::Authorize`: "the SDK will
 * fall back to using a browser window"), the page a chat client's account-linking prompt opens
 * (the application's Connection Entrypoint URL, spec "Authentication" rule 9), and the pages a
 * game's web site sends the player to. The harness plays the user: it reads the pages and answers
 * the service's authorize page as the user would.
 * @module
 */
import { toSnowflake, type Snowflake } from '../model/ids.js';
import type { NativeWorld } from '../addon/native.js';
import { checkText, describe } from '../common/validate.js';

/** The service's OAuth2 authorize page (discord-api-docs, topics/oauth2: Authorization URL). */
export const AUTHORIZE_URL = 'https://discord.com/oauth2/authorize';
/** The same page under the API base, which the docs also use. */
const API_AUTHORIZE_URL = 'https://discord.com/api/oauth2/authorize';

/**
 * A simulated user's web browser. The SDK's sign-in fallback is not tied to a machine (a game
 * not signed in does not say whose machine it runs on): like the chat client's consent prompts,
 * its authorize page shows in every user's browser, and the user who answers it signs in. Pages
 * a chat client or {@link SimulatedBrowser.open} opens show in this user's browser only.
 * @example
 * sim.chatClient(alice).stop();            // no chat client: authorize() opens the browser
 * const pending = client.authorize({ scopes, codeChallenge });
 * await sim.settle();
 * const browser = sim.machine(alice).browser;
 * browser.pages;                           // ['https://discord.com/oauth2/authorize?response_type=code&...']
 * browser.approveAuthorization();          // the redirect to http://127.0.0.1/callback?code=...&state=...
 * const { code, redirectUri } = await pending;
 */
export class SimulatedBrowser {
  readonly #world: NativeWorld;
  /** The user whose machine it runs on. */
  readonly userId: Snowflake;

  /** @internal Use {@link SimulatedMachine.browser}. */
  constructor(world: NativeWorld, userId: Snowflake) {
    this.#world = world;
    this.userId = userId;
  }

  /**
   * The URLs of the pages the browser shows, oldest first. An authorize page shows until the user
   * answers it: `client.abortAuthorize()` does not close it (discordpp.h `AbortAuthorize`: "this
   * *will not* close authorization windows presented to the user"), but its redirect then reaches
   * no one.
   */
  get pages(): string[] {
    return this.#world.getBrowserPages(this.userId).map((page) => (page.authorize ? authorizeUrl(page.authorize) : page.url));
  }

  /**
   * The browser goes to `url`, as when a game's web page sends the player on. The service's
   * authorize page (`https://discord.com/oauth2/authorize` or `.../api/oauth2/authorize`) takes
   * `response_type=code`, `client_id`, `scope`, `redirect_uri` (any http(s) or custom-scheme URL:
   * the simulator keeps no list of registered redirects, our choice), and optional `state` and
   * `code_challenge` (with `code_challenge_method=S256`); the user answers it with
   * {@link SimulatedBrowser.approveAuthorization}. Any other http(s) page is only shown.
   * @throws TypeError or RangeError for a malformed URL or authorize parameter, an unknown or
   * child application; nothing is opened then.
   */
  open(url: string): void {
    const page = checkPageUrl(url, 'url');
    const base = `${page.origin}${page.pathname}`;
    if (base !== AUTHORIZE_URL && base !== API_AUTHORIZE_URL) return this.#world.openBrowserPage(this.userId, page.href);
    const params = page.searchParams;
    const param = (name: string, min: number): string => checkText(params.get(name) ?? '', name, min, 2048);
    if (params.get('response_type') !== 'code') throw new RangeError("response_type must be 'code' (the authorization code grant)");
    const applicationId = toSnowflake(params.get('client_id') ?? '', 'client_id');
    const scopes = param('scope', 1);
    const redirectUri = checkRedirectUri(params.get('redirect_uri'));
    const state = param('state', 0);
    const codeChallenge = param('code_challenge', 0);
    if (codeChallenge !== '' && params.get('code_challenge_method') !== 'S256') {
      throw new RangeError("code_challenge_method must be 'S256' with a code_challenge");
    }
    this.#world.openAuthorizePage(this.userId, applicationId, scopes, state, codeChallenge, redirectUri);
  }

  /**
   * The user signs in on the oldest authorize page and approves it. The service issues an
   * authorization code (single use, 10 minutes, bound to the page's redirect URI and PKCE
   * challenge) and the browser follows the redirect: returns that URL (`redirect_uri?code=...&state=...`).
   * When it is the SDK's (`http://127.0.0.1/callback`, discordpp.h `Authorize`: "The SDK will then
   * spin up a local webserver to handle the OAuth2 redirects"), the game's `authorize()` resolves
   * with the code and that redirect URI. The URL holds the code: keep it out of logs.
   * @throws RangeError when the browser shows no authorize page.
   */
  approveAuthorization(): string {
    return redirectUrl(this.#world.answerAuthorizePage(this.userId, true));
  }

  /**
   * The user cancels the oldest authorize page: the browser goes to
   * `redirect_uri?error=access_denied&state=...` (RFC 6749 §4.1.2.1), returned; a waiting
   * `authorize()` rejects with type `AuthorizationFailed`.
   * @throws RangeError when the browser shows no authorize page.
   */
  denyAuthorization(): string {
    return redirectUrl(this.#world.answerAuthorizePage(this.userId, false));
  }

  /**
   * The user opens the verification page (`https://discord.com/activate`, discord-api-docs
   * "Account Linking on Consoles": "the user scans a QR code or enters a user code"), enters the
   * code a console's device authorization screen shows, and approves: the console's
   * `getTokenFromDevice()` resolves at its next poll, signed in as this user. Case and the dash
   * do not count (RFC 8628 §6.1). The player approves on another device than the game's, so this
   * is the user's browser, not their chat client.
   * @throws TypeError or RangeError for a malformed code; RangeError when no pending request shows
   * the code (unknown, answered, expired or aborted), or when the user is a provisional account.
   */
  approveDevice(userCode: string): void {
    this.#world.answerDeviceAuthorization(checkText(userCode, 'userCode', 1, 64), this.userId, true);
  }

  /**
   * The user denies the request showing `userCode` at the verification page: the console's
   * `getTokenFromDevice()` rejects at its next poll with `oauthError: 'access_denied'`.
   * @throws as {@link SimulatedBrowser.approveDevice}.
   */
  denyDevice(userCode: string): void {
    this.#world.answerDeviceAuthorization(checkText(userCode, 'userCode', 1, 64), this.userId, false);
  }
}

/** The fields of an authorize page, as the world keeps them. */
interface AuthorizeFields {
  applicationId: string;
  scopes: string;
  state: string;
  codeChallenge: string;
  redirectUri: string;
  /** The IntegrationType value the SDK's AuthorizationArgs carried; -1: none. */
  integrationType: number;
}

function authorizeUrl(fields: AuthorizeFields): string {
  const url = new URL(AUTHORIZE_URL);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', fields.applicationId);
  url.searchParams.set('scope', fields.scopes);
  url.searchParams.set('redirect_uri', fields.redirectUri);
  if (fields.state !== '') url.searchParams.set('state', fields.state);
  // topics/oauth2: "integration_type?": 0 GUILD_INSTALL, 1 USER_INSTALL (AuthorizationArgs::IntegrationType).
  if (fields.integrationType >= 0) url.searchParams.set('integration_type', String(fields.integrationType));
  if (fields.codeChallenge !== '') {
    url.searchParams.set('code_challenge', fields.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.href;
}

function redirectUrl(redirect: { redirectUri: string; code: string; state: string; error: string }): string {
  const url = new URL(redirect.redirectUri);
  if (redirect.error !== '') url.searchParams.set('error', redirect.error);
  else url.searchParams.set('code', redirect.code);
  if (redirect.state !== '') url.searchParams.set('state', redirect.state);
  return url.href;
}

/** An absolute http(s) URL of at most 2,048 characters (a page to open). */
export function checkPageUrl(value: unknown, name: string): URL {
  const text = checkText(value, name, 1, 2048);
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new RangeError(`${name} must be an absolute http(s) URL, got ${describe(text)}`);
  }
  return url;
}

/** A redirect URI: an absolute URL, http(s) or a custom scheme (`discord-APP_ID:/authorize/callback`). */
function checkRedirectUri(value: string | null): string {
  const text = checkText(value ?? '', 'redirect_uri', 1, 2048);
  if (!URL.canParse(text)) throw new RangeError(`redirect_uri must be an absolute URL, got ${describe(text)}`);
  return text;
}
