/**
 * The parent side of the embedded app SDK's postMessage RPC (what the chat client answers an
 * Activity in its iframe). Messages are `[opcode, payload]` pairs (the SDK's Opcodes: 0 HANDSHAKE,
 * 1 FRAME, 2 CLOSE); the activity's HANDSHAKE `{ v: 1, client_id, frame_id }` is answered with the
 * READY dispatch, and its commands (`{ cmd, args, nonce }`) with `{ cmd, evt: null, nonce, data }`
 * or an ERROR (`evt: 'ERROR'`, `data: { code, message }`). Shapes are those the package
 * `@discord/embedded-app-sdk` 2.5 parses (its output/schema and output/generated/schemas.mjs).
 *
 * The rule (platform document, "Authentication" rule 2): `relationships.read` is available to the
 * application's Activities once it accepted the social SDK terms; with it, `getRelationships()`
 * returns the player's relationships. OUR CHOICES where the sources are silent: asking AUTHORIZE for
 * `relationships.read` before the terms are accepted is an OAuth2 error (RPC code 5000, message
 * `invalid_scope`, the OAuth2 error name); GET_RELATIONSHIPS without an AUTHENTICATE'd token
 * holding the scope, or after the terms were withdrawn, is code 4006 (Invalid permissions, the
 * docs' code for "You lack permissions to access the given resource"). The player approves
 * every AUTHORIZE (no consent modal is simulated).
 * @internal
 * @module
 */
import { randomBytes } from 'node:crypto';

import type { NativeWorld } from '../../addon/native.js';
import { termsAccepted } from './terms.js';
import { RPC_SERVER_CONFIG } from '../rpc/commands.js';

export const ParentOpcode = { Handshake: 0, Frame: 1, Close: 2 } as const;
type Message = [number, Record<string, unknown>];

/** RPC error codes (public docs opcodes-and-status-codes.mdx "RPC Error Codes"). */
const Code = { InvalidPayload: 4000, InvalidCommand: 4002, InvalidPermissions: 4006, InvalidClientId: 4007, InvalidToken: 4009, OAuth2Error: 5000 } as const;

/** An authorization code AUTHORIZE handed out, until the harness exchanges it. */
interface PendingCode {
  scopes: string[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One activity frame's conversation with its parent. */
export class ActivityParentRpc {
  readonly #world: NativeWorld;
  readonly #applicationId: string;
  readonly #userId: string;
  readonly #frameId: string;
  readonly #codes: Map<string, PendingCode>;
  #ready = false;
  #scopes: string[] | null = null;
  /** What the activity logged through CAPTURE_LOG, oldest first. */
  readonly logs: { level: string; message: string }[] = [];

  constructor(world: NativeWorld, applicationId: string, userId: string, frameId: string, codes: Map<string, PendingCode>) {
    this.#world = world;
    this.#applicationId = applicationId;
    this.#userId = userId;
    this.#frameId = frameId;
    this.#codes = codes;
  }

  /** Answers one message from the activity: the messages to post back, in order. Never throws. */
  receive(message: unknown): Message[] {
    if (!Array.isArray(message) || message.length !== 2 || !isObject(message[1])) return [];
    const [op, payload] = message as [unknown, Record<string, unknown>];
    if (op === ParentOpcode.Handshake) return this.#handshake(payload);
    if (op !== ParentOpcode.Frame || !this.#ready) return [];
    return [[ParentOpcode.Frame, this.#command(payload)]];
  }

  #handshake(payload: Record<string, unknown>): Message[] {
    if (payload.v !== 1) return [[ParentOpcode.Close, { code: 4004, message: 'Invalid Version' }]];
    if (payload.client_id !== this.#applicationId || payload.frame_id !== this.#frameId) {
      return [[ParentOpcode.Close, { code: 4000, message: 'Invalid Client ID' }]];
    }
    this.#ready = true;
    const user = this.#world.getUser(this.#userId);
    return [
      [
        ParentOpcode.Frame,
        {
          cmd: 'DISPATCH',
          evt: 'READY',
          nonce: null,
          data: {
            v: 1,
            config: RPC_SERVER_CONFIG,
            // The SDK's schema takes avatar as a string or absent (never null).
            user: { id: this.#userId, username: user?.username ?? '', discriminator: '0', ...(user?.avatar ? { avatar: user.avatar } : {}) },
          },
        },
      ],
    ];
  }

  #command(payload: Record<string, unknown>): Record<string, unknown> {
    const cmd = typeof payload.cmd === 'string' ? payload.cmd : '';
    const nonce = typeof payload.nonce === 'string' ? payload.nonce : null;
    const args = isObject(payload.args) ? payload.args : {};
    const reply = (data: unknown) => ({ cmd, evt: null, nonce, data });
    const error = (code: number, message: string) => ({ cmd, evt: 'ERROR', nonce, data: { code, message } });
    switch (cmd) {
      case 'AUTHORIZE': {
        if (args.client_id !== this.#applicationId) return error(Code.InvalidClientId, 'Invalid client id');
        const scopes = Array.isArray(args.scope) ? args.scope.filter((s): s is string => typeof s === 'string') : [];
        if (scopes.length === 0 || args.response_type !== 'code') return error(Code.InvalidPayload, 'Invalid payload: scope and response_type code are required');
        if (scopes.includes('relationships.read') && !termsAccepted(this.#world, this.#applicationId)) {
          return error(Code.OAuth2Error, 'invalid_scope');
        }
        const code = randomBytes(18).toString('base64url');
        this.#codes.set(code, { scopes });
        return reply({ code });
      }
      case 'AUTHENTICATE': {
        const token = typeof args.access_token === 'string' ? args.access_token : '';
        const found = token.length > 0 && token.length <= 512 ? this.#world.authenticate(token) : { failure: 'empty' };
        if ('failure' in found || found.userId !== this.#userId || found.applicationId !== this.#applicationId) return error(Code.InvalidToken, 'Invalid token');
        this.#scopes = found.scopes.split(' ').filter((s) => s !== '');
        const user = this.#world.getUser(this.#userId);
        const app = this.#world.getApplication(this.#applicationId);
        return reply({
          access_token: token,
          user: { id: this.#userId, username: user?.username ?? '', discriminator: '0', avatar: user?.avatar ?? null, public_flags: 0, global_name: user?.globalName ?? null },
          scopes: this.#scopes,
          expires: new Date(found.expiresAt).toISOString(),
          application: { id: this.#applicationId, name: app?.name ?? '', description: '', icon: null },
        });
      }
      case 'GET_RELATIONSHIPS': {
        if (!this.#scopes?.includes('relationships.read') || !termsAccepted(this.#world, this.#applicationId)) {
          return error(Code.InvalidPermissions, 'Invalid permissions: the relationships.read scope is required');
        }
        return reply({ relationships: this.#relationships() });
      }
      case 'CAPTURE_LOG':
        if (this.logs.length < 1000) this.logs.push({ level: String(args.level ?? ''), message: String(args.message ?? '').slice(0, 4096) });
        return reply(null);
      default:
        return error(Code.InvalidCommand, `Invalid command: ${cmd.slice(0, 64)}`);
    }
  }

  /** The player's Discord relationships (the vendor's RelationshipType values are Discord's: 1 friend, 2 blocked, ...). */
  #relationships(): Record<string, unknown>[] {
    const me = this.#world.describeWorld(0).users.find((u) => u.id === this.#userId);
    return (me?.relationships ?? [])
      .filter((r) => r.discordType !== 0)
      .flatMap((r) => {
        const other = this.#world.getUser(r.userId);
        if (!other) return [];
        return [{ type: r.discordType, user: { id: other.id, username: other.username, global_name: other.globalName, discriminator: '0', avatar: other.avatar, flags: 0, bot: false } }];
      });
  }
}

/** @internal The codes handed out by AUTHORIZE, shared by a host's frames. */
export type PendingCodes = Map<string, PendingCode>;
