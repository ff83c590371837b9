/**
 * What creating a client does with the support verdict of the loaded SDK.
 * @internal
 * @module
 */
import { SocialSdkError } from '../common/errors.js';
import { checkSdkSupport } from './sdk-support.js';
import { emitFindingsOnce } from './warnings.js';

/**
 * Refuses an end-of-life SDK with a SocialSdkError (type `UnsupportedSdk`) unless
 * `allowUnsupportedSdk`; emits the verdict's warnings (and, when allowed, its errors) once per process.
 */
export function enforceSdkSupport(version: string, allowUnsupportedSdk: boolean): void {
  const verdict = checkSdkSupport(version);
  if (!verdict.supported && !allowUnsupportedSdk) {
    const reasons = verdict.findings.filter((f) => f.severity === 'error').map((f) => f.message);
    throw new SocialSdkError(`${reasons.join(' ')} To run on it anyway, pass allowUnsupportedSdk: true.`, { type: 'UnsupportedSdk' });
  }
  emitFindingsOnce(verdict.findings);
}
