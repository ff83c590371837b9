/**
 * The harness's handle on device sign-in (consoles, TVs): the device authorization requests
 * waiting for the player, and the device authorization screens the games show. The player
 * answers a request in their web browser ({@link SimulatedBrowser.approveDevice}): they approve
 * on another device than the game's.
 * @module
 */
import type { Snowflake } from '../model/ids.js';
import type { NativeWorld } from '../addon/native.js';
import { checkText } from '../common/validate.js';

/** A device authorization request waiting for the player (`POST /oauth2/device/authorize`). Its device code, a secret, is not shown. */
export interface DeviceAuthorizationRequest {
  /** What the game's screen shows and the player enters at the verification page (`XXXX-XXXX`, RFC 8628 §6.1). */
  readonly userCode: string;
  readonly applicationId: Snowflake;
  readonly scopes: string;
  /** `https://discord.com/activate` (the docs' `verification_uri`). */
  readonly verificationUri: string;
  /** The same page with the code (`verification_uri_complete`, what a QR code carries). */
  readonly verificationUriComplete: string;
  /** When the request expires, on the simulator's clock (ms since the Unix epoch): 300 seconds after it was made. */
  readonly expiresAt: number;
  /** Seconds between the game's polls (5; RFC 8628's `slow_down` adds 5). */
  readonly interval: number;
  /** How many times the game polled the token endpoint for it. */
  readonly polls: number;
}

/** A device authorization screen a game shows (`getTokenFromDevice`, `openAuthorizeDeviceScreen`). */
export interface DeviceScreen {
  readonly applicationId: Snowflake;
  readonly userCode: string;
  /** The game window it shows over (`setGameWindowPid`; default: the game's process). */
  readonly windowPid: number;
}

/**
 * Device sign-in as the harness sees it.
 * @example
 * const pending = client.getTokenFromDevice({ scopes: Client.getDefaultCommunicationScopes() });
 * await sim.settle();
 * const [screen] = sim.deviceSignIn().screens;       // the console shows screen.userCode
 * sim.machine(alice).browser.approveDevice(screen.userCode);
 * sim.advance(5_000);                                // the next poll
 * const tokens = await pending;
 */
export class SimulatedDeviceSignIn {
  readonly #world: NativeWorld;

  /** @internal Use {@link Simulator.deviceSignIn}. */
  constructor(world: NativeWorld) {
    this.#world = world;
  }

  /** The requests waiting for the player, oldest first (answered, expired and aborted ones are gone). */
  get requests(): DeviceAuthorizationRequest[] {
    return this.#world.getDeviceAuthorizations().map((request) => Object.freeze({ ...request }));
  }

  /** The device authorization screens the games show, oldest first. */
  get screens(): DeviceScreen[] {
    return this.#world.getDeviceScreens().map((screen) => Object.freeze({ ...screen }));
  }

  /**
   * The player closes the oldest screen showing `userCode`: its game gets
   * `authorizeDeviceScreenClosed`. A `getTokenFromDevice()` still pending goes on polling.
   * @throws TypeError or RangeError for a malformed code; RangeError when no screen shows it.
   */
  dismissScreen(userCode: string): void {
    this.#world.dismissDeviceScreen(checkText(userCode, 'userCode', 1, 64));
  }
}
