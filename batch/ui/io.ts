/**
 * Where a command writes: machine output on `out` (standard output), progress and the human
 * summary on `err` (standard error). Commands take this instead of touching `process`, so tests can
 * call them directly and read what they printed.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CommandIO {
  out(text: string): void;
  err(text: string): void;
  /** Whether standard error is a terminal: progress bars only then. */
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
}

/** The process's own standard output and error. */
export function processIO(): CommandIO {
  return {
    out: (text) => void process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    err: (text) => void process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    isTTY: Boolean(process.stderr.isTTY),
    env: process.env,
  };
}

let memoryIOs = 0;

/**
 * A memory IO's environment by default: a config (and profiles and recipes folders) of its own, in a
 * folder no one has made, so nothing of this machine's is read, and nothing one run saves (a recipe
 * learned) is read by another.
 */
function machineFreeEnv(): NodeJS.ProcessEnv {
  memoryIOs += 1;
  return { SHED_CONFIG: join(tmpdir(), `shed-memory-io-${process.pid}-${memoryIOs}`, 'config.json') };
}

/** A CommandIO that keeps everything written, for tests. */
export function memoryIO(
  env: NodeJS.ProcessEnv = machineFreeEnv(),
): CommandIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => void stdout.push(t), err: (t) => void stderr.push(t), isTTY: false, env };
}
