// The demo and the guides' examples are real code: they run here, and the guides (docs/*.md) show
// them verbatim (each block follows an `<!-- example: path -->` marker and must equal that file).
import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';

import { describe, expect, it } from 'vitest';

import { runFixture } from './helpers.js';
import { haveRedisServer, RedisServer } from './redis-server.js';
import { root } from './sdk.js';

const example = (file: string) => path.join('..', '..', 'examples', file);

describe('examples', () => {
  it('npm run demo: two players chat; the backend names a character and flags a message; both see it', async () => {
    const { code, stdout, stderr } = await runFixture(example('demo.cjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    for (const who of ['[Ada]', '[Bo]']) {
      expect(stdout).toMatch(new RegExp(`\\${who.slice(0, -1)}\\]\\s+lobby \\d+ is available`));
      expect(stdout).toMatch(new RegExp(`\\${who.slice(0, -1)}\\]\\s+<Bo as "Captain Bo"> sorry, all good`));
      expect(stdout).toMatch(new RegExp(`\\${who.slice(0, -1)}\\]\\s+message \\d+ moderation: \\{"action":"hide","flagged":"toxicity"\\}`));
    }
    expect(stdout).toMatch(/\[Ada\]\s+signed in as ada_l \(scopes: openid sdk\.social_layer\)/);
    expect(stdout).toMatch(/\[Ada\]\s+Bo joined/);
    expect(stdout).toMatch(/\[Bo\]\s+status -> reconnecting[\s\S]*\[Bo\]\s+status -> ready/);
    expect(stdout).toContain('Bo: you are all noobs  [hidden by moderation]');
    expect(stdout).toMatch(/\[Bo\]\s+Ada: Playing Harbor Raid - Harbor, duo, In a match \(party 2\/2\)/);
    expect(stdout).toMatch(/\[Bo\]\s+invite cover image: https:\/\/cdn\.example\.com\/harbor-raid-cover\.png/);
    expect(stdout).toContain('closed both clients');
    // The voice step: the chat client's settings, a change made there, a short call.
    expect(stdout).toMatch(/\[Ada\]\s+voice settings: voiceActivity, muted false, input 100, output 100/);
    expect(stdout).toMatch(/\[Ada\]\s+voice settings updated: pushToTalk \(SHIFT \+ F\), output volume 100/);
    expect(stdout).toMatch(/\[Ada\]\s+Bo joined the call[\s\S]*\[Ada\]\s+Bo is muted[\s\S]*\[Ada\]\s+call connected with 2 participants[\s\S]*\[Ada\]\s+Bo left the call/);
    // The join loop: Bo sees Ada playing, accepts her invite, lands in her lobby.
    expect(stdout).toMatch(/\[Bo\]\s+friend Ada is online, playing: Forming a squad[\s\S]*\[Bo\]\s+join invite from Ada to party squad-8[\s\S]*\[Bo\]\s+accepted the invite and joined Ada's lobby: true/);
  });

  it('the friends example: provisional accounts have game friends only; groups follow presence', async () => {
    const { code, stdout, stderr } = await runFixture(example('friends.cjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe("refused: 80000\nada sees bo as pendingIncoming\ngroups updated: bo\nonlinePlayingGame: bo (none/friend)\nonlineElsewhere: -\noffline: cy (friend/none)\ngroups updated: cy\ngroups updated: cy\nonlinePlayingGame: bo (none/friend), cy (friend/none)\nonlineElsewhere: -\noffline: -\ngroups updated: cy\n");
  });

  it('the friends-and-invites example: Bo sees Ada playing, accepts her invite and lands in her lobby; a full party ends the invite', async () => {
    const { code, stdout, stderr } = await runFixture(example('friends-and-invites.cjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(
      "bo sees ada online: Looking for a mate\nbo got a join invite from ada\njoin: { joinSecret: '[REDACTED]' }\nbo is in ada's lobby: true\ninvite still valid: false\naccept refused: 50035\n",
    );
  });

  it('the lobby chat example runs', async () => {
    const { code, stdout, stderr } = await runFixture(example('lobby-chat.cjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/ada: \d+ joined/);
    expect(stdout).toContain('bo got: gl hf');
  });

  it('the guild channels example lists the viewable channels by position', async () => {
    const { code, stdout, stderr } = await runFixture(example('guild-channels.cjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/guild Raiders\n  0 GuildText welcome\n  1 GuildCategory Game\n  2 GuildText party-chat \(in \d+\)\n$/);
  });

  it('the accounts example reads premium_type, connections on both sides of 2026-07-10, flags and an ENDING subscription (status 2)', async () => {
    const { code, stdout, stderr } = await runFixture(example('accounts-outside-sdk.cjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe('premium_type: 2\nconnections before 2026-07-10: 1\nconnections from 2026-07-10: 0\nflags: 565248 flags_new: 8590499840\nstatus: 2\n');
  });

  it('the linked channels example links a channel, is refused without the flag, and unlinks', async () => {
    const { code, stdout, stderr } = await runFixture(example('linked-channels.cjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe('linkable: raid-chat\nbo sees the lobby linked to #raid-chat\nbo may not unlink: 403 (50013)\nlinked channel now: null\n');
  });

  it('the direct messages example runs', async () => {
    const { code, stdout, stderr } = await runFixture(example('direct-messages.cjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('bo got a DM: gg wp');
    expect(stdout).toContain('bo sees it edited: rematch tonight?');
    expect(stdout).toMatch(/bo sees \d+ deleted/);
    expect(stdout).toContain("[ 'rematch tonight?' ]");
  });

  it('the harness example passes under node --test', async () => {
    // The TAP reporter asked for by name: the default reporter is TAP on Node 20 only (Node 22 and
    // 24 print a "spec" summary, `ℹ pass 2`), and TAP's count lines are the format we read.
    const { code, stdout } = await runFixture(example('harness.test.cjs'), [], { execArgv: ['--test', '--test-reporter=tap'] });
    expect(stdout).toMatch(/# pass 2/);
    expect(stdout).toMatch(/# fail 0/);
    expect(code).toBe(0);
  });

  it('the rich presence example runs: the lobby mate sees the portal cover image, then nothing', async () => {
    const { code, stdout, stderr } = await runFixture(example('rich-presence.cjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe('bo sees: Harbor Raid - In a match (cover: portal-cover)\nbo sees: nothing\n');
  });

  it('the game server example: a lobby over HTTP, character names, a flagged message, a voice channel status', async () => {
    const { code, stdout, stderr } = await runFixture(example('game-server.mjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^bo's game: in lobby (\d+)\nserver: lobby \1 with Captain Ada and Bo the Bold\n/);
    expect(stdout).toContain("bo's game: <Captain Ada> you are all noobs\n");
    expect(stdout).toMatch(/bo's game: message \d+ moderation \{"action":"hide","reason":"toxicity"\}\n/);
    expect(stdout).toMatch(/server: voice channel status "Duo raid in progress"\n$/);
  });

  it('the sign-in example: PKCE, the consent prompt, the token exchange, connect, refresh and unlink, no secret shown', async () => {
    const { code, stdout, stderr } = await runFixture(example('sign-in.cjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(
      'challenge S256: matches\nprompt: openid sdk.social_layer\n' +
        'authorized for http://127.0.0.1/callback: {"code":"[REDACTED]","redirectUri":"http://127.0.0.1/callback"}\n' +
        'signed in as ada, token valid 604800 s\n' +
        'refreshed: {"accessToken":"[REDACTED]","refreshToken":"[REDACTED]","tokenType":"Bearer","expiresIn":604800,"scopes":"openid sdk.social_layer"}\n' +
        'after unlinking, a refresh is refused: invalid_grant\n',
    );
  });

  it('the device sign-in example: the screen shows the code, the player approves at the verification page, the poll gets the tokens, the screen closing before they arrive (our choice: docs/conformance.md)', async () => {
    const { code, stdout, stderr } = await runFixture(example('device-sign-in.cjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(
      new RegExp(
        '^screen: enter [BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4} at https://discord\\.com/activate \\(expires in 300 s\\)\n' +
          'the sign-in screen closed\n' +
          'tokens: \\{"accessToken":"\\[REDACTED\\]","refreshToken":"\\[REDACTED\\]","tokenType":"Bearer","expiresIn":604800,"scopes":"openid sdk\\.social_layer"\\}, valid 604800 s\n' +
          'signed in as ada\n$',
      ),
    );
  });

  it('the link-from-chat-client example: the entrypoint URL opens, the web flow signs the running game in', async () => {
    const { code, stdout, stderr } = await runFixture(example('link-from-chat-client.mjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(
      'games asked: 0, browser shows: https://game.example/link\n' +
        'redirected to https://game.example/discord/callback, state f81c2a\nthe running game is signed in as ada\n',
    );
  });

  it('the interactions example: a slash command opens a modal, the submission is answered in the channel', async () => {
    const { code, stdout, stderr } = await runFixture(example('interactions.mjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(
      'interactions endpoint URL verified\n' + 'commands: /signup\n' + 'the command opened a modal: Sign up\n' + 'in #general: Welcome, bard!\n',
    );
  });

  it('the webhooks example: link on the server, PING, APPLICATION_DEAUTHORIZED drops the link, no secret shown', async () => {
    const { code, stdout, stderr } = await runFixture(example('webhooks.mjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(
      'events URL verified\n' +
        'server: linked ada: {"accessToken":"[REDACTED]","refreshToken":"[REDACTED]","tokenType":"Bearer","expiresIn":604800,"scopes":"openid sdk.social_layer","idToken":"[REDACTED]"}\n' +
        'event: ada removed the app; link dropped (0 left)\n' +
        'server: refresh refused: invalid_grant\n' +
        'events after the hourly check: ENABLED\n' +
        'deliveries: APPLICATION_AUTHORIZED delivered, APPLICATION_DEAUTHORIZED delivered\n',
    );
  });

  it('the stay-signed-in example: sign in once, refreshed a week later, restored on the next run, signed out when the app is removed', async () => {
    const { code, stdout, stderr } = await runFixture(example('stay-signed-in.cjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(
      'first run, saved tokens: false\nsigned in as ada\na week later: still ready\n' +
        'next run, saved tokens: true, signed in as ada\n' +
        'signed out: deauthorized, show the sign-in screen\nsaved tokens now: false\n',
    );
  });

  it('the provisional-server example: a bot-issued account, merged, then unmerged onto a new provisional account', async () => {
    const { code, stdout, stderr } = await runFixture(example('provisional-server.mjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(
      'server: Bearer token for 604800 s, refresh token: null\ngame: signed in as Wanderer, provisional: true\ngame: merged into ada\n' +
        "server: bot token refused, 530010\ngame: ada's token now answers 401\nserver: new provisional account: true\n",
    );
  });

  it('the raw audio example: every frame of a call in order, the microphone and each voice with its format, playback muted', async () => {
    const { code, stdout, stderr } = await runFixture(example('raw-audio.cjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(
      "ada's default microphone: builtin-microphone\n" +
        'ada (microphone): 30 frames of 48000 Hz x1, peak 3277\n' +
        'bo: 20 frames of 48000 Hz x2, peak 3277\n' +
        'frames lost to a slow reader: 0\n' +
        'speakers: {"framesPlayed":0,"framesMuted":20}\n',
    );
  });

  it("the lobby voice example: who is in the lobby's call before joining it, then each join and leave", async () => {
    const { code, stdout, stderr } = await runFixture(example('lobby-voice.cjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe('in voice: ada\nin voice: ada, cy\nin voice: cy\nbo is in the call: false\n');
  });

  it('the voice controls example: a headset is chosen, push-to-talk drives the speaking indicator, unplugging falls back', async () => {
    const { code, stdout, stderr } = await runFixture(example('voice-controls.cjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(
      'microphones: builtin-microphone, usb-headset; using builtin-microphone\n' +
        'current microphone: USB Headset\n' +
        'processing: {"automaticGainControl":true,"echoCancellation":false,"noiseSuppression":true,"noiseCancellation":false}\n' +
        "bo's overlay: ada speaks\nbo's overlay: ada is silent\n" +
        'bo hears ada at 120\n' +
        'microphones: builtin-microphone; using builtin-microphone (fell back to the default)\n',
    );
  });

  it('the inspector example: prints the inspector URL with the harness secret in its fragment, and stops', async () => {
    const { code, stdout, stderr } = await runFixture(example('inspector.mjs'), ['--once']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^inspector: http:\/\/127\.0\.0\.1:\d+\/inspector\/#secret=[\w-]{43}\nstopped\n$/);
  });

  it('the discord-bot example: a discord.js bot logs in to the served simulator, prints its guilds and sees a member join', async () => {
    const { code, stdout, stderr } = await runFixture(example('discord-bot.mjs'), [], { timeoutMs: 30_000 });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe('logged in as Simulated Game\nRaiders: Lobbies (top), party-1 (Lobbies)\nbo joined Raiders\n');
  });

  it('the bot-beside-the-game example: a discord.js bot sees an obfuscated channel granted, a player’s presence by its privacy, and Channel Info', async () => {
    const { code, stdout, stderr } = await runFixture(example('bot-beside-the-game.mjs'), [], { timeoutMs: 30_000 });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(
      'channels: ___hidden___, Raid Voice\n' +
        'granted VIEW_CHANNEL: ___hidden___ is staff\n' +
        'ada: raiding at 9\n' +
        'ada: no custom status shown\n' +
        'voice session since 2026-07-01T18:00:00.000Z\n',
    );
  });

  it('the whole-stack example: a served world, a game process attached by SOCIAL_SDK_SIMULATOR alone, and this process\'s harness and client', async () => {
    const { code, stdout, stderr } = await runFixture(example('whole-stack.mjs'), [], { timeoutMs: 60_000 });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe('[bo] ready in the lobby\n[ada] got: hi ada, bo here (from pid N)\n[ada] lobby members: 2\nstack stopped\n');
  });

  it.skipIf(!haveRedisServer)('the fleet example: four processes on one budget through Redis, no 429; the 101st refused before it is sent (skipped: no redis-server)', async () => {
    const redis = await RedisServer.start();
    try {
      const { code, stdout, stderr } = await runFixture(example('fleet.mjs'), [], { timeoutMs: 30_000, env: { REDIS_URL: redis.url } });
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toBe('4 processes sent 100 messages on one budget; 429s from the service: 0\nthe 101st: RateLimited before it was sent (429s: 0)\n');
    } finally {
      await redis.close();
    }
  });

  it('the local-rpc example: READY, SET_ACTIVITY, GUILD_STATUS, ERROR when the chat client quits, READY again', async () => {
    const { code, stdout, stderr } = await runFixture(example('local-rpc.mjs'));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe('READY as ada\nactivity set: Harbor, duo\nGUILD_STATUS: Raiders\nERROR 1000: The chat client quit\ndisconnected\nREADY again as ada\n');
  });

  it('the README and the guides show each example exactly as it is in examples/', () => {
    const guides = readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => path.join('docs', name));
    const shown = ['README.md', ...guides].map((file) => readFileSync(path.join(root, file), 'utf8')).join('\n');
    const blocks = [...shown.matchAll(/<!-- example: (\S+) -->\n```js\n([\s\S]*?)```/g)];
    // Every example but the demo (npm run demo) is shown, once.
    const files = readdirSync(path.join(root, 'examples')).filter((name) => /\.(cjs|mjs)$/.test(name) && name !== 'demo.cjs');
    expect(files.length).toBeGreaterThan(5);
    expect(blocks.map(([, file]) => file).sort()).toEqual(files.map((name) => `examples/${name}`).sort());
    for (const [, file, code] of blocks) expect(code).toBe(readFileSync(path.join(root, file!), 'utf8'));
  });
});
