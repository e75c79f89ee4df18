/**
 * Runs the sandbox from the command line: `tsx sandbox/serve.ts [options]` (`--help` lists them).
 * Prints the base URL and the demo tokens, serves until interrupted (Ctrl-C, SIGTERM), then writes
 * the `--data` file and exits. Exit status 2 for bad usage, 1 when the sandbox cannot start.
 */
import { SANDBOX_USAGE, parseSandboxArgs } from './args.ts';
import { SandboxOptionError } from './errors.ts';
import { startSandbox, type RunningSandbox } from './index.ts';

async function main(): Promise<number | null> {
  let sandbox: RunningSandbox;
  try {
    const options = parseSandboxArgs(process.argv.slice(2));
    if (options === 'help') {
      console.log(SANDBOX_USAGE);
      return 0;
    }
    sandbox = await startSandbox(options);
  } catch (error) {
    const usage = error instanceof SandboxOptionError;
    console.error(`sandbox: ${(error as Error).message}${usage ? `\n\n${SANDBOX_USAGE}` : ''}`);
    return usage ? 2 : 1;
  }
  const stop = () => {
    sandbox.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`sandbox: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return null;
}

const status = await main();
if (status !== null) process.exitCode = status;
