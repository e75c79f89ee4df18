/**
 * The Import screen's journal of the open workbook (addin/app/import.ts): opened under the workbook's
 * identity (its settings GUID, made on the first import), the journal port of each run (its entries
 * named by their records, each run recorded), the rows whose results reached the sheet, and the
 * notice of an interrupted run that the pane shows on opening ("Finish it").
 */
import type { JournalOptions, OpenJournal } from '../../shared/import/ports.ts';
import { KINDS, type ImportKind } from '../../shared/kinds/index.ts';
import type { WorkbookPort } from '../excel/workbook-port.ts';
import { SessionJournal, type PaneJournal, type ReadingChoices, type UnfinishedRun } from './pane-journal.ts';
import { workbookIdentity } from './workbook-settings.ts';
import { DEFAULT_LOCALE, formatDateTime, type Locale } from '../../shared/locale/locale.ts';

/** Records named in a notice before `and N more`. */
const NAMED = 5;

/** An interrupted import the pane offers to finish: its sheet and kind, and what to say. */
export interface PendingImport {
  sheet: string;
  kind: ImportKind;
  /** The records without results in the sheet, by name (`invoice INV-40390`). */
  records: string[];
  /** How that run read the sheet ("Finish it" reads it the same way); null for a run recorded before they were kept. */
  reading: ReadingChoices | null;
  /** The e-invoice's number when the run imported an e-invoice: it is finished on the E-invoices tab, not here. */
  einvoice: string | null;
  /** The notice, naming the sheet, when the run started and its records. */
  text: string;
}

/** The workbook's journal for the Import screen. */
export class WorkbookJournal {
  private journal: PaneJournal | null = null;
  private key: string | null = null;
  /** The journal of the run under way (null for a dry run, or between runs). */
  private running: PaneJournal | null = null;

  /** @param open opens the journal of a workbook identity (IndexedDB in the pane); default: in memory. */
  constructor(
    private readonly workbook: WorkbookPort,
    private readonly open?: (key: string) => Promise<PaneJournal>,
  ) {}

  /** The workbook's journal, or null when it has no identity yet and `create` is false. */
  async get(create: boolean): Promise<PaneJournal | null> {
    const key = await workbookIdentity(this.workbook, create);
    if (key === null) return null;
    if (!this.journal || this.key !== key) {
      this.journal = this.open ? await this.open(key) : new SessionJournal(key);
      this.key = key;
    }
    return this.journal;
  }

  /**
   * The journal port of one run of `sheet`: an import gives the workbook its identity and records the
   * run with its reading choices (`reading`, for "Finish it") and, for an e-invoice, its number
   * (`einvoice`); a dry run reads the journal if there is one and writes nothing.
   */
  port(
    sheet: string,
    kind: ImportKind,
    reading: ReadingChoices,
    einvoice?: string,
  ): (options: JournalOptions) => Promise<OpenJournal> {
    return async ({ dryRun, label }) => {
      const journal = dryRun ? ((await this.get(false)) ?? new SessionJournal()) : await this.get(true);
      if (!journal) throw new Error('the journal could not be opened');
      if (!dryRun) await journal.beginRun({ sheet, kind, reading, ...(einvoice ? { einvoice } : {}) });
      this.running = dryRun ? null : journal;
      return {
        entries: journal.entries,
        sink: {
          append: (entry) =>
            journal.append(entry, label && 'rowNumbers' in entry ? label(entry.rowNumbers) : undefined),
        },
        close: async () => {},
      };
    };
  }

  /** Rows (as read) of the run under way whose results are now in the sheet. */
  async placed(rowNumbers: readonly number[]): Promise<void> {
    await this.running?.placed(rowNumbers);
  }

  /** Ends the run under way: `complete` when every result is in the sheet (the run, and earlier interrupted ones of its sheet, are finished). */
  async ended(complete: boolean): Promise<void> {
    const running = this.running;
    this.running = null;
    await running?.endRun(complete);
  }

  /**
   * Every result of the sheet's last run is now in the sheet ("Place results again" placed the rest):
   * its runs are finished, as a run that placed them all at once would have finished them.
   */
  async placedLater(sheet: string, kind: ImportKind): Promise<void> {
    const journal = await this.get(false);
    if (!journal) return;
    await journal.beginRun({ sheet, kind });
    await journal.endRun(true);
  }

  /** The oldest interrupted run of the workbook whose records have no results in the sheet, or null. */
  async pending(locale: Locale = DEFAULT_LOCALE): Promise<PendingImport | null> {
    const journal = await this.get(false);
    const [first] = journal?.unfinished() ?? [];
    return first ? pendingOf(first, locale) : null;
  }
}

/** The notice of an unfinished run. */
function pendingOf({ run, records }: UnfinishedRun, locale: Locale): PendingImport {
  const named = records.slice(0, NAMED).join(', ');
  const more = records.length > NAMED ? ` and ${records.length - NAMED} more` : '';
  // The day and time it started on this computer's clock, written as the pane's locale writes them.
  const when = formatDateTime(new Date(run.started), locale);
  const what = `An import of ${KINDS[run.kind].many}`;
  const pending = { sheet: run.sheet, kind: run.kind, records, reading: run.reading ?? null, einvoice: null };
  // An e-invoice is no sheet of the workbook: it is imported again where it was, and found, not sent twice.
  if (run.einvoice)
    return {
      ...pending,
      einvoice: run.einvoice,
      text:
        `${what} from e-invoice ${run.einvoice} (${when}) stopped before its results were written: ${named}${more}. ` +
        'Import that e-invoice again on the E-invoices tab: what was sent is found and gets its ids, nothing is sent twice.',
    };
  return {
    ...pending,
    text:
      `${what} from sheet '${run.sheet}' (${when}) stopped before its results were written: ${named}${more}. ` +
      'Finish it: what was sent gets its ids in the sheet, and what was not is sent' +
      (run.reading ? `, read as that import read it (${readingWords(run.reading)}).` : '.'),
  };
}

/** The reading choices of a run in words: `prices include GST at 10%, hidden rows left out`. */
export function readingWords(reading: ReadingChoices): string {
  // '0.15' is 15%, not 15.000000000000002%.
  const rate = reading.gstRate ? Math.round(Number(reading.gstRate) * 10_000) / 100 : null;
  return [
    ...(rate !== null ? [`prices include GST at ${rate}%`] : []),
    ...(reading.gstRate === null ? ['prices without GST'] : []),
    reading.includeHidden ? 'hidden rows included' : 'hidden rows left out',
    ...(reading.allowDuplicates ? ['invoices the service already holds sent again'] : []),
  ].join(', ');
}
