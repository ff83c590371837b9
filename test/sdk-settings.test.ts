// The voice engine's diagnostics and the SDK's threads: setAecDump, setOpusHardwareCoding,
// setVoiceLogDir, setThreadPriority. Source: the vendor header's comments (discordpp.h 1.9:
// SetAecDump, SetOpusHardwareCoding, SetVoiceLogDir, SetThreadPriority). The simulator records them
// (sim.machine(user).sdkClients); "too late" is after connect() (our choice, docs/conformance.md).
import { describe, expect, it } from 'vitest';

import { sdk, type LogEntry } from './sdk.js';

describe('SDK settings recorded by the simulator', () => {
  it('records what the game set before connecting, per client, with the vendor defaults', async () => {
    const sim = new sdk.Simulator();
    const user = sim.createUser({ username: 'ada' });
    const client = sim.createClient({ applicationId: sim.defaultApplication.id });
    // SetOpusHardwareCoding: "Defaults to on"; SetVoiceLogDir: "LoggingSeverity::None disables
    // logging to a file (also the current default)".
    client.setOpusHardwareCoding(false, true);
    client.setVoiceLogDir('/tmp/voice-logs', 'info');
    client.setAecDump(true);
    client.setThreadPriority('voice', 10);
    client.setThreadPriority('network', -2);
    await client.updateToken(sim.issueToken(user.id, sim.defaultApplication.id).accessToken);
    await client.connect();
    const other = await sim.connectClient(user);
    expect(sim.machine(user).sdkClients).toHaveLength(2);
    expect(sim.machine(user).sdkClients).toEqual(expect.arrayContaining([
      {
        applicationId: sim.defaultApplication.id,
        aecDump: true,
        opusHardwareCoding: { encode: false, decode: true },
        voiceLogDir: { path: '/tmp/voice-logs', minSeverity: 'info' },
        logDir: { path: '', minSeverity: 'none' },
        httpRequestTimeoutMs: null,
        threadPriorities: { client: null, voice: 10, network: -2 },
        experimentalAudio: { audioSystem: 'Standard', androidPreventCommsForBluetooth: false },
        speakers: { framesPlayed: 0, framesMuted: 0 },
      },
      {
        applicationId: sim.defaultApplication.id,
        aecDump: false,
        opusHardwareCoding: { encode: true, decode: true },
        voiceLogDir: { path: '', minSeverity: 'none' },
        logDir: { path: '', minSeverity: 'none' },
        httpRequestTimeoutMs: null,
        threadPriorities: { client: null, voice: null, network: null },
        experimentalAudio: { audioSystem: 'Standard', androidPreventCommsForBluetooth: false },
        speakers: { framesPlayed: 0, framesMuted: 0 },
      },
    ]));
    // SetAecDump and SetThreadPriority may change at any time.
    client.setAecDump(false);
    client.setThreadPriority('client', 3);
    expect(sim.machine(user).sdkClients.find((s) => s.threadPriorities.voice === 10)).toMatchObject({ aecDump: false, threadPriorities: { client: 3, voice: 10, network: -2 } });
    await Promise.all([client.close(), other.close()]);
    expect(sim.machine(user).sdkClients).toEqual([]);
  });

  // SetOpusHardwareCoding: "If called too late an error will be logged and the setting will not
  // take effect." SetVoiceLogDir: "It will print out a warning if invoked too late."
  it('refuses the construction-time settings once connect() was called, with an error and a warning log line', async () => {
    const sim = new sdk.Simulator();
    const user = sim.createUser({ username: 'bo' });
    const client = await sim.connectClient(user);
    const logs: LogEntry[] = [];
    client.on('log', (entry) => logs.push(entry));
    client.setOpusHardwareCoding(false, false);
    client.setVoiceLogDir('/tmp/late', 'verbose');
    await sim.settle();
    expect(sim.machine(user).sdkClients[0]).toMatchObject({ opusHardwareCoding: { encode: true, decode: true }, voiceLogDir: { path: '', minSeverity: 'none' } });
    expect(logs.map(({ severity, source }) => [severity, source])).toEqual([['error', 'voice'], ['warning', 'voice']]);
    expect(logs[0]!.message).toMatch(/SetOpusHardwareCoding was called too late/);
    await client.close();
  });

  it('checks its arguments and does nothing once closed', async () => {
    const sim = new sdk.Simulator();
    const client = await sim.connectClient(sim.createUser({ username: 'cy' }));
    expect(() => client.setAecDump('on' as never)).toThrow(TypeError);
    expect(() => client.setOpusHardwareCoding(true, 1 as never)).toThrow(TypeError);
    expect(() => client.setVoiceLogDir('/tmp', 'loud' as never)).toThrow(RangeError);
    expect(() => client.setVoiceLogDir(5 as never, 'info')).toThrow(TypeError);
    expect(() => client.setThreadPriority('audio' as never, 1)).toThrow(RangeError);
    expect(() => client.setThreadPriority('voice', 2 ** 31)).toThrow(RangeError);
    expect(() => client.setThreadPriority('voice', 1.5)).toThrow(RangeError);
    await client.close();
    expect(() => client.setAecDump(true)).not.toThrow();
    expect(() => client.setThreadPriority('voice', 1)).not.toThrow();
  });
});
