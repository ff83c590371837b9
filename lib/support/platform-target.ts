/**
 * A platform and its version: what host.ts detects and platform.ts checks (its own module, so the
 * two do not import each other).
 * @module
 */
import type { PlatformId } from './table.js';

/** A platform and its version in the platform's own notation: macOS `14.5`, GDK `241000`, SDK `10.000`. */
export interface PlatformTarget {
  platform: PlatformId;
  version: string;
}
