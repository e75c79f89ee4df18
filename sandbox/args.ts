/**
 * The sandbox's command-line options (`npm run sandbox`, `shed sandbox`): parsed into start options, with the
 * usage text.
 */
import { parseArgs } from 'node:util';
import { SandboxOptionError } from './errors.ts';
import type { CountName, FaultOptions, SandboxOptions, StorageFieldSet } from './types.ts';

/** Port of `npm run sandbox` when `--port` is not given. */
export const DEFAULT_PORT = 4010;

/** The command-line options of `sandbox/serve.ts`, for `--help`. */
export const SANDBOX_USAGE = `Usage: tsx sandbox/serve.ts [options]

  --port N               port to listen on (default ${DEFAULT_PORT}; 0 = any free port)
  --host HOST            interface to listen on (default 127.0.0.1)
  --data FILE            keep the state in FILE (loaded when it exists, else created from the seed)
  --empty                start with no data at all instead of the demo seed
  --no-history           demo catalogue only, without the generated receipts and returns
  --now ISO              run the clock as if it had been ISO at start (the history is dated before it)
  --latency MS           delay every request by MS milliseconds
  --jitter MS            plus a random 0..MS milliseconds
  --failure-rate R       answer a share R (0..1) of requests with 500 or 503
  --rate-limit N         allow N requests per second; the rest get 429 with Retry-After
  --retry-after S        seconds in the Retry-After of a 429 (default 1)
  --drop-rate R          after a share R (0..1) of committed writes, close the connection with no response
  --fault-seed N         seed of the fault generator (default 1)
  --storage-fields SET   table | example | mixed (gaps row 20; default table)
  --count-name NAME      default | total_entries | total_count | both | none (gaps row 21)
  --quiet                print nothing
  -h, --help             this text`;

function numberOption(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value))
    throw new SandboxOptionError(`--${name} must be a number (got "${raw}").`);
  return value;
}

/** A clock that reads `iso` now and runs on from there in real time. */
function clockFrom(iso: string): () => Date {
  const start = Date.parse(iso);
  if (Number.isNaN(start)) throw new SandboxOptionError(`--now must be an ISO 8601 date-time (got "${iso}").`);
  const offset = start - Date.now();
  return () => new Date(Date.now() + offset);
}

/**
 * Turns `sandbox/serve.ts` arguments into {@link SandboxOptions} ('help' for -h/--help). Throws
 * {@link SandboxOptionError} for an unknown option or a value that is not a number; ranges and
 * switch values are checked by startSandbox.
 */
export function parseSandboxArgs(args: string[]): SandboxOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        empty: { type: 'boolean' },
        'no-history': { type: 'boolean' },
        now: { type: 'string' },
        latency: { type: 'string' },
        jitter: { type: 'string' },
        'failure-rate': { type: 'string' },
        'rate-limit': { type: 'string' },
        'retry-after': { type: 'string' },
        'drop-rate': { type: 'string' },
        'fault-seed': { type: 'string' },
        'storage-fields': { type: 'string' },
        'count-name': { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new SandboxOptionError((error as Error).message);
  }
  const values = parsed.values;
  if (values.help) return 'help';
  const rps = numberOption('rate-limit', values['rate-limit']);
  const faults: FaultOptions = {
    latencyMs: numberOption('latency', values.latency),
    jitterMs: numberOption('jitter', values.jitter),
    failureRate: numberOption('failure-rate', values['failure-rate']),
    dropAfterCommitRate: numberOption('drop-rate', values['drop-rate']),
    seed: numberOption('fault-seed', values['fault-seed']),
    rateLimit:
      rps === undefined
        ? undefined
        : { requestsPerSecond: rps, retryAfterSeconds: numberOption('retry-after', values['retry-after']) },
  };
  return {
    port: numberOption('port', values.port) ?? DEFAULT_PORT,
    host: values.host,
    dataFile: values.data,
    seed: values.empty ? 'empty' : 'demo',
    history: !values['no-history'],
    now: values.now === undefined ? undefined : clockFrom(values.now),
    faults,
    variants: {
      storageFields: values['storage-fields'] as StorageFieldSet | undefined,
      countName: values['count-name'] as CountName | undefined,
    },
    quiet: values.quiet ?? false,
  };
}
