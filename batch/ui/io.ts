/**
 * Where a command writes: machine output on `out` (standard output), progress and the human
 * summary on `err` (standard error). Commands take this instead of touching `process`, so tests can
 * call them directly and read what they printed.
 */
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

/** A memory IO's environment by default: a config (and profiles folder) that does not exist, so nothing of this machine's is read. */
const MACHINE_FREE_ENV: NodeJS.ProcessEnv = { SHED_CONFIG: '/nonexistent/shed-sheets/config.json' };

/** A CommandIO that keeps everything written, for tests. */
export function memoryIO(
  env: NodeJS.ProcessEnv = MACHINE_FREE_ENV,
): CommandIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => void stdout.push(t), err: (t) => void stderr.push(t), isTTY: false, env };
}
