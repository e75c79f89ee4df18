// The layer rules of eslint.config.js, run by ESLint itself over probe texts placed (in name only) in
// each layer: the core imports no face, no sandbox, no Node and no workbook or office library; the pane
// no CLI and no Node, except its Node tools; the CLI no pane. Each refusal says the rule.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The type-aware rules need the file in the project; the probes are not on disk, so they are left out here.
const eslint = new ESLint({
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
    },
  },
});

/** The messages ESLint gives `text` as if it were the file `filePath` (relative to the repository). */
async function lint(filePath: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the layer rules', () => {
  it('the core imports nothing from the faces, the sandbox, Node, exceljs, papaparse or office-js, nor uses their globals', async () => {
    const messages = await lint(
      'shared/probe.ts',
      [
        "import { readFile } from 'node:fs/promises';",
        "import path from 'path';",
        "import ExcelJS from 'exceljs';",
        "import Papa from 'papaparse';",
        "import type { CommandIO } from '../batch/ui/io.ts';",
        "import type { HostError } from '../addin/taskpane/host.ts';",
        "import { SandboxOptionError } from '../sandbox/errors.ts';",
        'export const all = [readFile, path, ExcelJS, Papa, SandboxOptionError, process.env] as unknown as [CommandIO, HostError];',
      ].join('\n'),
    );
    expect(messages).toHaveLength(8);
    for (const message of messages) expect(message).toContain('shared/ is the pure core');
    expect(messages.filter((m) => m.startsWith('import-x/no-restricted-paths'))).toHaveLength(3);
  });

  it('the core may import its own modules and its libraries', async () => {
    const text =
      "import { z } from 'zod';\nimport { ShedError } from './errors/shed-error.ts';\nexport const both = [z, ShedError];\n";
    expect(await lint('shared/probe.ts', text)).toEqual([]);
  });

  it('the pane imports nothing from the CLI or Node; its Node tools may use Node', async () => {
    const text =
      "import { readFile } from 'node:fs/promises';\nimport type { CommandIO } from '../../batch/ui/io.ts';\nexport const x = [readFile] as unknown as CommandIO;\n";
    const pane = await lint('addin/app/probe.ts', text);
    expect(pane).toHaveLength(2);
    for (const message of pane) expect(message).toContain('addin/ runs in Excel');
    expect(
      await lint('addin/replay/probe.ts', "import { readFile } from 'node:fs/promises';\nexport const x = readFile;\n"),
    ).toEqual([]);
  });

  it('the CLI imports nothing from the pane', async () => {
    const messages = await lint(
      'batch/probe.ts',
      "import type { HostError } from '../addin/taskpane/host.ts';\nexport type X = HostError;\n",
    );
    expect(messages).toEqual([expect.stringContaining('batch/ (the CLI) imports nothing from the add-in')]);
  });
});
