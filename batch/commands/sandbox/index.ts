/** `shed sandbox`: runs the local sandbox service from the CLI, with the same options as `npm run sandbox`. */
import { SANDBOX_USAGE, parseSandboxArgs } from '../../../sandbox/args.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import type { CommandIO } from '../../ui/io.ts';
import { UsageError } from '../../../shared/errors/usage-error.ts';

/** Options of `shed sandbox`: the same arguments as `npm run sandbox` (sandbox/args.ts). */
export interface SandboxCommandOptions {
  args: string[];
  io: CommandIO;
  /** Resolves when the sandbox should stop; default: Ctrl-C or SIGTERM. */
  until?: Promise<void>;
}

/**
 * `shed sandbox [--port N] [--data FILE] [...]`: runs the local sandbox service with the demo seed
 * until interrupted; it prints its base URL and the demo tokens (demo data, not secrets). Every
 * switch of `npm run sandbox` works here too (faults, variants, clock): see `shed sandbox --help`.
 * @throws UsageError (exit 2) for a bad option.
 */
export async function sandboxCommand(options: SandboxCommandOptions): Promise<void> {
  let parsed: ReturnType<typeof parseSandboxArgs>;
  try {
    parsed = parseSandboxArgs(options.args);
  } catch (error) {
    throw new UsageError(
      `${(error as Error).message}\n\n${SANDBOX_USAGE.replace('tsx sandbox/serve.ts', 'shed sandbox')}`,
    );
  }
  if (parsed === 'help') {
    options.io.out(SANDBOX_USAGE.replace('tsx sandbox/serve.ts', 'shed sandbox'));
    return;
  }
  const sandbox = await startSandbox(parsed);
  await (options.until ??
    new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    }));
  await sandbox.close();
}
