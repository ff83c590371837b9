/**
 * The harness's applications (games): their shape, the options of {@link Simulator.createApplication}
 * and their checks.
 * @module
 */
import { limits } from '../common/limits.js';
import { checkBoolean, checkText } from '../common/validate.js';
import type { Snowflake, SnowflakeInput } from '../model/ids.js';
import { checkPageUrl } from './browser.js';
import { checkImage, checkRequiredOptions, idOf } from './harness-input.js';

/** A simulated application (game). */
export interface Application {
  id: Snowflake;
  name: string;
  /**
   * The application's bot user: whom its bot token acts as on the simulated HTTP service (give
   * it guild permissions with {@link Simulator.addGuildMember}; it signs the audit log entries).
   */
  botUserId: Snowflake;
  /**
   * The publisher application this game belongs to (publisher-level linking: its users sign in
   * through the publisher, whose tokens {@link Client.exchangeChildToken} exchanges); null for none.
   */
  parentId: Snowflake | null;
  /** Approved for publisher-level linking: its users' tokens can be exchanged for its children's. */
  publisherLinking: boolean;
}

/** Options of {@link Simulator.createApplication}. */
export interface CreateApplicationOptions {
  name: string;
  /**
   * The invite cover image uploaded in the developer portal (asset key or URL): what others see
   * on the application's activities and invites when the game sets no `assets.inviteCoverImage`.
   */
  inviteCoverImage?: string;
  /**
   * The publisher application this game belongs to (a child application: OAuth2 and provisional
   * accounts are refused for it; its users get tokens by {@link Client.exchangeChildToken}). The
   * parent must not be a child itself.
   */
  parent?: Application | SnowflakeInput;
  /** The application is a publisher approved for publisher-level linking. Default false. */
  publisherLinking?: boolean;
  /** The Connection Entrypoint URL (developer portal): what a chat client's account-linking prompt opens when no game takes it. */
  connectionEntrypointUrl?: string;
}

/** @internal The options of {@link Simulator.createApplication}, checked in the order the harness always checked them. */
export function checkApplicationOptions(options: CreateApplicationOptions): {
  name: string;
  inviteCoverImage: string | undefined;
  parentId: Snowflake | undefined;
  publisherLinking: boolean;
  connectionEntrypointUrl: string | undefined;
} {
  const { name, inviteCoverImage, parent, publisherLinking, connectionEntrypointUrl } = checkRequiredOptions(options);
  const entrypoint = connectionEntrypointUrl === undefined ? undefined : checkPageUrl(connectionEntrypointUrl, 'connectionEntrypointUrl').href;
  return {
    name: checkText(name, 'name', 1, limits.applicationNameLength),
    inviteCoverImage: inviteCoverImage === undefined ? undefined : checkImage(inviteCoverImage),
    parentId: parent === undefined ? undefined : idOf(parent, 'parent'),
    publisherLinking: publisherLinking === undefined ? false : checkBoolean(publisherLinking, 'publisherLinking'),
    connectionEntrypointUrl: entrypoint,
  };
}
