// Types of run.cjs for test/fuzz/fuzz.test.ts.
export interface FuzzExample {
  seed: number;
  run: number;
  this: string;
  args: string[];
  what: string;
  case: unknown;
}
export interface FuzzFinding {
  kind: string;
  member: string;
  count: number;
  examples: FuzzExample[];
}
export interface FuzzSummary {
  group: string;
  seed: number;
  runs: number;
  wallMs: number;
  cases: number;
  calls: number;
  violations: number;
  distinctViolations: number;
  membersNeverCalled: string[];
  findings: FuzzFinding[];
}
export interface FuzzResult {
  group: string;
  seed: number;
  runs: number;
  code: number | null;
  signal: string | null;
  timedOut: boolean;
  summary: FuzzSummary | null;
  stdout: string;
  stderr: string;
  trace: string | null;
  wallMs: number;
}
export declare const GROUPS: readonly string[];
export declare function runGroup(options: { group: string; seed: number; runs: number; timeoutMs?: number; env?: NodeJS.ProcessEnv }): Promise<FuzzResult>;
export declare function report(result: FuzzResult): string;
export declare function ok(result: FuzzResult): boolean;
