import { startSandbox } from '../../../sandbox/index.ts';
import type { CommandIO } from '../../ui/io.ts';

/** Options of `shed sandbox`. */
export interface SandboxCommandOptions {
  port?: number;
  data?: string;
  latencyMs?: number;
  io: CommandIO;
}

/**
 * `shed sandbox`: runs the local sandbox service with the demo seed until interrupted, and prints
 * its base URL and the demo tokens (they are demo data, not secrets).
 */
export async function sandboxCommand(options: SandboxCommandOptions): Promise<void> {
  const sandbox = await startSandbox({
    quiet: true,
    port: options.port ?? 4010,
    ...(options.data ? { dataFile: options.data } : {}),
    ...(options.latencyMs ? { faults: { latencyMs: options.latencyMs } } : {}),
  });
  options.io.err(`Sandbox running at ${sandbox.url} (Ctrl-C to stop)`);
  options.io.err(`  export SHED_BASE_URL=${sandbox.url}`);
  options.io.err('  tokens: demo-token-willow (Willow Creek Pastoral Co, Red Gum Grazing), demo-token-banksia (Banksia Downs Trust)');
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await sandbox.close();
}
