// The official OpenAPI description of the HTTP API (GitHub discord/discord-api-spec, its digest in
// openapi-digest.json, made by scripts/openapi-digest.cjs from the commit it names), as a checker
// of real responses: each response is matched to its operation and validated with Ajv (JSON
// Schema 2020-12, the dialect of OpenAPI 3.1) against the description's schema for its status.
//
// One tightening: an object schema that lists its properties is checked with no other property
// allowed. The description leaves additional properties open, but a field it does not name is a
// field the simulator made up (the 429 body's `code` was one), which a client cannot rely on.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';

type Schema = Record<string, unknown>;

export interface Operation {
  source: 'stable' | 'preview';
  operationId: string;
  security: string[];
  requestBody?: { required: boolean; contentTypes: string[]; schema?: Schema };
  parameters: { name: string; in: string; required: boolean; schema?: Schema }[];
  responses: Record<string, { contentTypes?: string[]; schema?: Schema; headers?: string[] }>;
}

export interface Digest {
  commit: string;
  version: string;
  operations: Record<string, Operation>;
  $defs: Record<string, Schema>;
}

export const digest: Digest = JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'openapi-digest.json'), 'utf8')) as Digest;

/** Schemas used as a branch of an `allOf`: left open, as their parent's other branches add properties. */
const allOfBranches = new Set<string>();
(function findBranches(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(findBranches);
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'allOf') for (const branch of value as Schema[]) if (typeof branch['$ref'] === 'string') allOfBranches.add(branch['$ref'].replace('digest#/$defs/', ''));
    findBranches(value);
  }
})([digest.$defs, digest.operations]);

/** A schema with no property it does not name: `additionalProperties: false`, or for an `allOf`, `unevaluatedProperties: false`. */
function closed(schema: unknown, name?: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => closed(item));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties') out[key] = Object.fromEntries(Object.entries(value as Schema).map(([property, inner]) => [property, closed(inner)]));
    else if (key === 'allOf') out[key] = (value as Schema[]).map((branch) => (branch['$ref'] ? branch : { ...(closed(branch) as Schema), additionalProperties: true }));
    else out[key] = closed(value);
  }
  const open = 'additionalProperties' in out || 'unevaluatedProperties' in out || (name !== undefined && allOfBranches.has(name));
  if (!open && 'allOf' in out && (out['allOf'] as Schema[]).some((branch) => branch['$ref'] || branch['properties'])) out['unevaluatedProperties'] = false;
  else if (!open && 'properties' in out) out['additionalProperties'] = false;
  return out;
}

/**
 * Where the official description and the docs disagree, the simulator follows the docs: the
 * description's README calls it a preview and says to follow the docs where they differ. Each
 * exception patches one component schema and names the docs page it follows; the conformance test
 * checks that each is still needed (a response the unpatched schema refuses).
 */
export interface Exception {
  schema: string;
  change: string;
  follows: string;
  patch(schema: Schema): Schema;
}

export const EXCEPTIONS: readonly Exception[] = [
  {
    schema: 'InnerErrors',
    change: 'the code of each entry of `_errors` is a string such as BASE_TYPE_REQUIRED (the description reuses Error, whose code is an integer)',
    follows: 'docs reference.mdx, "Error Messages": every example gives `"code": "BASE_TYPE_..."`',
    patch: (schema) => ({
      ...schema,
      properties: {
        _errors: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } }, required: ['code', 'message'] } },
      },
    }),
  },
  {
    schema: 'RatelimitedResponse',
    change: '`code` is optional (the description requires it through Error)',
    follows: 'docs topics/rate-limits.mdx, "Rate Limit Response Structure": "code? | integer | An error code for some limits"',
    patch: () => ({
      type: 'object',
      properties: { message: { type: 'string' }, retry_after: { type: 'number' }, global: { type: 'boolean' }, code: { type: 'integer' } },
      required: ['message', 'retry_after', 'global'],
    }),
  },
  {
    schema: 'ApplicationFormPartial',
    change: 'an edit sends `description` as a string (the description wants a localizable object `{ default, localizations }`)',
    follows: 'docs resources/application.mdx, "Edit Current Application": "description | string | Description of the app"',
    patch: (schema) => ({ ...schema, properties: { ...(schema['properties'] as Schema), description: { type: ['string', 'null'], maxLength: 400 } } }),
  },
  {
    schema: 'GuildChannelResponse',
    change: 'a guild channel made from 2026-08-05 carries `application_id: null` (the description, older than that change, has no such field)',
    follows: 'docs change-log.mdx, "Channel application_id is Now Nullable" (August 5, 2026): "For future guild channels, this field can be serialized as null" (platform document, Channel object)',
    patch: (schema) => ({ ...schema, properties: { ...(schema['properties'] as Schema), application_id: { type: ['string', 'null'] } } }),
  },
];

// Formats such as `snowflake` and `int32` are the description's annotations; the patterns and
// types beside them carry the checks.
/** Validators with every exception applied but `left` (the name of one left out, or none). */
function validatorsFor(left: string | undefined): (schema: Schema) => ValidateFunction {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const defs: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(digest.$defs)) {
    const exception = name === left ? undefined : EXCEPTIONS.find((entry) => entry.schema === name);
    defs[name] = closed(exception ? exception.patch(schema) : schema, name);
  }
  ajv.addSchema({ $id: 'digest', $defs: defs });
  const compiled = new Map<Schema, ValidateFunction>();
  return (schema) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(closed(schema) as Schema);
      compiled.set(schema, validate);
    }
    return validate;
  };
}
const validators = new Map<string | undefined, (schema: Schema) => ValidateFunction>();
function validatorOf(schema: Schema, left?: string): ValidateFunction {
  let of = validators.get(left);
  if (!of) {
    of = validatorsFor(left);
    validators.set(left, of);
  }
  return of(schema);
}

/** The operation of a route key in the description's notation (`PUT /lobbies`), or undefined. */
export function operationOf(key: string): Operation | undefined {
  return digest.operations[key];
}

/** The documented response of an operation for a status: the exact status, then `429`, then `4XX`/`5XX`. */
export function responseOf(operation: Operation, status: number): Operation['responses'][string] | undefined {
  return operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`];
}

/** Schema errors of `body` as the response of `operation` with `status`, as readable lines; empty when it agrees. */
export function disagreements(operation: Operation, status: number, body: unknown, contentType: string | null, options: { without?: string } = {}): string[] {
  const documented = responseOf(operation, status);
  if (!documented) return [`status ${status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`];
  // A body of a media type the description names without a schema (Get Target Users' text/csv): its type is all there is to check.
  if (!documented.schema && documented.contentTypes && body !== undefined) {
    return contentType && documented.contentTypes.some((type) => contentType.startsWith(type)) ? [] : [`content type ${contentType} is not ${documented.contentTypes.join(' or ')}`];
  }
  if (!documented.schema) return body === undefined ? [] : [`status ${status} has no body in the description, got ${JSON.stringify(body).slice(0, 200)}`];
  if (!contentType || !documented.contentTypes?.some((type) => contentType.startsWith(type))) return [`content type ${contentType} is not ${documented.contentTypes?.join(' or ')}`];
  const validate = validatorOf(documented.schema, options.without);
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error: ErrorObject) => `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
}

/** Schema errors of `body` against one component schema of the description (`'PrivateApplicationResponse'`); empty when it agrees. */
export function componentErrors(name: string, body: unknown): string[] {
  if (!(name in digest.$defs)) throw new Error(`no schema ${name} in the digest`);
  const validate = validatorOf({ $ref: `digest#/$defs/${name}` });
  return validate(body) ? [] : (validate.errors ?? []).map((error: ErrorObject) => `${error.instancePath} ${error.message ?? ''}`);
}

/** Schema errors of a request body against the operation's request schema. */
export function requestDisagreements(operation: Operation, body: unknown, options: { without?: string } = {}): string[] {
  const schema = operation.requestBody?.schema;
  if (!schema) return [];
  const validate = validatorOf(schema, options.without);
  return validate(body) ? [] : (validate.errors ?? []).map((error: ErrorObject) => `${error.instancePath || '/'} ${error.message ?? ''}`);
}
