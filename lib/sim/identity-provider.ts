/**
 * The identity provider of an application in the simulator (`sim.identityProvider(app)`): it
 * plays the game's OIDC issuer, Steam, Epic and so on, and issues the external tokens that
 * `client.getProvisionalToken()` (and a game server's `POST /partner-sdk/token`) exchanges for a
 * provisional account's access token. It also holds the application's OIDC issuer configuration
 * (spec "Authentication" rule 7).
 * @module
 */
import type { ExternalAuthTypeName } from '../features/auth.js';
import { ExternalAuthType } from '../generated/seam.js';
import { toSnowflake, type Snowflake } from '../model/ids.js';
import type { NativeOidcConfiguration, NativeWorld } from '../addon/native.js';
import { checkBoolean, checkMs, checkOneOf, checkOptions, checkText, typeName } from '../common/validate.js';

/** Options of {@link SimulatedIdentityProvider.issueToken}. */
export interface IssueExternalTokenOptions {
  /** The provider's id of the player (e.g. the OIDC `sub`). 1-1024 characters. */
  subject: string;
  /** The kind of token. Default `'OIDC'`. */
  type?: ExternalAuthTypeName;
  /** How long it is valid on the simulator's clock. Default one hour. */
  expiresInMs?: number;
  /**
   * OIDC only: the issuer (`iss`) the ID token names. Default: the application's configured
   * issuer. Another one models a token of a foreign issuer (refused with 530002).
   */
  issuer?: string;
}

/**
 * The OpenID Connect discovery document an issuer serves at
 * `{issuer}/.well-known/openid-configuration`, with its JSON field names. A field left out is
 * missing from the document.
 */
export interface OidcDiscoveryDocument {
  issuer?: string;
  jwks_uri?: string;
  id_token_signing_alg_values_supported?: string[];
}

/** An application's OIDC issuer configuration, as {@link SimulatedIdentityProvider.configureOidc} sets it. */
export interface OidcConfigurationInput {
  /** The issuer URL, as entered in the developer portal. */
  issuer: string;
  /**
   * What discovery answers. Default: a valid document for the issuer (the same issuer,
   * `jwks_uri` `{issuer}/jwks.json`, RS256). An issuer on a public https host cannot be served
   * from loopback, so the simulator takes the answer from here instead of fetching it.
   */
  discovery?: OidcDiscoveryDocument;
  /** The issuer answers the discovery request with an HTTP redirect (refused: redirects are not followed). Default false. */
  discoveryRedirects?: boolean;
  /**
   * The configuration was saved before the stricter issuer rules: it keeps working unchecked
   * until it is edited. Only an application's first configuration can be grandfathered.
   */
  grandfathered?: boolean;
}

/** An application's OIDC issuer configuration, as {@link SimulatedIdentityProvider.oidcConfiguration} reads it. */
export interface OidcConfiguration {
  issuer: string;
  discovery: Required<OidcDiscoveryDocument>;
  discoveryRedirects: boolean;
  grandfathered: boolean;
}

/** Longest URL the configuration takes, and most signing algorithms a document may list. */
const MAX_URL = 2048;
const MAX_ALGS = 64;

function checkDiscovery(value: unknown, issuer: string): NativeOidcConfiguration['discovery'] {
  if (value === undefined) return { issuer, jwksUri: `${issuer}/jwks.json`, signingAlgs: ['RS256'] };
  const document = checkOptions(value as OidcDiscoveryDocument, 'config.discovery');
  const text = (field: unknown, name: string) => (field === undefined ? '' : checkText(field, name, 0, MAX_URL));
  const algs = document.id_token_signing_alg_values_supported;
  if (algs !== undefined && !Array.isArray(algs)) {
    throw new TypeError(`config.discovery.id_token_signing_alg_values_supported must be an array of strings, got ${typeName(algs)}`);
  }
  if (algs !== undefined && algs.length > MAX_ALGS) throw new RangeError(`config.discovery.id_token_signing_alg_values_supported must list at most ${MAX_ALGS} algorithms`);
  return {
    issuer: text(document.issuer, 'config.discovery.issuer'),
    jwksUri: text(document.jwks_uri, 'config.discovery.jwks_uri'),
    signingAlgs: (algs ?? []).map((alg, i) => checkText(alg, `config.discovery.id_token_signing_alg_values_supported[${i}]`, 1, 64)),
  };
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
    if (typeof world !== 'object' || world === null || typeof (world as Partial<NativeWorld>).issueExternalToken !== 'function') {
      throw new TypeError('a SimulatedIdentityProvider is made by sim.identityProvider(application), not constructed directly');
    }
    this.#world = world;
    this.applicationId = toSnowflake(applicationId, 'applicationId');
  }

  /** The TypeError of a method called on something that is not a SimulatedIdentityProvider (a detached method). */
  static #check(self: unknown, method: string): void {
    if (typeof self !== 'object' || self === null || !(#world in self)) {
      throw new TypeError(`SimulatedIdentityProvider.prototype.${method} was called on an object that is not a SimulatedIdentityProvider`);
    }
  }

  /**
   * Issues a token for the player `subject` (a secret, as the game would get it from the provider
   * after the player signed in there).
   * @throws TypeError or RangeError for bad options; RangeError for an unknown application.
   */
  issueToken(options: IssueExternalTokenOptions): string {
    SimulatedIdentityProvider.#check(this, 'issueToken');
    const checked = checkOptions(options);
    const subject = checkText(checked.subject, 'options.subject', 1, 1024);
    const type = checkOneOf(checked.type ?? 'OIDC', Object.keys(ExternalAuthType) as ExternalAuthTypeName[], 'options.type');
    const ttl = checkMs(checked.expiresInMs ?? DEFAULT_EXTERNAL_TOKEN_MS, 'options.expiresInMs');
    if (checked.issuer === undefined) return this.#world.issueExternalToken(this.applicationId, ExternalAuthType[type], subject, ttl);
    const issuer = checkText(checked.issuer, 'options.issuer', 1, MAX_URL);
    if (type !== 'OIDC') throw new RangeError('options.issuer applies to OIDC tokens only');
    return this.#world.issueExternalToken(this.applicationId, ExternalAuthType[type], subject, ttl, issuer);
  }

  /**
   * Sets the application's OIDC issuer configuration, as an edit in the developer portal does, or
   * removes it with null (OIDC exchanges then fail with 530008). Every application starts with a
   * valid one of its simulated provider (`https://login.example.com/apps/<id>`). An edit must
   * follow the issuer rules (spec "Authentication" rule 7; server API reference §4.5): an https
   * URL without query, fragment or credentials, on a public multi-label hostname (no IP address,
   * nothing under .local, .arpa, .internal or .localhost); discovery answered without a redirect,
   * with a document naming the same issuer, an https `jwks_uri` and at least one of RS256, RS384,
   * RS512, ES256, ES384, ES512. ID tokens issued afterwards name the new issuer.
   * @throws RangeError naming the broken rule, with nothing changed; TypeError for a malformed
   * argument.
   * @example
   * provider.configureOidc({ issuer: 'https://accounts.mygame.com' });
   * provider.configureOidc({ issuer: 'https://10.0.0.5' }); // RangeError: the issuer must name a host, not an IP address
   */
  configureOidc(config: OidcConfigurationInput | null): void {
    SimulatedIdentityProvider.#check(this, 'configureOidc');
    if (config === null) return this.#world.configureOidc(this.applicationId, null);
    const given = checkOptions(config, 'config');
    const issuer = checkText(given.issuer, 'config.issuer', 1, MAX_URL);
    this.#world.configureOidc(this.applicationId, {
      issuer,
      discovery: checkDiscovery(given.discovery, issuer),
      discoveryRedirects: given.discoveryRedirects === undefined ? false : checkBoolean(given.discoveryRedirects, 'config.discoveryRedirects'),
      grandfathered: given.grandfathered === undefined ? false : checkBoolean(given.grandfathered, 'config.grandfathered'),
    });
  }

  /** The application's OIDC issuer configuration, or null when it has none. */
  oidcConfiguration(): OidcConfiguration | null {
    SimulatedIdentityProvider.#check(this, 'oidcConfiguration');
    const config = this.#world.getOidcConfiguration(this.applicationId);
    if (config === null) return null;
    const { issuer, jwksUri, signingAlgs } = config.discovery;
    return {
      issuer: config.issuer,
      discovery: { issuer, jwks_uri: jwksUri, id_token_signing_alg_values_supported: signingAlgs },
      discoveryRedirects: config.discoveryRedirects,
      grandfathered: config.grandfathered,
    };
  }
}
