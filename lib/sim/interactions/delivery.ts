/**
 * How an interaction reaches its application (docs interactions/receiving-and-responding.mdx):
 * to the interactions endpoint URL as a signed HTTP POST (the same Ed25519 key and headers as
 * webhook events: ../http/webhooks.ts's signedHeaders), whose answer's body may be the initial
 * response; or, with no URL, over the gateway as INTERACTION_CREATE. Saving a URL sends a PING
 * first, which must be answered with `{ "type": 1 }` ("ACK a PING", overview.mdx, "Setting Up an
 * Endpoint"), then a request with a bad signature, which must be refused with 401 ("we will not
 * allow you to save your interactions URL" otherwise, as the webhook events check).
 * @internal
 * @module
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { InteractionResponseType, InteractionType } from 'discord-api-types/v10';

import type { NativeWorld } from '../../addon/native.js';
import { checkText } from '../../common/validate.js';
import { field, invalidForm, ServiceRefusal } from '../http/errors.js';
import type { WebhookDispatcher } from '../http/webhooks.js';
import { mintSnowflake } from '../snowflake-minter.js';
import { INITIAL_RESPONSE_MS, interactionsOf, type InteractionRecord } from './state.js';

/** The gateway's side of delivery (lib/sim/gateway/door.ts). */
export interface InteractionGateway {
  dispatchInteraction(applicationId: string, guildId: string | null, interaction: unknown): boolean;
}

/** How a delivery went. */
export type DeliveryOutcome =
  | { via: 'http'; status: number; answered: boolean; refusal?: Record<string, unknown> }
  | { via: 'gateway' }
  | { via: 'none'; error: string };

const ANSWER_LIMIT = 8 * 1024 * 1024;

/** One POST; resolves with the status and the body's text (host time: the receiver has {@link INITIAL_RESPONSE_MS} to answer). */
function post(url: URL, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send(url, { method: 'POST', agent: false, timeout: INITIAL_RESPONSE_MS, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= ANSWER_LIMIT) chunks.push(chunk);
      });
      response.once('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      response.once('error', reject);
    });
    outgoing.once('timeout', () => outgoing.destroy(new Error(`no answer within ${INITIAL_RESPONSE_MS} ms`)));
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Sends an interaction: to the URL (its answer taken as the initial response when it carries one), else over the gateway. */
export async function deliver(world: NativeWorld, signer: WebhookDispatcher, gateway: InteractionGateway | undefined, record: InteractionRecord): Promise<DeliveryOutcome> {
  const room = interactionsOf(world);
  const url = room.endpoints.get(record.applicationId);
  if (url === undefined) {
    if (gateway?.dispatchInteraction(record.applicationId, record.guildId, record.payload)) return { via: 'gateway' };
    return { via: 'none', error: 'the application has no interactions endpoint URL and no gateway session' };
  }
  const body = JSON.stringify(record.payload);
  let answer: { status: number; text: string };
  try {
    answer = await post(url, body, signer.signedHeaders(record.applicationId, body));
  } catch (error) {
    return { via: 'none', error: `the interactions endpoint did not answer: ${(error as Error).message}` };
  }
  const response = parsed(answer.text);
  if (answer.status < 200 || answer.status > 299 || typeof response !== 'object' || response === null) return { via: 'http', status: answer.status, answered: false };
  try {
    room.respond(record.id, record.token, response, 'http');
    return { via: 'http', status: answer.status, answered: true };
  } catch (error) {
    if (error instanceof ServiceRefusal) return { via: 'http', status: answer.status, answered: false, refusal: error.body() };
    throw error;
  }
}

/** Sets (or with null removes) the application's interactions endpoint URL, after the PING and the bad-signature check. */
export async function setInteractionsEndpoint(world: NativeWorld, signer: WebhookDispatcher, applicationId: string, value: unknown): Promise<void> {
  const room = interactionsOf(world);
  if (value === null) return void room.endpoints.delete(applicationId);
  const text = field('interactions_endpoint_url', () => checkText(value, 'interactions_endpoint_url', 1, 2048));
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw invalidForm('interactions_endpoint_url', 'interactions_endpoint_url must be an absolute http:// or https:// URL');
  const ping = JSON.stringify({ id: mintSnowflake(world), application_id: applicationId, type: InteractionType.Ping, token: 'ping', version: 1 });
  const refuse = (why: string) => invalidForm('interactions_endpoint_url', `interactions_endpoint_url could not be verified: ${why}`);
  let answer: { status: number; text: string };
  try {
    answer = await post(url, ping, signer.signedHeaders(applicationId, ping));
  } catch (error) {
    throw refuse(`the PING got no answer (${(error as Error).message})`);
  }
  const pong = parsed(answer.text) as { type?: unknown } | undefined;
  if (answer.status !== 200 || pong?.type !== InteractionResponseType.Pong) throw refuse(`the PING was answered ${answer.status} ${answer.text.slice(0, 60)} instead of 200 {"type":1}`);
  let probe: { status: number; text: string } | undefined;
  try {
    probe = await post(url, ping, signer.signedHeaders(applicationId, ping, true));
  } catch {
    probe = undefined;
  }
  if (probe?.status !== 401) throw refuse(`a request with a bad signature was answered ${probe?.status ?? 'not at all'} instead of 401 (it must verify signatures)`);
  room.endpoints.set(applicationId, url);
}

/** The application's interactions endpoint URL, or null. */
export function interactionsEndpoint(world: NativeWorld, applicationId: string): string | null {
  return interactionsOf(world).endpoints.get(applicationId)?.href ?? null;
}
