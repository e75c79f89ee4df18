/**
 * Bench 6, start-up (issue 25): `shed --help` and `shed --version` from the installed npm package
 * against a bare `node -e ""` in the same run, and the clone's `batch/bin/shed.js --help` (the
 * sources through tsx) for comparison. The package is built with `npm pack` (which compiles
 * dist/cli) and installed globally into bench/tmp/startup-prefix (dependencies from the npm cache where
 * it can). Each command runs `runs` times, interleaved so that a change in the machine's load falls
 * on every case alike; the median wall time from spawn to exit is kept.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BENCH_TMP, figure, log, median, now, type Figure } from './measure.ts';

const run = promisify(execFile);

/** `shed --help` and `--version` must start in at most this many milliseconds (issue 25). */
export const STARTUP_TARGET_MS = 150;

/** The environment of the children: no npm_* variables inherited from `npm run bench`. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));
}

/** Packs the repository and installs the package into a fresh prefix; returns the path of its `shed`. */
async function installPackage(): Promise<string> {
  const dir = join(BENCH_TMP, 'startup');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { env: cleanEnv() });
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string }[];
  const prefix = join(dir, 'prefix');
  const tgz = join(dir, packed!.filename);
  await run('npm', ['install', '--global', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tgz], {
    env: cleanEnv(),
    maxBuffer: 16 * 1024 * 1024,
  });
  return join(prefix, 'bin', 'shed');
}

/** Wall time of one run of `command args`, spawn to exit, milliseconds. Rejects when it fails. */
async function once(command: string, args: string[]): Promise<number> {
  const start = now();
  const child = spawn(command, args, { stdio: 'ignore', env: cleanEnv() });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}`);
  return now() - start;
}

/** Runs the start-up bench: `runs` interleaved runs of each command (default 15). */
export async function benchStartup(runs = 15): Promise<{ figures: Figure[]; details: unknown }> {
  log('start-up: packing and installing the package');
  const shed = await installPackage();
  const cases = {
    node: [process.execPath, ['-e', '']],
    help: [shed, ['--help']],
    version: [shed, ['--version']],
    clone: [process.execPath, ['batch/bin/shed.js', '--help']],
  } as const;
  const times: Record<keyof typeof cases, number[]> = { node: [], help: [], version: [], clone: [] };
  for (const [command, args] of Object.values(cases)) await once(command, [...args]); // warm the file cache
  for (let i = 0; i < runs; i++) {
    for (const [name, [command, args]] of Object.entries(cases)) {
      times[name as keyof typeof cases].push(await once(command, [...args]));
    }
  }
  const node = median(times.node);
  const label = `node -e "" ${runs} runs, median`;
  const note = `ratio against a bare node in the same run; target ${STARTUP_TARGET_MS} ms absolute`;
  const startup = (name: string, ms: number, target: boolean): Figure =>
    figure({
      bench: 'startup',
      case: name,
      measured: ms,
      unit: 'ms',
      baseline: node,
      baselineLabel: label,
      target: target ? { kind: 'max', value: STARTUP_TARGET_MS } : null,
      note,
    });
  return {
    figures: [
      startup('shed --help, installed package', median(times.help), true),
      startup('shed --version, installed package', median(times.version), true),
      startup('shed --help, clone (sources through tsx)', median(times.clone), false),
    ],
    details: { runs, times },
  };
}
