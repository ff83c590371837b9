/**
 * The simulator's Activities methods (docs/rpc-and-activities.md): the social SDK terms setting,
 * and hosting an Activity in a simulated chat client's parent frame.
 * @module
 */
import { nativeWorldOf } from '../../addon/native-worlds.js';
import type { NativeWorld } from '../../addon/native.js';
import { checkBoolean, checkInteger, checkText } from '../../common/validate.js';
import type { Snowflake, SnowflakeInput } from '../../model/ids.js';
import type { Application } from '../applications.js';
import { checkRequiredOptions, idOf } from '../harness-input.js';
import { startActivityHost, type ActivityHost, type HostActivityOptions } from './host.js';
import { setTermsAccepted, termsAccepted } from './terms.js';

/** The Activities methods of the simulator. */
export interface SimulatorActivityMethods {
  /**
   * The application accepts (or withdraws from) the social SDK terms in its settings. Once
   * accepted, its Activities may ask for the `relationships.read` scope (no review: platform
   * document, "Authentication" rule 2), and `discordSdk.commands.getRelationships()` answers the
   * player's relationships; by default (not accepted) the scope is refused.
   * @throws RangeError for an unknown application; TypeError when `accepted` is not a boolean.
   */
  setSocialSdkTermsAccepted(application: Application | SnowflakeInput, accepted: boolean): void;
  /** Whether the application accepted the social SDK terms. @throws RangeError for an unknown application. */
  socialSdkTermsAccepted(application: Application | SnowflakeInput): boolean;
  /**
   * Runs an Activity in `user`'s simulated chat client: serves, on loopback, a parent frame that
   * hosts the activity (`activityUrl`, proxied under `/activity/`) in an iframe and answers the
   * embedded app SDK (`@discord/embedded-app-sdk`): READY, AUTHORIZE, AUTHENTICATE,
   * GET_RELATIONSHIPS, CAPTURE_LOG. Open `host.url` in a browser. Close it with `host.close()`.
   * @throws TypeError or RangeError (rejects) for bad options, an unknown user or application.
   */
  hostActivity(options: HostActivityOptions): Promise<ActivityHost>;
}

function knownApplication(world: NativeWorld, application: { id: SnowflakeInput } | SnowflakeInput): Snowflake {
  const id = idOf(application, 'application');
  if (world.getApplication(id) === null) throw new RangeError(`unknown application ${id}`);
  return id;
}

/** @internal Installed on Simulator.prototype. */
export const activityMethods: SimulatorActivityMethods = {
  setSocialSdkTermsAccepted(this: object, application: Application | SnowflakeInput, accepted: boolean): void {
    const world = nativeWorldOf(this);
    setTermsAccepted(world, knownApplication(world, application), checkBoolean(accepted, 'accepted'));
  },
  socialSdkTermsAccepted(this: object, application: Application | SnowflakeInput): boolean {
    const world = nativeWorldOf(this);
    return termsAccepted(world, knownApplication(world, application));
  },
  async hostActivity(this: object, options: HostActivityOptions): Promise<ActivityHost> {
    const world = nativeWorldOf(this);
    checkRequiredOptions(options);
    const userId = idOf(options.user, 'user');
    if (world.getUser(userId) === null) throw new RangeError(`unknown user ${userId}`);
    const fallback = (this as { defaultApplication?: { id: Snowflake } }).defaultApplication;
    const application = options.application ?? fallback;
    if (application === undefined) throw new TypeError('application is required when the simulator has no default application');
    const applicationId = knownApplication(world, application);
    const activityUrl = checkText(options.activityUrl, 'activityUrl', 1, 2048);
    if (!/^https?:\/\//.test(activityUrl) || !URL.canParse(activityUrl)) throw new RangeError('activityUrl must be an http or https URL');
    const port = options.port === undefined ? 0 : checkInteger(options.port, 'port', 0, 65535);
    return startActivityHost(world, applicationId, userId, activityUrl, port);
  },
};
