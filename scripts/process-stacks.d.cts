// Types of process-stacks.cjs for the TypeScript that uses it (test/reporters/).
export interface NodeProcess {
  pid: number;
  startTicks: number;
  isNode: boolean;
  args: string;
}
export const TICKS_PER_SECOND: number;
export function hangDir(): string;
export function fileLimitMs(): number;
export function nodeDescendants(root: number, withRoot?: boolean): NodeProcess[];
export function ticksSinceBoot(): number;
export function stacksOf(pid: number): string;
export function mainThreadFrames(stacks: string, count?: number): string[];
