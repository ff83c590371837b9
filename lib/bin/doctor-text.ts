/**
 * The human-readable form of a doctor report.
 * @internal
 * @module
 */
import type { DoctorReport } from './doctor.js';
import type { SupportFinding } from '../support/finding.js';
import { hostPlatformTarget } from '../support/host.js';
import { TESTED_NODE_MAJORS } from '../support/node-versions.js';

const WIDTH = 10;

/** Renders `report` as aligned lines, findings indented under their section. */
export function formatDoctorReport(report: DoctorReport): string {
  const lines: string[] = [];
  const row = (label: string, value: string): void => void lines.push(`${label.padEnd(WIDTH)} ${value}`);
  const findings = (list: readonly SupportFinding[]): void => {
    for (const f of list) lines.push(`${' '.repeat(WIDTH + 1)}${f.severity.padEnd(7)} ${f.code}: ${f.message}`);
  };

  row('package', `${report.package.name} ${report.package.version}`);
  const { backend } = report;
  row('backend', backend.available ? `${backend.name}${backend.name === 'sim' ? ' (built-in simulator)' : ''}` : `${backend.name}: not available`);
  if (backend.error) lines.push(`${' '.repeat(WIDTH + 1)}${backend.error}`);

  const { sdk } = report;
  if (sdk) {
    const origin = sdk.source === 'argument' ? 'given with --sdk-version' : `hash ${sdk.hash ?? 'unknown'}, reported by the backend`;
    row('SDK', `${sdk.version} (${origin})`);
  } else {
    row('SDK', 'unknown: the backend is not available (give --sdk-version to check a version)');
  }
  if (report.features) {
    const sdkName = sdk && sdk.source === 'backend' ? `SDK ${sdk.version}` : 'this SDK';
    const state = (has: boolean) => (has ? 'available' : `not available in ${sdkName}`);
    const f = report.features;
    const names: [string, boolean][] = [
      ['message additional names', f.messageAdditionalName],
      ['voice settings', f.voiceSettings],
      ['CPU affinity mask', f.cpuAffinityMask],
      ['guild channel type/position/parent', f.guildChannelDetails],
      ['message moderation metadata', f.messageModerationMetadata],
      ['invite cover image', f.inviteCoverImage],
      ['noise cancellation', f.noiseCancellation],
    ];
    row('features', names.map(([what, has]) => `${what}: ${state(has)}`).join('; '));
  }
  const { support } = report;
  row('support', support ? (support.status === 'end-of-life' ? 'NOT SUPPORTED (end-of-life)' : support.status) : 'not checked');
  if (support) findings(support.findings);

  const { platform } = report;
  // `unknown` is no problem: the policy sets minimums only for some platforms (macOS, consoles), and
  // the line says so next to `result: OK`.
  if (platform) {
    row(
      'platform',
      platform.status === 'unknown'
        ? `${platform.target}: no minimum applies with SDK ${platform.sdkVersion}, so nothing to check (this is fine)`
        : `${platform.target}: ${platform.status === 'below-minimum' ? 'NOT SUPPORTED (below the minimum)' : platform.status} (minimums of SDK ${platform.sdkVersion})`,
    );
    findings(platform.findings);
  } else {
    row('platform', `not checked: ${report.platformError ?? 'unknown error'}`);
  }

  const { node } = report;
  row('node', `${node.version}, N-API ${node.napi ?? 'unknown'}, ${node.platform}-${node.arch} (${osName(node.platform, node.arch, node.osRelease)})`);
  row(
    'node ci',
    node.tested
      ? `yes: CI runs the whole suite on Node ${TESTED_NODE_MAJORS.join(', ')}`
      : `no: CI tests Node ${TESTED_NODE_MAJORS.join(', ')}; this one may work (N-API is stable) but is not tested`,
  );
  row('binary', report.binary.path ?? `not loaded: ${report.binary.error ?? 'unknown error'}`);
  lines.push('');
  lines.push(report.ok ? 'result: OK' : 'result: NOT SUPPORTED (see above)');
  return `${lines.join('\n')}\n`;
}

function osName(platform: string, arch: string, release: string): string {
  try {
    const mac = hostPlatformTarget({ platform, arch, release });
    if (mac) return `macOS ${mac.version}, Darwin ${release}`;
  } catch {
    // An unmappable Darwin release: show the kernel release alone.
  }
  return `kernel ${release}`;
}
