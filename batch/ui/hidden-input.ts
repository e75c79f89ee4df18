/** Questions on the terminal: a line read without echo (the token) and a yes/no confirmation. */
import { createInterface } from 'node:readline';

/**
 * Reads one line from standard input without echoing it (for the token). On a terminal, keystrokes
 * are hidden; from a pipe, the first line is read as is.
 */
export function readHiddenLine(prompt: string): Promise<string> {
  const input = process.stdin;
  const output = process.stderr;
  const rl = createInterface({ input, output, terminal: Boolean(input.isTTY) });
  if (input.isTTY) {
    output.write(prompt);
    // Replace what readline would echo with nothing; the prompt stays.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
  }
  return new Promise((resolve) => {
    rl.once('line', (line) => {
      if (input.isTTY) output.write('\n');
      // Resolve before closing: close emits 'close' at once, which would resolve an empty answer first.
      resolve(line);
      rl.close();
    });
    rl.once('close', () => resolve(''));
  });
}

/** Asks a yes/no question on the terminal; anything but y/yes is no. Without a terminal: no. */
export async function askYesNo(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  const answer = await new Promise<string>((resolve) => rl.question(question, resolve));
  rl.close();
  return /^y(es)?$/i.test(answer.trim());
}
