import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);

// An installed package's layout (no .git): the real bin, a package.json, and a dist/cli whose
// program says it was loaded, so a bare `--version` or `--help` answered without it shows.
describe('batch/bin/shed.js in an installed package', () => {
  let dir = '';
  const bin = (): string => join(dir, 'batch', 'bin', 'shed.js');

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shed-bin-'));
    await mkdir(join(dir, 'batch', 'bin'), { recursive: true });
    await mkdir(join(dir, 'dist', 'cli'), { recursive: true });
    await copyFile('batch/bin/shed.js', bin());
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'shed-sheets', version: '9.8.7', type: 'module' }),
    );
    await writeFile(
      join(dir, 'dist', 'cli', 'run.js'),
      "process.stdout.write('program loaded ' + process.argv.slice(2).join(' '));\n",
    );
    await writeFile(join(dir, 'dist', 'cli', 'help.txt'), 'Usage: shed [options] [command]\n(the built help)\n');
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers a bare --version or -V from package.json without loading the program', async () => {
    expect((await run(process.execPath, [bin(), '--version'])).stdout).toBe('9.8.7\n');
    expect((await run(process.execPath, [bin(), '-V'])).stdout).toBe('9.8.7\n');
  });

  it('answers a bare --help or -h with the help the build wrote', async () => {
    expect((await run(process.execPath, [bin(), '--help'])).stdout).toBe(
      'Usage: shed [options] [command]\n(the built help)\n',
    );
    expect((await run(process.execPath, [bin(), '-h'])).stdout).toContain('(the built help)');
  });

  it("loads the program for anything else, a command's own help included", async () => {
    expect((await run(process.execPath, [bin(), 'orgs', '--help'])).stdout).toBe('program loaded orgs --help');
    expect((await run(process.execPath, [bin(), '--version', 'x'])).stdout).toBe('program loaded --version x');
  });
});
