/**
 * The "Supported SDK versions and platforms" tables of docs/versions-and-support.md, rendered
 * from the support table so the two cannot drift (`npm run docs:support` writes them; a test checks them).
 * @internal
 * @module
 */
import { minorName } from './sdk-support.js';
import { SDK_SUPPORT_TABLE, type PlatformMinimum, type SdkMinorSupport, type SdkSupportTable } from './table.js';

const TARGET_PLACEHOLDER: Record<PlatformMinimum['platform'], string> = {
  'macos-x64': 'macos-x64@MACOS',
  'macos-arm64': 'macos-arm64@MACOS',
  console1: 'console1@GDK',
  console2: 'console2@SDK',
};

/** Markdown for the releases and the platform minimums of `table`. */
export function renderSupportMarkdown(table: SdkSupportTable = SDK_SUPPORT_TABLE): string {
  const rows = table.minors;
  const newest = rows[0];
  const lines = [
    '| SDK minor | first dated build (month) | status | hotfix builds (older builds of the minor get the finding) | WebRTC base |',
    '|---|---|---|---|---|',
  ];
  if (newest) lines.push(`| ${minorName({ major: newest.major, minor: newest.minor + 1 })} and later | | unknown to this version of the package: warning \`SDK_NEWER_THAN_TABLE\` | | |`);
  for (const row of rows) {
    const eol = row.status === 'end-of-life';
    const isOldest = row === rows[rows.length - 1];
    const minor = eol && isOldest ? `${minorName(row)} and earlier` : minorName(row);
    const status = eol ? 'end-of-life, no patches: refused, error `SDK_END_OF_LIFE`' : 'supported';
    lines.push(`| ${minor} | ${row.released ?? ''} | ${status} | ${hotfixes(row)} | ${row.webrtcBase ?? ''} |`);
  }
  lines.push('');
  lines.push('| platform | `--target` | minimum | dropped | in force for SDK |');
  lines.push('|---|---|---|---|---|');
  for (const minimum of platformMinimums(table)) {
    lines.push(
      `| ${minimum.name} | \`${TARGET_PLACEHOLDER[minimum.platform]}\` | ${minimum.versionOf} ${minimum.minimum} | ${minimum.dropped ?? ''} | ${inForce(table, minimum)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function hotfixes(row: SdkMinorSupport): string {
  return row.hotfixes
    .map((h) => `${minorName(row)}.${h.build} ${h.fixes} (${h.severity} \`${h.code}\`; source: ${h.source})`)
    .join('<br>');
}

/** Every distinct minimum, in the order the newest rows list them. */
function platformMinimums(table: SdkSupportTable): PlatformMinimum[] {
  const seen = new Set<PlatformMinimum>();
  for (const row of table.minors) for (const minimum of row.platformMinimums) seen.add(minimum);
  return [...seen];
}

function inForce(table: SdkSupportTable, minimum: PlatformMinimum): string {
  const minors = table.minors.filter((row) => row.platformMinimums.includes(minimum));
  const newest = minors[0];
  const oldest = minors[minors.length - 1];
  if (!newest || !oldest) return '';
  const range = newest === oldest ? minorName(newest) : `${minorName(oldest)} to ${minorName(newest)}`;
  const without = table.minors.filter((row) => row.status === 'supported' && !minors.includes(row));
  const notes = [...new Set(without.map((row) => row.platformNote).filter((note): note is string => note !== null))];
  const [newestWithout, oldestWithout] = [without[0], without[without.length - 1]];
  if (!newestWithout || !oldestWithout || notes.length === 0) return range;
  const exempt = newestWithout === oldestWithout ? minorName(newestWithout) : `each of ${minorName(oldestWithout)} to ${minorName(newestWithout)}`;
  return `${range} (${exempt} ${notes.join('; ')})`;
}
