/**
 * Process warnings for support findings, each emitted once per process (per thread: a worker has
 * its own module state).
 * @internal
 * @module
 */
import type { SupportFinding } from './finding.js';

/** The `name` of the warnings (`process.on('warning', (w) => w.name === 'SocialSdkWarning')`). */
export const SUPPORT_WARNING_TYPE = 'SocialSdkWarning';

const emitted = new Set<string>();

/** Emits every `warning` and `error` finding through `process.emitWarning`, each message once. */
export function emitFindingsOnce(findings: readonly SupportFinding[]): void {
  for (const finding of findings) {
    if (finding.severity === 'info') continue;
    const key = `${finding.code}\0${finding.message}`;
    if (emitted.has(key)) continue;
    emitted.add(key);
    process.emitWarning(finding.message, { type: SUPPORT_WARNING_TYPE, code: finding.code });
  }
}
