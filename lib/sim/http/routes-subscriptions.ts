/**
 * The subscription routes of the simulated service, with a bot token: List SKU Subscriptions
 * (`GET /skus/{sku_id}/subscriptions`, `user_id` required: "Required except for OAuth queries")
 * and Get SKU Subscription; the subscriptions the harness made (../subscriptions.ts), with the
 * platform document's status values (0 ACTIVE, 1 INACTIVE, 2 ENDING).
 *
 * OUR CHOICES: another application's SKU is 404 10027 Unknown SKU, as an unknown one; an unknown
 * subscription is 404 10027 too (the docs list no code of their own for it); each subscription
 * holds one SKU and no entitlements, and renews into the same SKU unless it is ending.
 * @internal
 * @module
 */
import { SubscriptionStatus } from 'discord-api-types/v10';

import { findSku, skuSubscriptions, type SimulatedSubscription } from '../subscriptions.js';
import { invalidForm, notFound } from './errors.js';
import type { Caller, RouteHandlers, ServiceContext } from './routes.js';
import { snowflakeField } from './wire.js';

const UNKNOWN_SKU = 10027;

function ownSku(context: ServiceContext, caller: Caller, id: string | undefined): string {
  const skuId = snowflakeField('sku_id', id);
  if (findSku(context.world, skuId)?.applicationId !== caller.applicationId) throw notFound(UNKNOWN_SKU, 'Unknown SKU');
  return skuId;
}

function subscriptionJson(subscription: SimulatedSubscription): Record<string, unknown> {
  return {
    id: subscription.id,
    user_id: subscription.userId,
    sku_ids: [subscription.skuId],
    entitlement_ids: [],
    renewal_sku_ids: subscription.status === SubscriptionStatus.Active ? [subscription.skuId] : null,
    current_period_start: new Date(subscription.currentPeriodStart).toISOString(),
    current_period_end: new Date(subscription.currentPeriodEnd).toISOString(),
    status: subscription.status,
    canceled_at: subscription.canceledAt === null ? null : new Date(subscription.canceledAt).toISOString(),
  };
}

export const SUBSCRIPTION_HANDLERS = {
  listSkuSubscriptions: {
    handle({ caller, params, query }, context) {
      const skuId = ownSku(context, caller, params['sku_id']);
      const userText = query.get('user_id');
      if (userText === null) throw invalidForm('user_id', 'user_id is required for a bot token', 'BASE_TYPE_REQUIRED');
      const userId = snowflakeField('user_id', userText);
      const limitText = query.get('limit');
      const limit = limitText === null ? 50 : /^\d+$/.test(limitText) ? Number(limitText) : NaN;
      if (!(limit >= 1 && limit <= 100)) throw invalidForm('limit', 'limit must be an integer from 1 to 100');
      const before = query.get('before') === null ? undefined : BigInt(snowflakeField('before', query.get('before')));
      const after = query.get('after') === null ? undefined : BigInt(snowflakeField('after', query.get('after')));
      const listed = skuSubscriptions(context.world, skuId).filter((subscription) => {
        const id = BigInt(subscription.id);
        return subscription.userId === userId && (before === undefined || id < before) && (after === undefined || id > after);
      });
      return { status: 200, body: listed.slice(0, limit).map(subscriptionJson) };
    },
  },
  getSkuSubscription: {
    handle({ caller, params }, context) {
      const skuId = ownSku(context, caller, params['sku_id']);
      const id = snowflakeField('subscription_id', params['subscription_id']);
      const found = skuSubscriptions(context.world, skuId).find((subscription) => subscription.id === id);
      if (!found) throw notFound(UNKNOWN_SKU, 'Unknown Subscription');
      return { status: 200, body: subscriptionJson(found) };
    },
  },
} satisfies RouteHandlers;
