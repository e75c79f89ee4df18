/**
 * Starts and stops the sandbox service: the seed or state file, the switches and faults, the HTTP server on
 * 127.0.0.1; what tests, benchmarks and `shed sandbox` call.
 */
import { createAdaptorServer } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTH_HEADER } from '../shared/service/gaps.ts';
import { createApp } from './app.ts';
import { SandboxOptionError } from './errors.ts';
import { FaultInjector } from './faults.ts';
import { StateFile, readStateFile } from './persist.ts';
import { buildSeed } from './seed.ts';
import { SandboxStore, type SandboxState } from './store.ts';
import type { FaultOptions, SandboxOptions, SandboxStats, Variants } from './types.ts';

export type { SandboxState } from './store.ts';
export type * from './types.ts';
export { SandboxDataError, SandboxOptionError } from './errors.ts';
export { DEMO_CATALOGUE_PATH, readDemoCatalogue } from './seed.ts';

/** A started sandbox. `state` is the live store, for tests to read (change it through HTTP only). */
export interface RunningSandbox {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string;
  port: number;
  /** Stops listening, drops open connections and writes the `dataFile` if there is one. */
  close(): Promise<void>;
  state: SandboxState;
  /** Replaces every fault setting (omitted ones are off); throws SandboxOptionError when out of range. */
  setFaults(faults: FaultOptions): void;
  /** Replaces both switches (omitted ones go back to their defaults: table, default). */
  setVariants(variants: Variants): void;
  stats: SandboxStats;
}

const STORAGE_FIELDS = ['table', 'example', 'mixed'] as const;
const COUNT_NAMES = ['default', 'total_entries', 'total_count', 'both', 'none'] as const;

/** The switches with defaults filled in; throws {@link SandboxOptionError} on an unknown value. */
export function resolveVariants(variants: Variants = {}): Required<Variants> {
  const storageFields = variants.storageFields ?? 'table';
  const countName = variants.countName ?? 'default';
  if (!STORAGE_FIELDS.includes(storageFields)) {
    throw new SandboxOptionError(`storageFields must be one of ${STORAGE_FIELDS.join(', ')} (got "${storageFields}").`);
  }
  if (!COUNT_NAMES.includes(countName)) {
    throw new SandboxOptionError(`countName must be one of ${COUNT_NAMES.join(', ')} (got "${countName}").`);
  }
  return { storageFields, countName };
}

function createStats(): SandboxStats {
  const stats: SandboxStats = {
    requests: 0,
    writes: 0,
    inFlight: 0,
    peakInFlight: 0,
    byRoute: {},
    faultsInjected: { failures: 0, rateLimited: 0, dropped: 0 },
    writeLog: [],
    // In place, so that references a test holds to byRoute or faultsInjected stay live.
    reset() {
      stats.requests = 0;
      stats.writes = 0;
      stats.writeLog.length = 0;
      stats.peakInFlight = stats.inFlight;
      for (const key of Object.keys(stats.byRoute)) delete stats.byRoute[key];
      Object.assign(stats.faultsInjected, { failures: 0, rateLimited: 0, dropped: 0 });
    },
  };
  return stats;
}

/** The start-up text: base URL, where the state lives, and each token with the organisations it sees. */
export function describeSandbox(url: string, state: SandboxState, dataFile?: string): string {
  const lines = [`shed sandbox listening on ${url}`, `  state: ${dataFile ? `kept in ${dataFile}` : 'in memory'}`];
  lines.push(`  tokens (send as "${AUTH_HEADER.name}: ${AUTH_HEADER.scheme} <token>"):`);
  const width = Math.max(0, ...[...state.tokens.keys()].map((t) => t.length));
  for (const token of state.tokens.values()) {
    const orgs = token.organisation_ids.map((id) => {
      const org = state.organisations.get(id);
      return org ? `${org.name}${org.shed_entitlement ? '' : ' (no shed subscription)'}` : id;
    });
    lines.push(`    ${token.token.padEnd(width)}  ${orgs.join(', ')}`);
  }
  return lines.join('\n');
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Starts the sandbox service over HTTP: the demo seed (or the given one, or the state in
 * `dataFile`), on `host:port` (127.0.0.1, a free port by default). Prints the base URL and the
 * tokens unless `quiet`. Throws {@link SandboxOptionError} for options out of range,
 * {@link SandboxDataError} for unusable seed or state data, and the listen error (e.g. EADDRINUSE).
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const now = options.now ?? (() => new Date());
  const warn = options.quiet ? () => {} : (line: string) => console.error(line);
  const faults = new FaultInjector(options.faults);
  let variants = resolveVariants(options.variants);
  const saved = options.dataFile ? await readStateFile(options.dataFile) : null;
  const seed = saved ?? buildSeed({ seed: options.seed ?? 'demo', history: options.history ?? true, now, warn });
  const store = new SandboxStore(seed, now);
  const stats = createStats();
  store.onCommit(() => stats.writes++);
  const stateFile = options.dataFile ? new StateFile(options.dataFile, () => store.snapshot(), warn) : null;
  if (stateFile) {
    store.onCommit(() => stateFile.schedule());
    if (!saved) await stateFile.flush();
  }
  const app = createApp({
    store,
    faults,
    stats,
    variants: () => variants,
    log: warn,
    recordWrites: options.recordWrites ?? false,
  });
  const host = options.host ?? '127.0.0.1';
  const server = createAdaptorServer({ fetch: app.fetch, hostname: host }) as Server;
  const port = await listen(server, options.port ?? 0, host);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (!options.quiet) console.log(describeSandbox(url, store, options.dataFile));
  return {
    url,
    port,
    state: store,
    stats,
    setFaults: (f) => faults.set(f),
    setVariants: (v) => {
      variants = resolveVariants(v);
    },
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      await stateFile?.close();
    },
  };
}
