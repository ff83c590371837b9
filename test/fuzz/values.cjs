// Hostile argument values for the fuzz driver (test/fuzz/driver.cjs).
//
// fast-check generates *descriptors*: small JSON values that say what to build ({k: 'proxy', ...}).
// They are turned into real values (`materialize`) only when a call is made, so that
//   - a failing call can be printed and replayed exactly (the descriptor is its reproducer),
//   - secret-looking strings are printed as their descriptor ({k: 'token'}), never verbatim,
//   - every call gets fresh objects (a Proxy or a throwing getter is not shared between calls),
//   - a 1 MB string is not held in fast-check's memory for every run.
'use strict';
const fc = require('fast-check');

/** Recognizable fake secrets: an error message must never contain one the call was given. */
const FAKE_TOKEN = 'sim.deadbeef0badf00dfeedfacec0ffee42';
const FAKE_LOBBY_SECRET = 'lobby-secret-5ec2e7-deadbeef-c0ffee';

/**
 * Values the driver throws from getters, traps and callbacks ("planted"). When the package lets one
 * of them through, the caller's own exception propagated: that is allowed (not the package's error).
 */
class PlantedError extends Error {
  constructor(where) {
    super(`planted throw from ${where}`);
    this.name = 'PlantedError';
  }
}
const PLANTED_PREFIX = 'planted-throw:';
const PLANTED_SYMBOL = Symbol('planted-throw');

function planted(kind, where) {
  if (kind === 'string') return `${PLANTED_PREFIX}${where}`;
  if (kind === 'symbol') return PLANTED_SYMBOL;
  if (kind === 'number') return 42;
  return new PlantedError(where);
}
function isPlanted(value) {
  return (
    value instanceof PlantedError ||
    value === PLANTED_SYMBOL ||
    value === 42 ||
    (typeof value === 'string' && value.startsWith(PLANTED_PREFIX))
  );
}

// ---------------------------------------------------------------- descriptors

const NUMBERS = [
  0, -0, 1, -1, 0.5, -2.5, 2, 3, 7, 25, 26, 100, 200, 201, 1000, 2000, 2001, 65535, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1,
  2 ** 32, 2 ** 53 - 1, 2 ** 53 + 2, 1e21, -1e21, Number.MAX_VALUE, Number.MIN_VALUE, 'NaN', 'Infinity', '-Infinity',
];
const BIGINTS = ['0', '1', '-1', '3', '18446744073709551615', '18446744073709551616', '-18446744073709551616', '1180591620717411303424', '9007199254740993'];
const SHORT_STRINGS = [
  '', ' ', '0', '1', '-1', '00', '01', '1.5', '1e3', '0x10', 'abc', '\u0000', 'a\u0000b', '\ud800', '\udc00', 'x\ud800y', '\udc00\ud800',
  '\u{1F600}', '18446744073709551615', '18446744073709551616', '99999999999999999999', '123456789012345678901', '-5', ' 12',
  '12 ', 'null', 'undefined', 'true', '__proto__', 'constructor', 'toString', 'http://x', 'https://example.com/a.png',
  'ftp://x', '1.10.0', '1.6.0', '2.0.0', '1.10', 'linux-x64', 'win32', 'darwin-arm64', '%s%s%n', '${x}', '\n\r\t',
];
// Sizes in code units of the long strings; ~1 MB is the "huge" one.
const LONG_SIZES = [41, 300, 301, 2000, 2001, 4096, 1 << 20];
const LONG_UNITS = ['a', '9', '\ud800', '\udc00', '\u0000', '\u{1F600}', 'é'];
const THROW_KINDS = ['error', 'string', 'symbol', 'number'];
const TYPED = ['Uint8Array', 'Int32Array', 'Float64Array', 'BigInt64Array', 'DataView', 'ArrayBuffer', 'SharedArrayBuffer'];
/** Objects of the fuzzed world (filled by the target group's context: its simulator, users, ...). */
const CONTEXT_REFS = [
  'sim', 'otherSim', 'client', 'freshClient', 'closedClient', 'alice', 'bob', 'app', 'guild', 'channel', 'world', 'nativeClient', 'chat',
];
/** Strings of the fuzzed world: ids that exist, so deeper code is reached; the real access token. */
const CONTEXT_STRINGS = [
  'aliceId', 'bobId', 'appId', 'lobbyId', 'secretLobbyId', 'lobbySecret', 'messageId', 'dmMessageId', 'guildId', 'channelId',
  'categoryId', 'aliceToken', 'unknownId',
];

/**
 * The arbitrary of hostile values. `vocabulary` is harvested from the package's .d.ts files (option
 * keys and string-literal members), so a new option or enum member is fuzzed without editing this.
 */
function valueArb(vocabulary, maxDepth = 2) {
  const keyArb = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...vocabulary.keys) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'then', 'toJSON', '', '\ud800', 'a\u0000b', 'length') },
  );
  const leaf = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom({ k: 'undefined' }, { k: 'null' }, { k: 'bool', v: true }, { k: 'bool', v: false }) },
    { weight: 3, arbitrary: fc.constantFrom(...NUMBERS).map((v) => ({ k: 'num', v })) },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double()).map((v) => ({ k: 'num', v: Number.isFinite(v) ? v : String(v) })) },
    { weight: 2, arbitrary: fc.constantFrom(...BIGINTS).map((v) => ({ k: 'bigint', v })) },
    { weight: 4, arbitrary: fc.constantFrom(...SHORT_STRINGS).map((v) => ({ k: 'str', v })) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }).map((v) => ({ k: 'str', v })) },
    { weight: 2, arbitrary: fc.record({ n: fc.constantFrom(...LONG_SIZES), u: fc.constantFrom(...LONG_UNITS) }).map(({ n, u }) => ({ k: 'long', n, u })) },
    { weight: 4, arbitrary: fc.constantFrom(...vocabulary.literals).map((v) => ({ k: 'str', v })) },
    { weight: 3, arbitrary: fc.constantFrom({ k: 'token' }, { k: 'lobbySecretFake' }) },
    { weight: 5, arbitrary: fc.constantFrom(...CONTEXT_STRINGS).map((v) => ({ k: 'ctxStr', v })) },
    { weight: 3, arbitrary: fc.constantFrom(...CONTEXT_REFS).map((v) => ({ k: 'ctx', v })) },
    { weight: 1, arbitrary: fc.constantFrom({ k: 'symbol' }, { k: 'fn' }, { k: 'date' }, { k: 'badDate' }, { k: 'regexp' }, { k: 'error' }, { k: 'promise' }, { k: 'asyncFn' }) },
    { weight: 1, arbitrary: fc.constantFrom(...THROW_KINDS).map((t) => ({ k: 'throwingFn', t })) },
    { weight: 1, arbitrary: fc.constantFrom(...TYPED).map((v) => ({ k: 'typed', v })) },
    { weight: 1, arbitrary: fc.constantFrom({ k: 'selfRef' }, { k: 'frozenEmpty' }, { k: 'emptyArr' }, { k: 'sparseArr' }, { k: 'hugeArr' }) },
  );
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small', maxDepth, withCrossShrink: true },
      { weight: 10, arbitrary: leaf },
      { weight: 2, arbitrary: fc.array(tie('tree'), { maxLength: 4 }).map((items) => ({ k: 'arr', items })) },
      { weight: 4, arbitrary: fc.array(fc.tuple(keyArb, tie('tree')), { maxLength: 4 }).map((entries) => ({ k: 'obj', entries })) },
      { weight: 2, arbitrary: fc.array(fc.tuple(keyArb, tie('tree')), { maxLength: 4 }).map((entries) => ({ k: 'nullProto', entries })) },
      {
        weight: 2,
        arbitrary: fc
          .record({ key: keyArb, t: fc.constantFrom(...THROW_KINDS), entries: fc.array(fc.tuple(keyArb, tie('tree')), { maxLength: 3 }) })
          .map((r) => ({ k: 'throwingGetter', ...r })),
      },
      {
        weight: 2,
        arbitrary: fc
          .record({ hook: fc.constantFrom('valueOf', 'toString', 'toPrimitive', 'all'), t: fc.constantFrom(...THROW_KINDS) })
          .map((r) => ({ k: 'throwingConversion', ...r })),
      },
      {
        weight: 2,
        arbitrary: fc
          .record({ target: tie('tree'), t: fc.constantFrom(...THROW_KINDS), traps: fc.constantFrom('all', 'get', 'ownKeys', 'has', 'none', 'revoked') })
          .map((r) => ({ k: 'proxy', ...r })),
      },
      { weight: 1, arbitrary: fc.constantFrom(...TYPED).map((v) => ({ k: 'typed', v })) },
    ),
  }));
  return tree;
}

/** Argument lists: usually around the method's declared arity, sometimes more. */
function argsArb(vocabulary, arity) {
  const max = Math.max(arity + 2, 3);
  return fc.array(valueArb(vocabulary), { minLength: 0, maxLength: max });
}

// ---------------------------------------------------------------- materialize

const LONG_CACHE = new Map();
function longString(n, u) {
  const key = `${n}:${u}`;
  let s = LONG_CACHE.get(key);
  if (s === undefined) {
    s = u.repeat(Math.ceil(n / u.length)).slice(0, n);
    LONG_CACHE.set(key, s);
  }
  return s;
}

/**
 * Builds the value a descriptor stands for. `ctx` holds the context's objects and strings; a
 * descriptor naming something the context lacks gives undefined.
 */
function materialize(d, ctx, path = 'arg') {
  switch (d.k) {
    case 'undefined':
      return undefined;
    case 'null':
      return null;
    case 'bool':
      return d.v;
    case 'num':
      return typeof d.v === 'string' ? Number(d.v) : d.v;
    case 'bigint':
      return BigInt(d.v);
    case 'str':
      return d.v;
    case 'long':
      return longString(d.n, d.u);
    case 'token':
      return FAKE_TOKEN;
    case 'lobbySecretFake':
      return FAKE_LOBBY_SECRET;
    case 'ctxStr':
      return ctx.strings[d.v];
    case 'ctx':
      return ctx.refs[d.v];
    case 'symbol':
      return Symbol('fuzz');
    case 'fn':
      return function fuzzFn() {
        return undefined;
      };
    case 'asyncFn':
      return async () => undefined;
    case 'throwingFn':
      return () => {
        throw planted(d.t, `${path}()`);
      };
    case 'date':
      return new Date(0);
    case 'badDate':
      return new Date(NaN);
    case 'regexp':
      return /x/g;
    case 'error':
      return new TypeError('an error passed as an argument');
    case 'promise':
      return Promise.resolve(1);
    case 'typed':
      switch (d.v) {
        case 'Uint8Array':
          return new Uint8Array([1, 2, 3]);
        case 'Int32Array':
          return new Int32Array(4);
        case 'Float64Array':
          return new Float64Array([NaN, 1.5]);
        case 'BigInt64Array':
          return new BigInt64Array([-1n]);
        case 'DataView':
          return new DataView(new ArrayBuffer(8));
        case 'ArrayBuffer':
          return new ArrayBuffer(16);
        default:
          return new SharedArrayBuffer(8);
      }
    case 'selfRef': {
      const o = { a: 1 };
      o.self = o;
      o.metadata = o;
      return o;
    }
    case 'frozenEmpty':
      return Object.freeze({});
    case 'emptyArr':
      return [];
    case 'sparseArr':
      // eslint-disable-next-line no-sparse-arrays
      return [, , 'x'];
    case 'hugeArr':
      return new Array(100_000).fill('0');
    case 'arr':
      return d.items.map((item, i) => materialize(item, ctx, `${path}[${i}]`));
    case 'obj':
    case 'nullProto': {
      const o = d.k === 'obj' ? {} : Object.create(null);
      for (const [key, value] of d.entries) {
        Object.defineProperty(o, key, { value: materialize(value, ctx, `${path}.${key}`), enumerable: true, writable: true, configurable: true });
      }
      return o;
    }
    case 'throwingGetter': {
      const o = {};
      for (const [key, value] of d.entries) {
        Object.defineProperty(o, key, { value: materialize(value, ctx, `${path}.${key}`), enumerable: true, writable: true, configurable: true });
      }
      Object.defineProperty(o, d.key, {
        enumerable: true,
        configurable: true,
        get() {
          throw planted(d.t, `get ${path}.${d.key}`);
        },
      });
      return o;
    }
    case 'throwingConversion': {
      const thrower = () => {
        throw planted(d.t, `${path} ${d.hook}`);
      };
      const o = {};
      if (d.hook === 'valueOf' || d.hook === 'all') o.valueOf = thrower;
      if (d.hook === 'toString' || d.hook === 'all') o.toString = thrower;
      if (d.hook === 'toPrimitive' || d.hook === 'all') o[Symbol.toPrimitive] = thrower;
      return o;
    }
    case 'proxy': {
      let target = materialize(d.target, ctx, `${path}<target>`);
      if ((typeof target !== 'object' && typeof target !== 'function') || target === null) target = {};
      const thrower = (trap) => () => {
        throw planted(d.t, `${path} proxy ${trap}`);
      };
      let handler = {};
      if (d.traps === 'all' || d.traps === 'revoked') {
        for (const trap of ['get', 'set', 'has', 'ownKeys', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'defineProperty', 'deleteProperty', 'apply', 'construct', 'isExtensible', 'preventExtensions', 'setPrototypeOf']) {
          handler[trap] = thrower(trap);
        }
      } else if (d.traps !== 'none') {
        handler = { [d.traps]: thrower(d.traps) };
      }
      if (d.traps === 'revoked') {
        const { proxy, revoke } = Proxy.revocable(target, handler);
        revoke();
        return proxy;
      }
      return new Proxy(target, handler);
    }
    default:
      throw new Error(`fuzz driver: unknown descriptor ${JSON.stringify(d)}`);
  }
}

/** The secret strings a call was given (scanning its descriptors), with the context's real ones. */
function secretsIn(descriptors, ctx) {
  const out = new Set();
  const visit = (d) => {
    if (!d || typeof d !== 'object') return;
    if (d.k === 'token') out.add(FAKE_TOKEN);
    else if (d.k === 'lobbySecretFake') out.add(FAKE_LOBBY_SECRET);
    else if (d.k === 'ctxStr' && (d.v === 'aliceToken' || d.v === 'lobbySecret') && ctx.strings[d.v]) out.add(ctx.strings[d.v]);
    for (const value of Object.values(d)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  descriptors.forEach(visit);
  return out;
}

/** A short, secret-free description of a descriptor, for reports. */
function describe(d) {
  switch (d.k) {
    case 'undefined':
    case 'null':
      return d.k;
    case 'bool':
    case 'num':
      return String(d.v === 0 && Object.is(d.v, -0) ? '-0' : d.v);
    case 'bigint':
      return `${d.v}n`;
    case 'str':
      return JSON.stringify(d.v.length > 40 ? `${d.v.slice(0, 40)}…` : d.v);
    case 'long':
      return `<${d.n} x ${JSON.stringify(d.u)}>`;
    case 'token':
      return '<fake access token>';
    case 'lobbySecretFake':
      return '<fake lobby secret>';
    case 'ctxStr':
      return `<${d.v}>`;
    case 'ctx':
      return `<${d.v} object>`;
    case 'self':
      return `<${d.v}>`;
    case 'throwingFn':
      return `<function throwing ${d.t}>`;
    case 'typed':
      return `<${d.v}>`;
    case 'arr':
      return `[${d.items.map(describe).join(', ')}]`;
    case 'obj':
    case 'nullProto':
      return `${d.k === 'nullProto' ? 'Object.create(null)' : ''}{${d.entries.map(([k, v]) => `${JSON.stringify(k)}: ${describe(v)}`).join(', ')}}`;
    case 'throwingGetter':
      return `{${[...d.entries.map(([k, v]) => `${JSON.stringify(k)}: ${describe(v)}`), `get ${JSON.stringify(d.key)}() { throw ${d.t} }`].join(', ')}}`;
    case 'throwingConversion':
      return `<object whose ${d.hook} throws ${d.t}>`;
    case 'proxy':
      return `<Proxy(${describe(d.target)}) ${d.traps} traps throw ${d.t}>`;
    default:
      return `<${d.k}>`;
  }
}

module.exports = {
  FAKE_TOKEN,
  FAKE_LOBBY_SECRET,
  PlantedError,
  isPlanted,
  valueArb,
  argsArb,
  materialize,
  secretsIn,
  describe,
};
