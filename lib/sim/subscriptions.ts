/**
 * An application's subscription SKUs and its users' subscriptions to them, as the simulated
 * service's List / Get SKU Subscriptions routes show them (lib/sim/http/routes-subscriptions.ts);
 * the harness makes them and moves them between statuses. Kept per world on the JS side.
 *
 * The statuses (platform document, Resources: Subscription object, "1 INACTIVE, 2 ENDING ... The
 * API has always returned these values"; public docs change-log.mdx: the values "were previously
 * swapped in the documentation"; discord-api-types' SubscriptionStatus): 0 ACTIVE, 1 INACTIVE, 2
 * ENDING. The document shows no transitions ("Transitions: not shown"), so the harness may set any
 * status. OUR CHOICES: a subscription becoming ENDING is stamped `canceled_at` (the docs: ENDING is
 * "active but will not renew"), and leaving ENDING for ACTIVE clears it; a period lasts 30 days
 * unless given.
 * @module
 */
import { SubscriptionStatus } from 'discord-api-types/v10';

import type { NativeWorld } from '../addon/native.js';
import { nativeWorldOf } from '../addon/native-worlds.js';
import { checkInteger, checkText } from '../common/validate.js';
import type { Snowflake, SnowflakeInput } from '../model/ids.js';
import type { User } from '../model/user.js';
import type { Application } from './applications.js';
import { checkRequiredOptions, idOf, knownApplication, knownUser } from './harness-input.js';
import { mintSnowflake } from './snowflake-minter.js';
import { worldSide } from './world-side.js';

export { SubscriptionStatus };

/** A subscription SKU of an application. */
export interface SimulatedSku {
  id: Snowflake;
  applicationId: Snowflake;
  name: string;
}

/** A user's subscription as the service keeps it. */
export interface SimulatedSubscription {
  id: Snowflake;
  userId: Snowflake;
  skuId: Snowflake;
  status: SubscriptionStatus;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  canceledAt: number | null;
}

/** Options of {@link SimulatorSubscriptionMethods.createSubscription}. */
export interface CreateSubscriptionOptions {
  /** Default ACTIVE (0). */
  status?: SubscriptionStatus;
  /** The current period's length on the simulator's clock, from now; default 30 days. */
  periodMs?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_PERIOD_MS = 30 * DAY_MS;
/** A SKU's name: 1 to 100 characters (our choice; the docs give none). */
const SKU_NAME_LENGTH = 100;

interface WorldSubscriptions {
  skus: Map<string, SimulatedSku>;
  subscriptions: Map<string, SimulatedSubscription>;
}

const byWorld = new WeakMap<NativeWorld, WorldSubscriptions>();

function storeOf(world: NativeWorld): WorldSubscriptions {
  let store = byWorld.get(world);
  if (!store) byWorld.set(world, (store = { skus: new Map(), subscriptions: new Map() }));
  return store;
}

/** A SKU of the world, or undefined. */
export function findSku(world: NativeWorld, skuId: string): SimulatedSku | undefined {
  return storeOf(world).skus.get(skuId);
}

/** The SKU's subscriptions, oldest first. */
export function skuSubscriptions(world: NativeWorld, skuId: string): SimulatedSubscription[] {
  return [...storeOf(world).subscriptions.values()].filter((subscription) => subscription.skuId === skuId);
}

function checkStatus(value: unknown): SubscriptionStatus {
  return checkInteger(value, 'status', 0, 2) as SubscriptionStatus;
}

/** A subscription moved to `status` (ENDING stamps when it was canceled; ACTIVE clears it). */
function moved(subscription: SimulatedSubscription, status: SubscriptionStatus, now: number): void {
  if (status === SubscriptionStatus.Ending && subscription.status !== SubscriptionStatus.Ending) subscription.canceledAt = now;
  if (status === SubscriptionStatus.Active) subscription.canceledAt = null;
  subscription.status = status;
}

/** The Simulator's methods for subscription SKUs and subscriptions. */
export interface SimulatorSubscriptionMethods {
  /**
   * Makes a subscription SKU of an application; returns it.
   * @throws RangeError for an unknown application or a name of 0 or more than 100 characters.
   */
  createSku(application: Application | SnowflakeInput, options: { name: string }): SimulatedSku;

  /**
   * Subscribes a user to a SKU; returns the subscription (a copy).
   * @throws RangeError for an unknown user or SKU, a status other than 0, 1 or 2, or a period out of range.
   */
  createSubscription(user: User | SnowflakeInput, sku: SimulatedSku | SnowflakeInput, options?: CreateSubscriptionOptions): SimulatedSubscription;

  /**
   * Moves a subscription to a status (0 ACTIVE, 1 INACTIVE, 2 ENDING: the document's values); any
   * status may follow any other (the document shows no transitions). Returns it (a copy).
   * @throws RangeError for an unknown subscription or a status out of range.
   */
  setSubscriptionStatus(subscription: SimulatedSubscription | SnowflakeInput, status: SubscriptionStatus): SimulatedSubscription;
}

/** The harness's changes, made where the world's JS side lives (./world-side.ts); each returns a copy. */
const apply = {
  createSku: worldSide('createSku', (world: NativeWorld, applicationId: string, name: string): SimulatedSku => {
    const sku: SimulatedSku = { id: mintSnowflake(world), applicationId, name };
    storeOf(world).skus.set(sku.id, sku);
    return { ...sku };
  }),
  createSubscription: worldSide('createSubscription', (world: NativeWorld, userId: string, skuId: string, status: SubscriptionStatus, periodMs: number): SimulatedSubscription => {
    if (!findSku(world, skuId)) throw new RangeError(`no SKU with id ${skuId}`);
    const now = world.now();
    const subscription: SimulatedSubscription = { id: mintSnowflake(world), userId, skuId, status: SubscriptionStatus.Active, currentPeriodStart: now, currentPeriodEnd: now + periodMs, canceledAt: null };
    moved(subscription, status, now);
    storeOf(world).subscriptions.set(subscription.id, subscription);
    return { ...subscription };
  }),
  setStatus: worldSide('setSubscriptionStatus', (world: NativeWorld, id: string, status: SubscriptionStatus): SimulatedSubscription => {
    const kept = storeOf(world).subscriptions.get(id);
    if (!kept) throw new RangeError(`no subscription with id ${id}`);
    moved(kept, status, world.now());
    return { ...kept };
  }),
};

/** @internal Their implementations, installed on Simulator.prototype. */
export const subscriptionMethods = {
  createSku(this: object, application: Application | SnowflakeInput, options: { name: string }): SimulatedSku {
    const world = nativeWorldOf(this);
    const applicationId = knownApplication(world, application);
    return apply.createSku(world, applicationId, checkText(checkRequiredOptions(options).name, 'name', 1, SKU_NAME_LENGTH));
  },

  createSubscription(this: object, user: User | SnowflakeInput, sku: SimulatedSku | SnowflakeInput, options: CreateSubscriptionOptions = {}): SimulatedSubscription {
    const world = nativeWorldOf(this);
    const userId = knownUser(world, user);
    const skuId = idOf(sku, 'sku');
    const given = checkRequiredOptions(options);
    const status = given.status === undefined ? SubscriptionStatus.Active : checkStatus(given.status);
    const periodMs = given.periodMs === undefined ? DEFAULT_PERIOD_MS : checkInteger(given.periodMs, 'periodMs', 1, 366 * DAY_MS);
    return apply.createSubscription(world, userId, skuId, status, periodMs);
  },

  setSubscriptionStatus(this: object, subscription: SimulatedSubscription | SnowflakeInput, status: SubscriptionStatus): SimulatedSubscription {
    const world = nativeWorldOf(this);
    return apply.setStatus(world, idOf(subscription, 'subscription'), checkStatus(status));
  },
};
