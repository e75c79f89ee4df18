// A missing-column refusal of a workbook's sheet says which other sheets have the columns, worded per
// face: the CLI's --sheet and --all-sheets, the pane's sheet choice. Over the sandbox on 127.0.0.1.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paneText } from '../../../addin/app/remedy-wording.ts';
import { importManyCommand } from '../../../batch/commands/import/many.ts';
import { cliErrorMessage } from '../../../batch/cli/remedy-wording.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { EXAMPLE_HEADER } from '../../support/example-header.ts';

const LINES = [...EXAMPLE_HEADER];

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  dir = await mkdtemp(join(tmpdir(), 'shed-other-sheets-'));
});
afterAll(async () => {
  await sandbox?.close();
});

async function workbook(name: string, linesSheet: boolean): Promise<string> {
  const path = join(dir, name);
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Invoices').addRows([
    ['Invoice No', 'Supplier', 'Date Received', 'Deliver To', 'Total'],
    ['OS-1', 'Farmco Rural Supplies', '3/02/2026', 'Main Chemical Shed', 370],
  ]);
  if (linesSheet) {
    wb.addWorksheet('Lines').addRows([
      ['Farmco Rural Supplies: lines of February'],
      LINES,
      ['OS-1', 'Farmco Rural Supplies', '3/02/2026', 'Main Chemical Shed', 'Glyfos 540', 2, 20, 'L', 185],
    ]);
  }
  wb.addWorksheet('Notes').addRows([['Pay by the 30th']]);
  await wb.xlsx.writeFile(path);
  return path;
}

async function refusal(file: string): Promise<MappingError> {
  const error = await importManyCommand({
    baseUrl: sandbox.url,
    token: 'demo-token-willow',
    org: 'Willow Creek Pastoral Co',
    profilesDir: join(dir, 'no-profiles'),
    recipesDir: join(dir, 'no-recipes'),
    kind: 'receipts',
    files: [file],
    dryRun: true,
    io: memoryIO(),
  }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MappingError);
  return error as MappingError;
}

describe('a sheet without the line columns, in a workbook with a sheet that has them', () => {
  it('is refused naming that sheet: --sheet or --all-sheets on the CLI, the sheet choice in the pane', async () => {
    const error = await refusal(await workbook('two-sheets.xlsx', true));
    expect(error.code).toBe('missing_fields');
    const words = cliErrorMessage(error);
    expect(words).toContain("sheet 'Invoices'");
    expect(words).toContain(
      'The sheet \'Lines\' has them: pass --sheet "Lines" to import it, or --all-sheets to import every sheet that has them.',
    );
    const pane = paneText(error.message, error.remedies);
    expect(pane).toContain('The sheet ‘Lines’ has them: choose it on the Import tab to import it.');
    expect(pane).not.toContain('--');
  });

  it('says nothing of other sheets when none has the columns', async () => {
    const error = await refusal(await workbook('one-sheet.xlsx', false));
    expect(error.code).toBe('missing_fields');
    expect(cliErrorMessage(error)).not.toContain('--sheet');
    expect(error.remedies?.some((r) => r.code === 'other_sheets')).toBe(false);
  });
});
