/**
 * Whether an application accepted the social SDK terms in its settings (a harness setting, kept
 * per world on the JS side). The platform document, "Authentication" rule 2: "Scope
 * relationships.read for Activities: available after the app accepts the social SDK terms in its
 * settings. Approval from the service is no longer required."
 * @module
 */
import type { NativeWorld } from '../../addon/native.js';
import type { Snowflake } from '../../model/ids.js';
import { worldSide } from '../world-side.js';

const accepted = new WeakMap<NativeWorld, Set<Snowflake>>();

/** @internal Whether the application accepted the terms in this world (where the world is served: ../world-side.ts). */
export const termsAccepted = worldSide('socialSdkTermsAccepted', (world: NativeWorld, applicationId: Snowflake): boolean => accepted.get(world)?.has(applicationId) ?? false);

/** @internal Records the application's choice in this world. */
export const setTermsAccepted = worldSide('setSocialSdkTermsAccepted', (world: NativeWorld, applicationId: Snowflake, value: boolean): void => {
  let set = accepted.get(world);
  if (!set) accepted.set(world, (set = new Set()));
  if (value) set.add(applicationId);
  else set.delete(applicationId);
});
