/**
 * `social-sdk-node sim`: the simulated service as a standalone process, so game servers written in
 * any language, or several processes, can drive one world over HTTP. Prints the URL and the
 * tokens to call it with (simulated credentials, printed on purpose: this is how a test harness
 * gets them), serves until SIGINT or SIGTERM, then closes cleanly.
 * @internal
 * @module
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

import { Simulator } from '../sim/simulator.js';
import { readWorldFile } from '../sim/snapshot.js';

export const SIM_USAGE = `Usage: social-sdk-node sim [--port N] [--host ADDR] [--world FILE] [--rate-limits development|off] [--clock real-time|manual] [--json]

Serves a simulated world over HTTP (the server API under <url>/api/v10) until Ctrl-C.
Prints the URL, a bot token per application and an access token per user and application.

Options:
  --port N                TCP port (default 8787; 0 picks a free one)
  --host ADDR             address to bind (default 127.0.0.1)
  --world FILE            a JSON world: { "applications": [{ "name" }], "users": [{ "username",
                          "globalName"?, "provisional"? }], "guilds": [{ "name", "owner", "members"?,
                          "bots"?: [{ "application", "permissions" }], "channels"?: [{ "name", "type"? }] }] }
                          (owners, members and applications by name), or a snapshot a Simulator
                          wrote (sim.snapshot({ path }): "version": 1, references by id);
                          default: one application
  --rate-limits MODE      development (default: the documented development limits) or off
  --clock MODE            real-time (default: rate-limit windows, Retry-After, expiries and
                          webhook retries follow the wall clock) or manual (the world's clock
                          stands still: nothing in this process advances it)
  --open                  print the inspector's URL (<url>/inspector/#secret=...: the world live in a
                          web page) and open it in a browser when this machine has a display
  --json                  print one JSON line instead of text
  -h, --help              this text
`;

/** A usage error: the message is shown with the usage line, exit status 2. */
export class SimUsageError extends Error {}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      strict: true,
      options: {
        port: { type: 'string', default: '8787' },
        host: { type: 'string', default: '127.0.0.1' },
        world: { type: 'string' },
        'rate-limits': { type: 'string', default: 'development' },
        clock: { type: 'string', default: 'real-time' },
        open: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    throw new SimUsageError(error instanceof Error ? (error.message.split('. ')[0] ?? error.message) : String(error));
  }
}

/** Whether a --host binds the loopback interface only (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare) || /^::ffff:127\./.test(bare);
}

function exposedWarning(url: string): string {
  return (
    `WARNING: the simulated service listens on ${url}, which other machines may reach, and this command prints ` +
    'every bot token, client secret and access token of its world. Use it on a trusted network only; ' +
    '--host 127.0.0.1 (the default) serves this machine only.\n'
  );
}

/**
 * Opens `url` in the desktop's browser when there is a desktop (macOS, Windows, or a Linux or BSD
 * session with a display); on a headless machine printing the URL is all `--open` does. A
 * launcher that is missing or fails changes nothing.
 */
function openInBrowser(url: string): void {
  const env = process.env;
  const command =
    process.platform === 'darwin' ? ['open', url]
    : process.platform === 'win32' ? ['rundll32', 'url.dll,FileProtocolHandler', url]
    : env.DISPLAY || env.WAYLAND_DISPLAY ? ['xdg-open', url]
    : undefined;
  if (!command) return;
  try {
    const child = spawn(command[0]!, command.slice(1), { detached: true, stdio: 'ignore' });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No launcher: the printed URL is enough.
  }
}

/** Runs the command; resolves with the exit status once the service has stopped. */
export async function runSim(argv: string[]): Promise<number> {
  const values = parse(argv);
  if (values.help) {
    process.stdout.write(SIM_USAGE);
    return 0;
  }
  const port = Number(values.port);
  if (!/^\d{1,5}$/.test(values.port) || port > 65535) throw new SimUsageError(`--port must be 0 to 65535, got '${values.port}'`);
  const rateLimits = values['rate-limits'];
  if (rateLimits !== 'development' && rateLimits !== 'off') throw new SimUsageError(`--rate-limits must be development or off, got '${rateLimits}'`);
  const clock = values.clock;
  if (clock !== 'real-time' && clock !== 'manual') throw new SimUsageError(`--clock must be real-time or manual, got '${clock}'`);
  let file: unknown = {};
  if (values.world !== undefined) {
    try {
      file = readWorldFile(values.world);
    } catch (error) {
      // The path is the one typed on this command line: shown back, as a CLI does.
      throw new SimUsageError(`--world ${values.world}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const sim = new Simulator({ clock });
  let world;
  try {
    // A parsed file is never taken for a path.
    if (typeof file === 'string') throw new TypeError('the world file must be a JSON object, got string');
    const loaded = sim.load(file as never);
    const applications = loaded.applications.length > 0 ? loaded.applications : [sim.defaultApplication];
    world = { applications, users: loaded.users, guilds: loaded.guilds };
  } catch (error) {
    if (error instanceof TypeError || error instanceof RangeError) throw new SimUsageError(`the world file: ${error.message}`);
    throw error;
  }
  const service = await sim.listen({ port, host: values.host, rateLimits });
  if (!isLoopback(values.host)) process.stderr.write(exposedWarning(service.url));
  const summary = {
    url: service.url,
    apiBase: service.apiBase,
    harnessUrl: service.harnessUrl,
    applications: world.applications.map((app) => ({ id: app.id, name: app.name, botUserId: app.botUserId, botToken: service.issueBotToken(app), clientSecret: service.clientSecret(app) })),
    users: world.users.map((user) => ({
      id: user.id,
      username: user.username,
      accessTokens: Object.fromEntries(world.applications.map((app) => [app.id, sim.issueToken(user, app).accessToken])),
    })),
    guilds: world.guilds,
    ...(values.open ? { inspectorUrl: service.inspectorUrl } : {}),
  };
  if (values.json) {
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  } else {
    const lines = [
      `Simulated service listening on ${service.url} (API base ${service.apiBase}); Ctrl-C stops it.`,
      `Other processes attach to this world (SDK clients, a Simulator harness) with SOCIAL_SDK_SIMULATOR=${service.harnessUrl}`,
    ];
    for (const app of summary.applications) lines.push(`application ${app.name} (${app.id}): Authorization: Bot ${app.botToken}; OAuth2 client secret ${app.clientSecret}`);
    for (const user of summary.users) {
      for (const [app, token] of Object.entries(user.accessTokens)) lines.push(`user ${user.username} (${user.id}) in ${app}: Authorization: Bearer ${token}`);
    }
    for (const guild of summary.guilds) lines.push(`guild ${guild.name} (${guild.id}): ${guild.channels.map((c) => `${c.name} ${c.id}`).join(', ')}`);
    if (summary.inspectorUrl !== undefined) lines.push(`Inspector: ${summary.inspectorUrl}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  if (summary.inspectorUrl !== undefined) openInBrowser(summary.inspectorUrl);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await service.close();
  if (!values.json) process.stdout.write('Simulated service stopped.\n');
  return 0;
}
