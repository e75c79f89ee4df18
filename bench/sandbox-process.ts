/**
 * Starts the sandbox in a child process (bench/sandbox-child.ts) and drives it: fault settings,
 * request counts, close. The benches measure the client in this process; the service runs beside it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FaultOptions } from '../sandbox/index.ts';
import { BENCH_TMP } from './measure.ts';
import type { ChildSeed } from './sandbox-child.ts';

/** A sandbox running in its own process. */
export interface SandboxProcess {
  url: string;
  /** Replaces every fault setting (as `RunningSandbox.setFaults`). */
  setFaults(faults: FaultOptions): Promise<void>;
  /** Requests seen, committed writes, requests per route (as `RunningSandbox.stats`). */
  stats(): Promise<{ requests: number; writes: number; byRoute: Record<string, number> }>;
  resetStats(): Promise<void>;
  close(): Promise<void>;
}

/** Forks the sandbox with `seed` and `faults`; resolves once it listens. */
export async function startSandboxProcess(seed: ChildSeed, faults: FaultOptions = {}): Promise<SandboxProcess> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./sandbox-child.ts', import.meta.url)), [], {
    // BENCH_PROFILE_SANDBOX=1: the sandbox writes a CPU profile into bench/tmp/profiles when it exits.
    execArgv: [
      ...(process.env.BENCH_PROFILE_SANDBOX ? ['--cpu-prof', '--cpu-prof-dir', `${BENCH_TMP}profiles`] : []),
      '--import',
      'tsx',
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 0;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  child.on('message', (m: { id: number; ok: boolean; value?: unknown; error?: string }) => {
    const w = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.ok) w?.resolve(m.value);
    else w?.reject(new Error(`sandbox process: ${m.error}`));
  });
  child.on('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`sandbox process exited (${code})`));
    waiting.clear();
  });
  const call = <T>(op: string, extra: object = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ id, op, ...extra });
    });
  const { url } = await call<{ url: string }>('start', { seed, faults });
  return {
    url,
    setFaults: (f) => call('faults', { faults: f }),
    stats: () => call('stats'),
    resetStats: () => call('reset'),
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await call('close').catch(() => undefined);
      await exited;
    },
  };
}
