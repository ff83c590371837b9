/** How serious a finding of a support check is. `error` means the combination is not supported. */
export type FindingSeverity = 'error' | 'warning' | 'info';

/** One observation of a support check. */
export interface SupportFinding {
  readonly severity: FindingSeverity;
  /** Stable, machine-readable (e.g. `SDK_END_OF_LIFE`); also the code of the process warning. */
  readonly code: string;
  /** One human sentence. */
  readonly message: string;
}
