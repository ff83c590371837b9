/**
 * Diagnostics and tuning of the SDK client itself (not of its voice engine, which
 * `voice-controls.ts` tunes): its log file and the HTTP timeout of its connection. Adds its
 * methods to {@link Client}.
 * @module
 */
import { LOG_LEVEL_VALUES, type LogLevel } from '../model/types.js';
import { checkInteger, checkOneOf, checkText } from '../common/validate.js';
import { defineClientMethods, requireClient } from './feature.js';

const LOG_LEVELS = Object.keys(LOG_LEVEL_VALUES) as LogLevel[];

declare module './client.js' {
  interface Client {
    /**
     * Also writes the client's log lines to a file, `discord.log` in `path` (`SetLogDir`), from
     * `minSeverity` up; `'none'` (the default) writes none. "An empty path defaults to logging
     * alongside the client library"; opening "Overwrites any existing discord.log file"; the voice
     * engine's lines are left out ("explicitly excludes most logs for voice and webrtc activity",
     * see {@link Client.setVoiceLogDir} for those). The vendor recommends calling it right after
     * constructing the client. The lines are the ones the `log` event gives, bearer tokens filtered
     * out, and a release build writes only `warning` and `error` lines (as it logs). The simulator
     * writes the file too (stamped with the simulator's clock).
     * @returns whether the file was opened (false for a directory that does not exist, for
     * `'none'` and once the client is closed).
     * @throws TypeError / RangeError for a path that is not a string of at most 4,096 characters or
     * an unknown level.
     */
    setLogDir(path: string, minSeverity: LogLevel): boolean;
    /**
     * Overrides the default HTTP timeout of the SDK's websocket client, in milliseconds
     * (`SetHttpRequestTimeout`; the vendor header gives no default). The simulator makes no HTTP
     * requests that could time out: it records the value (`sim.machine(user).sdkClients[i].httpRequestTimeoutMs`).
     * @throws TypeError / RangeError when `timeoutMs` is not an integer from 0 to 2^31 − 1.
     */
    setHttpRequestTimeout(timeoutMs: number): void;
  }
}

defineClientMethods({
  setLogDir(path: string, minSeverity: LogLevel): boolean {
    const state = requireClient(this, 'setLogDir');
    const checkedPath = checkText(path, 'path', 0, 4096);
    const level = checkOneOf(minSeverity, LOG_LEVELS, 'minSeverity');
    return state.closed ? false : state.native.setLogDir(checkedPath, LOG_LEVEL_VALUES[level]);
  },

  setHttpRequestTimeout(timeoutMs: number): void {
    const state = requireClient(this, 'setHttpRequestTimeout');
    const checked = checkInteger(timeoutMs, 'timeoutMs', 0, 0x7fff_ffff);
    if (!state.closed) state.native.setHttpRequestTimeout(checked);
  },
});
