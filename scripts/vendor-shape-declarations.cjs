// Reads the declarations of test/vendor-shape/discordpp.h, the shape header: one reader for the
// fake library's generator (scripts/vendor-fake-sdk.cjs, a default definition per declaration) and
// the SDK surface check (scripts/sdk-surface.cjs, the public methods of Client). Line-based, for
// the header's own formatting: one class per `class X {` line, members at depth 1, a declaration
// ending with `;` (a using's continuation line must hold no '(').
'use strict';

/** Declarations of the top-level classes of the shape header: [{ cls, text }] (one per declaration). */
function declarations(header) {
  const out = [];
  let cls = null;
  let depth = 0;
  let pending = '';
  for (const raw of header.split('\n')) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (cls === null) {
      const match = /^class (\w+) \{$/.exec(line);
      if (match) {
        cls = match[1];
        depth = 1;
      }
      continue;
    }
    if (line === '};' && depth === 1) {
      cls = null;
      continue;
    }
    depth += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length;
    if (depth !== 1 || line === '' || line.startsWith('#') || /^(public|private):/.test(line)) continue;
    if (/^(using|enum|VENDOR_SHAPE)/.test(line) || /^[A-Z][A-Za-z]* = \d+,?$/.test(line)) continue;
    pending = pending ? `${pending} ${line}` : line;
    if (!pending.endsWith(';')) continue;
    if (pending.includes('(') && !pending.includes('= delete')) out.push({ cls, text: pending.slice(0, -1) });
    pending = '';
  }
  return out;
}

/**
 * The name a declaration declares (`GetLobbyHandle`, `Client`, `~Client`, `operator=`) and
 * whether it is static.
 */
function declaredName(text) {
  const isStatic = /^static\b/.test(text);
  const head = text.replace(/^explicit /, '').replace(/^static /, '');
  const name = /(~?\w+|operator\s*\S+)$/.exec(head.slice(0, head.indexOf('(')).trim())[1];
  return { name, isStatic };
}

module.exports = { declarations, declaredName };
