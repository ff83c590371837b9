// KeyringTokenStore (issue 33, item 4) against a real Secret Service: each test starts a private
// D-Bus session with gnome-keyring in it (a fresh keyring in a temporary folder, unlocked with a
// test password), runs the fixture there, and the fixture checks with secret-tool that the entry
// landed in the Secret Service. `.ci/run` installs gnome-keyring, dbus and libsecret-tools from the
// system's packages when absent; without them this test fails and says what is missing.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

import { fixturePath } from './helpers.js';

/**
 * The environment of the processes the test starts, without a sanitizer preload (the ASan+UBSan CI
 * step sets LD_PRELOAD for node; dbus, gnome-keyring and secret-tool are not built for it and hang
 * under it). The fixture loads no native code of ours.
 */
function plainEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env['LD_PRELOAD'];
  delete env['ASAN_OPTIONS'];
  delete env['UBSAN_OPTIONS'];
  return env;
}

/** Runs a command to its end (at most 30 s): its exit code and output. */
function run(command: string, args: string[], options: { env: NodeJS.ProcessEnv }): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { env: options.env, timeout: 30_000, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const NEEDED = ['dbus-run-session', 'gnome-keyring-daemon', 'secret-tool'];

function missingCommands(): string[] {
  return NEEDED.filter((command) => {
    try {
      execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
}

/** Runs the keyring fixture in a private D-Bus session with an unlocked gnome-keyring; its JSON report. */
async function inSecretService(): Promise<Record<string, unknown>> {
  const missing = missingCommands();
  expect(missing, `the keyring tests need ${missing.join(', ')} (Debian: apt-get install -y gnome-keyring dbus libsecret-tools)`).toEqual([]);
  const home = mkdtempSync(path.join(tmpdir(), 'keyring-home-'));
  try {
    const script = `echo -n test-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec node ${JSON.stringify(fixturePath('keyring-store.cjs'))}`;
    const result = await run('dbus-run-session', ['--', 'sh', '-c', script], {
      env: plainEnv({ HOME: home, XDG_DATA_HOME: path.join(home, 'data'), XDG_RUNTIME_DIR: home, DBUS_SESSION_BUS_ADDRESS: '' }),
    });
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as Record<string, unknown>;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

describe('KeyringTokenStore', () => {
  it('saves tokens in the Secret Service, reads them back from another store object, clears them; never shows them', async () => {
    const report = await inSecretService();
    expect(report).toMatchObject({
      empty: true,
      read: { accessToken: 'access-secret-1', refreshToken: 'refresh-secret-1', scopes: 'openid sdk.social_layer' },
      inSecretService: true,
      otherObject: 'access-secret-1',
      locked: 'refresh-secret-1',
      cleared: true,
      goneFromSecretService: true,
    });
    for (const shown of [report['readShown'], report['storeShown']]) {
      expect(shown).not.toContain('access-secret-1');
      expect(shown).not.toContain('refresh-secret-1');
    }
  });

  it('without a Secret Service, rejects with TokenStoreError reason unavailable and says what to run', async () => {
    const result = await run(process.execPath, [fixturePath('keyring-store.cjs'), 'unavailable'], {
      env: plainEnv({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/social-sdk-node-no-bus' }),
    });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as { name: string; reason: string; message: string; shown: string };
    expect(report).toMatchObject({ name: 'TokenStoreError', reason: 'unavailable' });
    expect(report.message).toMatch(/Secret Service/);
    expect(report.shown).not.toContain('access-secret-1');
  });
});
