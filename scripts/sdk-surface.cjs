#!/usr/bin/env node
// The SDK surface check (issue 36): every public method of the vendor's Client, as the shape
// header declares it (test/vendor-shape/discordpp.h: the 1.9.16441 methods and the known 1.10
// additions, statics included, overloads once), has an entry in seam/sdk-surface.json naming the
// public TypeScript member that serves it, the documented reason there is none, or that it is
// missing (with its issue). CI cannot reach the vendor's own header, so the shape header stands in
// for it (docs/real-sdk.md says how it was compared by hand).
//
//   node scripts/sdk-surface.cjs [--surface path/to/sdk-surface.json] [--list]
//
// The TypeScript side is read from lib/'s sources, not from dist/: the check needs no build and
// cannot pass on a stale one. The files are parsed (not type-checked) with the TypeScript package
// the project already uses: the Client class and the `interface Client` / `namespace Client` the
// feature modules add through `declare module`, the other exported classes, and the client events
// (interface ClientEvents and the interfaces it extends). test/sdk-surface.test.ts also checks the
// served members against the compiled Client.
//
// Exit 1, naming each, on: a header method without an entry, an entry for a method the header
// does not declare, two entries for one method, a served member that does not exist, an entry
// with none (or more than one) of served / reason / missing, a reason of no known kind.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');
const { declarations, declaredName } = require('./vendor-shape-declarations.cjs');

const root = path.resolve(__dirname, '..');
const HEADER = path.join(root, 'test', 'vendor-shape', 'discordpp.h');
const SURFACE = path.join(root, 'seam', 'sdk-surface.json');
const LIB = path.join(root, 'lib');

/** The kinds a reason may give (its text starts `<kind>:`): the issue's accepted reasons. */
const REASON_KINDS = ['mobile only', 'deprecated', 'string helper'];
const OUTCOMES = ['served', 'reason', 'missing'];

/** The public methods of class Client in the shape header, in its order, each name once. */
function headerMethods(headerText) {
  const methods = new Map();
  for (const decl of declarations(headerText)) {
    if (decl.cls !== 'Client') continue;
    const { name, isStatic } = declaredName(decl.text);
    // Constructors, the destructor and operators are no methods a binding serves.
    if (name === 'Client' || name.startsWith('~') || name.startsWith('operator')) continue;
    if (!methods.has(name)) methods.set(name, { name, isStatic });
  }
  return [...methods.values()];
}

function tsFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return /\.m?ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function memberName(node) {
  const name = node.name;
  if (!name || ts.isPrivateIdentifier(name) || ts.isComputedPropertyName(name)) return null;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : null;
}

function hasModifier(node, kind) {
  return (ts.getModifiers?.(node) ?? node.modifiers ?? []).some((modifier) => modifier.kind === kind);
}

/**
 * What lib/ declares: each class's public instance and static members (with what `declare module`
 * blocks add to it), and every interface's members and the interfaces it extends.
 */
function publicSurface(libDir) {
  const classes = new Map();
  const interfaces = new Map();
  const classOf = (name) => {
    if (!classes.has(name)) classes.set(name, { instance: new Set(), statics: new Set() });
    return classes.get(name);
  };
  const visit = (node, augmenting) => {
    if (ts.isClassDeclaration(node) && node.name) {
      const members = classOf(node.name.text);
      for (const member of node.members) {
        const name = memberName(member);
        if (name === null || ts.isConstructorDeclaration(member) || ts.isClassStaticBlockDeclaration(member)) continue;
        if (hasModifier(member, ts.SyntaxKind.PrivateKeyword) || hasModifier(member, ts.SyntaxKind.ProtectedKeyword)) continue;
        (hasModifier(member, ts.SyntaxKind.StaticKeyword) ? members.statics : members.instance).add(name);
      }
      return;
    }
    if (ts.isInterfaceDeclaration(node)) {
      const names = node.members.map(memberName).filter((name) => name !== null);
      const bases = (node.heritageClauses ?? []).flatMap((clause) => clause.types.map((type) => type.expression.getText()));
      const known = interfaces.get(node.name.text) ?? { members: new Set(), bases: new Set() };
      for (const name of names) known.members.add(name);
      for (const base of bases) known.bases.add(base);
      interfaces.set(node.name.text, known);
      // `declare module '../client/client.js' { interface Client { ... } }` adds instance members.
      if (augmenting) for (const name of names) classOf(node.name.text).instance.add(name);
      return;
    }
    if (ts.isModuleDeclaration(node)) {
      const isAugmentation = ts.isStringLiteral(node.name);
      // `namespace Client { function x(): T; }` inside an augmentation adds static members.
      if (augmenting && !isAugmentation && node.body && ts.isModuleBlock(node.body)) {
        for (const statement of node.body.statements) {
          if (ts.isFunctionDeclaration(statement) && statement.name) classOf(node.name.text).statics.add(statement.name.text);
        }
        return;
      }
      if (node.body) ts.forEachChild(node.body, (child) => visit(child, augmenting || isAugmentation));
      return;
    }
    if (ts.isSourceFile(node) || ts.isModuleBlock(node)) ts.forEachChild(node, (child) => visit(child, augmenting));
  };
  for (const file of tsFiles(libDir)) {
    visit(ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true), false);
  }
  return { classes, events: interfaceMembers(interfaces, 'ClientEvents') };
}

/** The members of an interface with those of every interface it extends. */
function interfaceMembers(interfaces, name, seen = new Set()) {
  const out = new Set();
  const known = interfaces.get(name);
  if (!known || seen.has(name)) return out;
  seen.add(name);
  for (const member of known.members) out.add(member);
  for (const base of known.bases) for (const member of interfaceMembers(interfaces, base, seen)) out.add(member);
  return out;
}

/** Whether a `served` value names something lib/ declares; a message when not. */
function servedProblem(served, surface) {
  const event = /^event:(\w+)$/.exec(served);
  if (event) return surface.events.has(event[1]) ? null : `no client event '${event[1]}' (interface ClientEvents)`;
  const qualified = /^(\w+)\.(\w+)$/.exec(served);
  if (qualified) {
    const members = surface.classes.get(qualified[1]);
    if (!members) return `no class ${qualified[1]} in lib/`;
    return members.instance.has(qualified[2]) || members.statics.has(qualified[2]) ? null : `${qualified[1]} has no member '${qualified[2]}'`;
  }
  if (!/^\w+$/.test(served)) return `'${served}' is not a member name, Class.member or event:name`;
  return surface.classes.get('Client')?.instance.has(served) ? null : `the public Client has no member '${served}'`;
}

/** Checks the description against the header and lib/: { methods, entries, problems }. */
function check({ headerPath = HEADER, surfacePath = SURFACE, libDir = LIB } = {}) {
  const methods = headerMethods(fs.readFileSync(headerPath, 'utf8'));
  const entries = JSON.parse(fs.readFileSync(surfacePath, 'utf8')).methods;
  const surface = publicSurface(libDir);
  const problems = [];
  const declared = new Set(methods.map((method) => method.name));
  const described = new Map();
  for (const entry of entries) {
    const vendor = entry.vendor;
    if (described.has(vendor)) problems.push(`${vendor}: described twice`);
    described.set(vendor, entry);
    if (!declared.has(vendor)) problems.push(`${vendor}: described, but class Client of the shape header declares no such method`);
    const outcomes = OUTCOMES.filter((key) => typeof entry[key] === 'string' && entry[key] !== '');
    if (outcomes.length !== 1) {
      problems.push(`${vendor}: needs exactly one of served, reason, missing (has ${outcomes.length ? outcomes.join(', ') : 'none'})`);
      continue;
    }
    if (entry.served !== undefined) {
      const problem = servedProblem(entry.served, surface);
      if (problem) problems.push(`${vendor}: served by '${entry.served}', but ${problem}`);
    }
    if (entry.reason !== undefined && !REASON_KINDS.some((kind) => entry.reason.startsWith(`${kind}: `))) {
      problems.push(`${vendor}: a reason starts with its kind (${REASON_KINDS.map((kind) => `'${kind}: '`).join(', ')})`);
    }
  }
  for (const method of methods) {
    if (!described.has(method.name)) problems.push(`${method.name}: a public Client method of the shape header with no entry in the description`);
  }
  return { methods, entries, problems };
}

function summary({ methods, entries }) {
  const of = (key) => entries.filter((entry) => entry[key] !== undefined);
  const kinds = REASON_KINDS.map((kind) => `${kind} ${of('reason').filter((entry) => entry.reason.startsWith(kind)).length}`);
  const pad = (n) => String(n).padStart(4);
  return [
    `SDK surface: the ${methods.length} public methods of class Client in test/vendor-shape/discordpp.h`,
    `  served  ${pad(of('served').length)}`,
    `  reason  ${pad(of('reason').length)}  (${kinds.join(', ')})`,
    `  missing ${pad(of('missing').length)}  ${of('missing').map((entry) => entry.vendor).join(', ')}`,
    `  total   ${pad(methods.length)}`,
  ].join('\n');
}

/** A path as a reader finds it: relative to the current directory when inside it. */
function shown(file) {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') ? file : relative;
}

function main(argv) {
  const at = argv.indexOf('--surface');
  const surfacePath = at === -1 ? SURFACE : path.resolve(argv[at + 1] ?? '');
  const result = check({ surfacePath });
  if (argv.includes('--list')) {
    for (const entry of result.entries) {
      const [key] = OUTCOMES.filter((name) => entry[name] !== undefined);
      console.log(`${entry.vendor.padEnd(40)} ${(key ?? '?').padEnd(8)} ${entry[key] ?? ''}`);
    }
  }
  console.log(summary(result));
  if (result.problems.length > 0) {
    console.error(`\n${result.problems.length} problem(s) in ${shown(surfacePath)}:`);
    for (const problem of result.problems) console.error(`  ${problem}`);
    process.exitCode = 1;
  }
}

module.exports = { check, headerMethods, publicSurface };

if (require.main === module) main(process.argv.slice(2));
