/**
 * The `shed` program: builds the command tree and turns what ends a command (typed errors included) into
 * its exit status.
 */
import { Command } from 'commander';
import { ShedError } from '../../shared/errors/shed-error.ts';
import type { CommandIO } from '../ui/io.ts';
import { processIO } from '../ui/io.ts';
import { EXIT, exitStatusFor } from './exit-status.ts';
import { cliErrorMessage } from './remedy-wording.ts';
import { registerCommands } from './commands.ts';
import { TOOL_VERSION } from './version.ts';

/**
 * The `shed` program. One top-level catch turns typed errors into exit statuses (PRODUCT.md):
 * 2 usage, config or unreadable input; 3 connection, authentication or entitlement; 1 otherwise.
 */
export async function main(argv: string[], io: CommandIO = processIO()): Promise<number> {
  const program = new Command('shed')
    .description('Move farm stock records between spreadsheets and the farm-inputs service')
    .version(TOOL_VERSION, '-V, --version', 'print the version of shed')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: (text) => io.out(text), writeErr: (text) => io.err(text) })
    .exitOverride();
  let status: number = EXIT.ok;
  registerCommands(program, io, (code) => {
    status = code;
  });
  try {
    await program.parseAsync(argv);
    return status;
  } catch (error) {
    return handle(error, io.err);
  }
}

function handle(error: unknown, err: (text: string) => void): number {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('commander.')) {
    // Commander has printed help, the version, or the usage error already.
    return code === 'commander.helpDisplayed' || code === 'commander.version' || code === 'commander.help'
      ? EXIT.ok
      : EXIT.usage;
  }
  if (error instanceof ShedError) {
    err(`shed: ${cliErrorMessage(error)}`);
  } else {
    err(`shed: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  return exitStatusFor(error);
}

export { wholeNumber } from './option-parsers.ts';
