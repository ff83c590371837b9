// The fuzzed surface, by target group, enumerated at run time from the built package (dist/) and
// the raw native binding, so a method added later is fuzzed without editing this file.
//
//   client     every own member of Client.prototype (methods, getters, symbol-keyed ones), the
//              constructor (with and without `new`)
//   simulator  every own member of Simulator.prototype, SimulatedChatClient.prototype and
//              SimulatedService.prototype (a service listening on loopback), their
//              static members and constructors
//   exports    every function the package exports (lib/index.ts), classes constructed and called
//              without `new`, their static members and own prototype members
//   binding    every function of the raw addon (native.ts's NativeBinding), every method of
//              NativeClient.prototype and NativeWorld.prototype, their constructors
//
'use strict';

// Deny-list (members that are never called), each with its reason:
const DENY = {
  // Node's EventEmitter (Client's base class) is not enumerated at all: only own members of the
  // package's prototypes are. `emit('error', x)` throwing x and a throwing listener surfacing as an
  // uncaught exception are Node's documented behaviour, not the package's.
  //
  // Nothing of the package exits the process (the `doctor` CLI is in dist/bin/, not exported), so no
  // exported member needs to be denied. The raw binding's process-wide switches are not denied
  // either: the driver re-arms them after every call (see BINDING_REARM in this file).
};
const fs = require('node:fs');
const path = require('node:path');

const DIST = path.join(__dirname, '..', '..', 'dist');

/** Own members of a prototype or constructor, as call targets. */
function ownMembers(owner, label, { statics = false } = {}) {
  const skip = statics ? new Set(['length', 'name', 'prototype', 'caller', 'arguments']) : new Set(['constructor']);
  const out = [];
  for (const key of Reflect.ownKeys(owner)) {
    if (skip.has(key)) continue;
    const name = typeof key === 'symbol' ? `[${symbolName(key)}]` : key;
    if (DENY[`${label}.${name}`]) continue;
    const desc = Object.getOwnPropertyDescriptor(owner, key);
    if (typeof desc.value === 'function') {
      out.push({ name: `${label}${statics ? '.' : '#'}${name}`, kind: 'method', fn: desc.value, arity: desc.value.length, key });
    }
    if (desc.get) out.push({ name: `${label}${statics ? '.' : '#'}get ${name}`, kind: 'getter', fn: desc.get, arity: 0, key });
    if (desc.set) out.push({ name: `${label}${statics ? '.' : '#'}set ${name}`, kind: 'setter', fn: desc.set, arity: 1, key });
  }
  return out;
}

/** `Symbol.asyncDispose` as the .d.ts spells it (Node 20's polyfill describes it as 'nodejs.asyncDispose'). */
function symbolName(key) {
  for (const name of Reflect.ownKeys(Symbol)) if (Symbol[name] === key) return `Symbol.${String(name)}`;
  if (key === Symbol.for('nodejs.util.inspect.custom')) return 'inspect.custom';
  return key.description;
}

function constructors(ctor, label) {
  return [
    { name: `new ${label}`, kind: 'construct', fn: ctor, arity: ctor.length },
    { name: `${label}() without new`, kind: 'method', fn: ctor, arity: ctor.length },
  ];
}

function isClass(fn) {
  return typeof fn === 'function' && /^class\b/.test(Function.prototype.toString.call(fn));
}

// ---------------------------------------------------------------- what the .d.ts files declare

function dtsFiles(dir = DIST, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) dtsFiles(full, out);
    else if (/\.d\.ts$/.test(entry.name)) out.push(full);
  }
  return out;
}

/**
 * Vocabulary for hostile objects (option keys and string-literal members of the public types) and
 * which methods of which class are declared to return a Promise.
 */
function declarations() {
  const keys = new Set();
  const literals = new Set();
  const promiseMethods = new Set(); // 'Class#method' and 'Class.static'
  for (const file of dtsFiles()) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^\s+(?:readonly\s+)?([A-Za-z_$][\w$]*)\??:/gm)) keys.add(m[1]);
    for (const m of text.matchAll(/'([^'\\\n]{1,40})'/g)) {
      if (!m[1].startsWith('.') && !m[1].includes('/') && !m[1].startsWith('node:')) literals.add(m[1]);
    }
    // A class's own members, and those a feature module adds to it (`declare module '...' {
    // interface Client { ... } }`, one level deeper).
    const classes = [
      ...[...text.matchAll(/^export declare class (\w+)[^\n]*\{\n([\s\S]*?)^\}/gm)].map((m) => [m[1], m[2], 4]),
      ...[...text.matchAll(/^ {4}interface (\w+) \{\n([\s\S]*?)^ {4}\}/gm)].map((m) => [m[1], m[2], 8]),
    ];
    for (const [cls, body, indent] of classes) {
      const memberPattern = new RegExp(`^ {${indent}}(static\\s+)?(?:async\\s+)?(\\[[^\\]]+\\]|[A-Za-z_$][\\w$]*)(?:<[^\\n]*?>)?\\(([^\\n]*)$`, 'gm');
      for (const member of body.matchAll(memberPattern)) {
        if (/\):\s*Promise</.test(member[3])) {
          const name = member[2].startsWith('[Symbol.') ? `[${member[2].slice(1, -1)}]` : member[2];
          promiseMethods.add(`${cls}${member[1] ? '.' : '#'}${name}`);
        }
      }
    }
  }
  return { vocabulary: { keys: [...keys].sort(), literals: [...literals].sort() }, promiseMethods };
}

// ---------------------------------------------------------------- groups

function loadPackage() {
  const sdk = require(path.join(DIST, 'index.js'));
  const native = require(path.join(DIST, 'addon', 'native.js'));
  return { sdk, binding: native.loadBinding() };
}

/** Methods of the raw binding that change process-wide state the driver relies on; re-armed after each call. */
const BINDING_REARM = new Set(['binding.setDispatcher', 'binding.setKeepAlive', 'binding.setPerEventDelivery', 'binding.setSlicedTurns', 'binding.setMessageFactory']);

/**
 * Members of a group. `self` names the context objects a member is normally called on (the
 * driver picks one of them, or a hostile `this`).
 */
function groupMembers(group, { sdk, binding }) {
  const { Client, Simulator, SimulatedChatClient, SimulatedService } = sdk;
  switch (group) {
    case 'client':
      return [
        ...ownMembers(Client.prototype, 'Client').map((m) => ({ ...m, self: ['client', 'client', 'client', 'freshClient', 'closedClient'] })),
        ...constructors(Client, 'Client'),
      ];
    case 'simulator':
      return [
        ...ownMembers(Simulator.prototype, 'Simulator').map((m) => ({ ...m, self: ['sim'] })),
        ...ownMembers(Simulator, 'Simulator', { statics: true }).map((m) => ({ ...m, self: ['SimulatorClass'] })),
        ...constructors(Simulator, 'Simulator'),
        ...ownMembers(SimulatedChatClient.prototype, 'SimulatedChatClient').map((m) => ({ ...m, self: ['chat'] })),
        ...constructors(SimulatedChatClient, 'SimulatedChatClient'),
        ...ownMembers(SimulatedService.prototype, 'SimulatedService').map((m) => ({ ...m, self: ['service'] })),
        ...constructors(SimulatedService, 'SimulatedService'),
      ];
    case 'exports': {
      const covered = new Set([Client, Simulator, SimulatedChatClient, SimulatedService]);
      const out = [];
      for (const [name, value] of Object.entries(sdk)) {
        if (typeof value !== 'function') continue; // data (limits, the support table, version strings)
        if (isClass(value)) {
          out.push(...constructors(value, name));
          if (covered.has(value)) continue; // their members are fuzzed by their own group
          out.push(...ownMembers(value, name, { statics: true }).map((m) => ({ ...m, self: [`${name}Class`] })));
          out.push(...ownMembers(value.prototype, name).map((m) => ({ ...m, self: [`${name}Instance`] })));
        } else {
          out.push({ name, kind: 'method', fn: value, arity: value.length, self: ['undefinedThis'] });
        }
      }
      return out;
    }
    case 'binding': {
      const out = [];
      for (const key of Reflect.ownKeys(binding)) {
        const value = binding[key];
        if (typeof value !== 'function') continue; // `backends`
        if (key === 'NativeClient' || key === 'NativeWorld') continue;
        out.push({ name: `binding.${String(key)}`, kind: 'method', fn: value, arity: value.length, self: ['bindingObject', 'undefinedThis'] });
      }
      out.push(...ownMembers(binding.NativeClient.prototype, 'NativeClient').map((m) => ({ ...m, self: ['nativeClient', 'nativeClient', 'closedNativeClient'] })));
      out.push(...constructors(binding.NativeClient, 'NativeClient'));
      out.push(...ownMembers(binding.NativeWorld.prototype, 'NativeWorld').map((m) => ({ ...m, self: ['world'] })));
      out.push(...constructors(binding.NativeWorld, 'NativeWorld'));
      return out;
    }
    default:
      throw new Error(`unknown group '${group}' (client, simulator, exports, binding)`);
  }
}

const GROUPS = ['client', 'simulator', 'exports', 'binding'];

module.exports = { GROUPS, DENY, BINDING_REARM, declarations, loadPackage, groupMembers };
