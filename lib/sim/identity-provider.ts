/**
 * The identity provider of an application in the simulator (`sim.identityProvider(app)`): it
 * plays the game's OIDC issuer, Steam, Epic and so on, and issues the external tokens that
 * `client.getProvisionalToken()` exchanges for a provisional account's access token.
 * @module
 */
import type { ExternalAuthTypeName } from '../features/auth.js';
import { ExternalAuthType } from '../generated/seam.js';
import type { Snowflake } from '../ids.js';
import type { NativeWorld } from '../native.js';
import { checkMs, checkOneOf, checkOptions, checkText } from '../validate.js';

/** Options of {@link SimulatedIdentityProvider.issueToken}. */
export interface IssueExternalTokenOptions {
  /** The provider's id of the player (e.g. the OIDC `sub`). 1-1024 characters. */
  subject: string;
  /** The kind of token. Default `'OIDC'`. */
  type?: ExternalAuthTypeName;
  /** How long it is valid on the simulator's clock. Default one hour. */
  expiresInMs?: number;
}

/** Provider tokens last an hour unless the harness says otherwise (an OIDC ID token's usual life). */
const DEFAULT_EXTERNAL_TOKEN_MS = 60 * 60 * 1000;

/**
 * An application's external identity provider. One identity (type and subject) is one provisional
 * account of the application, created the first time a token of it is exchanged.
 * @example
 * const idToken = sim.identityProvider(game).issueToken({ subject: 'player-42' });
 * const tokens = await client.getProvisionalToken({ applicationId: game.id, externalAuthType: 'OIDC', externalAuthToken: idToken });
 */
export class SimulatedIdentityProvider {
  readonly #world: NativeWorld;
  /** The application whose provider it is. */
  readonly applicationId: Snowflake;

  /** @internal Use {@link Simulator.identityProvider}. */
  constructor(world: NativeWorld, applicationId: Snowflake) {
    this.#world = world;
    this.applicationId = applicationId;
  }

  /**
   * Issues a token for the player `subject` (a secret, as the game would get it from the provider
   * after the player signed in there).
   * @throws TypeError or RangeError for bad options; RangeError for an unknown application.
   */
  issueToken(options: IssueExternalTokenOptions): string {
    const checked = checkOptions(options);
    const subject = checkText(checked.subject, 'options.subject', 1, 1024);
    const type = checkOneOf(checked.type ?? 'OIDC', Object.keys(ExternalAuthType) as ExternalAuthTypeName[], 'options.type');
    const ttl = checkMs(checked.expiresInMs ?? DEFAULT_EXTERNAL_TOKEN_MS, 'options.expiresInMs');
    return this.#world.issueExternalToken(this.applicationId, ExternalAuthType[type], subject, ttl);
  }
}
