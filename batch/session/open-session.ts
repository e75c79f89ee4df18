/**
 * Opens a CLI command's session with the service: connection settings resolved, a client built, the organisation
 * chosen.
 */
import type { OrgClient, ServiceClient } from '../../shared/client/index.ts';
import { createServiceClient } from '../../shared/client/index.ts';
import type { Organisation } from '../../shared/schemas/resources.ts';
import { chooseOrganisation } from '../../shared/session/choose-organisation.ts';
import { configPath, loadConfig } from '../config/config-file.ts';
import type { Connection, ConnectionFlags } from '../config/connection.ts';
import { resolveConnection } from '../config/connection.ts';
import type { CommandIO } from '../ui/io.ts';

/** An open connection to the service in one organisation. */
export interface Session {
  connection: Connection;
  client: ServiceClient;
  organisation: Organisation;
  org: OrgClient;
}

/** Client tuning a command may pass: retries and timeouts (milliseconds). */
export interface ClientTuning {
  timeoutMs?: number;
  retries?: number;
  pageConcurrency?: number;
  /** Requests in flight at once across the whole run (an import's `--concurrency`). */
  maxInFlight?: number;
  /** First back-off delay, milliseconds (tests and benchmarks shorten it). */
  minRetryDelayMs?: number;
  maxRetryDelayMs?: number;
}

/**
 * Resolves the connection (flags, environment, saved config), opens a client and picks the
 * organisation (`--org`, or the only one the token sees). Aborting `signal` stops the organisations'
 * request (it then rejects with the signal's reason).
 * @throws ConfigError (exit 2), AuthenticationError / NetworkError (exit 3), OrganisationChoiceError.
 */
export async function openSession(
  flags: ConnectionFlags,
  io: CommandIO,
  tuning: ClientTuning = {},
  signal?: AbortSignal,
): Promise<Session> {
  const connection = await connect(flags, io);
  const client = openClient(connection, io, tuning);
  const organisations = await client.listOrganisations(signal ? { signal } : {});
  const organisation = chooseOrganisation(organisations, connection.org);
  return { connection, client, organisation, org: client.forOrganisation(organisation.id) };
}

/** The connection settings alone, from flags, then environment, then the saved config. */
export async function connect(flags: ConnectionFlags, io: CommandIO): Promise<Connection> {
  return resolveConnection(flags, io.env, await loadConfig(configPath(io.env)));
}

/** A service client for a connection; retries are reported on standard error when it is a terminal. */
export function openClient(connection: Connection, io: CommandIO, tuning: ClientTuning = {}): ServiceClient {
  // SHED_RETRY_DELAY_MS: the first back-off delay (default 500 ms), for slow links or quick tests.
  const delay = Number(io.env.SHED_RETRY_DELAY_MS);
  if (Number.isInteger(delay) && delay > 0)
    tuning = { minRetryDelayMs: delay, maxRetryDelayMs: Math.max(delay * 20, 1000), ...tuning };
  return createServiceClient({
    baseUrl: connection.baseUrl,
    token: connection.token,
    ...(connection.auth ? { auth: connection.auth } : {}),
    ...tuning,
    userAgent: 'shed-sheets',
    onRetry: (info) => {
      if (io.isTTY) io.err(`  retrying in ${Math.round(info.delayMs)} ms: ${info.reason}`);
    },
  });
}
