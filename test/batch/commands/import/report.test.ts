// The import's one-line summary (batch/commands/import/report.ts): what an interrupted run says it left.
import { describe, expect, it } from 'vitest';
import { printSummary, type ImportSummary } from '../../../../batch/commands/import/report.ts';
import { countStatuses } from '../../../../shared/import/results.ts';
import { memoryIO } from '../../../../batch/ui/io.ts';

/** A summary of a run of 3 receipts that was interrupted with `notSent` of them not sent. */
function interrupted(notSent: number): ImportSummary {
  const rows = countStatuses([]);
  rows.created = 3 - notSent;
  return {
    kind: 'receipts',
    file: 'march.xlsx',
    sheet: 'Invoices',
    organisation: { id: 'org-1', name: 'Willow Creek Pastoral Co' },
    dryRun: false,
    rows,
    records: { ...rows, total: 3, valid: 3, alreadyCreated: 0, notSent },
    resultsFile: 'march.results.xlsx',
    journalFile: 'march.xlsx.journal.jsonl',
    mapping: { columns: {} } as unknown as ImportSummary['mapping'],
    mappingEvidence: [],
    problems: [],
    warnings: [],
    notices: [],
    updates: [],
    notDone: [],
    hiddenRowsSkipped: 0,
    concurrency: { adaptive: false, reached: 1, pushedBack: 0, pacedTo: null },
    interrupted: true,
    recipes: { applied: [], rowsResolved: 0, learned: [], saved: null },
    exitCode: 130,
  };
}

function said(summary: ImportSummary): string {
  const io = memoryIO();
  printSummary(summary, io, { source: 'march.xlsx', headerRowNumber: 1 });
  return io.stderr.join('\n');
}

describe('printSummary of an interrupted run', () => {
  it('says the rest were not sent, and to run again, when records were left unsent', () => {
    const text = said(interrupted(2));
    expect(text).toMatch(/2 receipts not sent/);
    expect(text).toMatch(/INTERRUPTED: the rest were not sent; run the same command again to finish/);
  });

  it('says nothing was left to send when the stop came after the last record was sent', () => {
    const text = said(interrupted(0));
    expect(text).not.toMatch(/the rest were not sent/);
    expect(text).toMatch(/interrupted once every record was sent: nothing was left to send/);
  });
});
