#!/usr/bin/env node
/**
 * The `social-sdk-node` command: `doctor` (exit 0 when supported, 1 when not) and `sim` (the
 * simulated service over HTTP, lib/bin/sim-command.ts); 2 on a usage error.
 * @internal
 * @module
 */
import { parseArgs } from 'node:util';

import { runDoctor, type DoctorOptions } from './doctor.js';
import { SIM_USAGE, SimUsageError, runSim } from './sim-command.js';
import { formatDoctorReport } from './doctor-text.js';
import { parsePlatformTarget } from '../support/platform.js';
import { formatSdkVersion, parseSdkVersion } from '../support/version.js';

const USAGE = `Usage: social-sdk-node doctor [--json] [--sdk-version X.Y.Z] [--target PLATFORM@VERSION]
       social-sdk-node sim [--port N] [--world FILE] ... (social-sdk-node sim --help)

Prints the package version, the backend, the SDK version and its support verdict, the platform
verdict, the Node and N-API versions, and where the native addon was loaded from.

Options:
  --json                  machine-readable output
  --sdk-version X.Y.Z     check this SDK version instead of the loaded one (e.g. 1.9.18337)
  --target PLATFORM@VER   check this platform instead of the host: macos-x64@10.15,
                          macos-arm64@14.5, console1@241000 (GDK), console2@10.000 (console SDK)
  -h, --help              this text

Exit status: 0 supported, 1 not supported, 2 usage error.
`;

class UsageError extends Error {}

function parse(argv: string[]): DoctorOptions & { json: boolean; help: boolean } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: 'boolean', default: false },
        'sdk-version': { type: 'string' },
        target: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    // Node's first sentence ("Unknown option '--x'"); the rest is about '--' positionals.
    throw new UsageError(error instanceof Error ? (error.message.split('. ')[0] ?? error.message) : String(error));
  }
  const { values, positionals } = parsed;
  if (values.help) return { json: false, help: true };
  if (positionals.length === 0) throw new UsageError('no command given');
  if (positionals[0] !== 'doctor' && positionals[0] !== 'sim') throw new UsageError(`unknown command '${positionals[0]}'`);
  if (positionals.length > 1) throw new UsageError(`unexpected argument '${positionals[1]}'`);
  const options: DoctorOptions & { json: boolean; help: boolean } = { json: values.json, help: false };
  try {
    if (values['sdk-version'] !== undefined) options.sdkVersion = formatSdkVersion(parseSdkVersion(values['sdk-version']));
    if (values.target !== undefined) {
      parsePlatformTarget(values.target);
      options.target = values.target;
    }
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  return options;
}

function main(argv: string[]): number {
  let options;
  try {
    options = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`social-sdk-node: ${error.message}\n${USAGE.split('\n')[0]}\nRun social-sdk-node --help for details.\n`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const report = runDoctor(options);
  process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : formatDoctorReport(report));
  return report.ok ? 0 : 1;
}

async function sim(argv: string[]): Promise<number> {
  try {
    return await runSim(argv);
  } catch (error) {
    if (!(error instanceof SimUsageError)) throw error;
    process.stderr.write(`social-sdk-node sim: ${error.message}\n${SIM_USAGE.split('\n')[0]}\n`);
    return 2;
  }
}

const args = process.argv.slice(2);
if (args[0] === 'sim') {
  void sim(args.slice(1)).then((status) => {
    process.exitCode = status;
  });
} else {
  process.exitCode = main(args);
}
