// Undo after a run killed while sending: the journal holds the intent of a create with no answer (the
// service took the POST, the process died before writing 'created'). Undo deletes what the journal says
// was created, and names the rows whose record it cannot account for, with what to do (import the same
// file again, then undo again), exit 1. Before, it deleted the others and said "Undone" (exit 0): the
// killed run's receipt stayed in the service with no word. Real CSV, the sandbox over HTTP, a real
// journal with its last 'created' line cut off as a kill leaves it.
import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { undoCommand } from '../../../batch/commands/undo/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { useSandboxFolder } from '../../support/sandbox-folder.ts';
import { listAll } from '../../support/service.ts';

const HEAD = 'Invoice No,Supplier,Date,Shed,Product,Qty,Size,Unit,Unit Price';

describe('undo after a run killed while sending', () => {
  const setUp = useSandboxFolder('undo-unanswered');
  const held = async () =>
    (await listAll(setUp.sandbox.url, WILLOW, 'receipts'))
      .flatMap((r: { notes: string | null }) => /KU-\d/.exec(r.notes ?? '') ?? [])
      .sort();

  it('deletes what the journal says was created and names the rows it cannot account for (exit 1)', async () => {
    const file = await setUp.csv('killed.csv', [
      HEAD,
      'KU-1,Farmco Rural Supplies,3/02/2026,Main Chemical Shed,Glyfos 540,2,20,L,185',
      'KU-2,Farmco Rural Supplies,4/02/2026,Main Chemical Shed,Amine 625,1,20,L,142.5',
    ]);
    await runImportCli(setUp.sandbox.url, { kind: 'receipts', file, concurrency: 1 });
    expect(await held()).toEqual(['KU-1', 'KU-2']);
    // As a kill between the service's answer and the journal's write leaves it: KU-2's 'created' line lost.
    const journal = `${file}.journal.jsonl`;
    const lines = (await readFile(journal, 'utf8')).trimEnd().split('\n');
    const last = lines.findLastIndex((l) => l.includes('"type":"created"'));
    await writeFile(journal, `${lines.filter((_, i) => i !== last).join('\n')}\n`);

    const io = memoryIO();
    const summary = await undoCommand({
      baseUrl: setUp.sandbox.url,
      token: 'demo-token-willow',
      journal,
      yes: true,
      io,
    });
    expect(summary.deleted).toHaveLength(1);
    expect(summary.exitCode).toBe(1);
    expect(io.stderr.join('\n')).toContain(
      'killed.csv, row 3: not undone: the run had this receipt ready to send when it stopped, and its journal ' +
        'holds no answer, so whether the service took it is not known; import the same file again',
    );
    expect(await held()).toEqual(['KU-2']);

    // What it says to do works: the import finds KU-2 (sending nothing), the next undo takes it back.
    const writes = setUp.sandbox.stats.writes;
    await runImportCli(setUp.sandbox.url, { kind: 'receipts', file });
    expect(await held()).toEqual(['KU-1', 'KU-2']);
    expect(setUp.sandbox.stats.writes).toBe(writes + 1); // KU-1 only: it had been undone
    const again = await undoCommand({
      baseUrl: setUp.sandbox.url,
      token: 'demo-token-willow',
      journal,
      yes: true,
      io: memoryIO(),
    });
    expect([again.exitCode, again.unanswered]).toEqual([0, []]);
    expect(await held()).toEqual([]);
  });
});
