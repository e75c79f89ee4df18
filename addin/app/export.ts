/**
 * The Export screen's logic: a dataset (shared/export DATASETS), a date range and a storage for
 * the dated ones, fetched like `shed export` does and written into new sheets of the workbook, each
 * a table with filters and typed number formats.
 */
import {
  DATASETS,
  DATED_DATASETS,
  DEFAULT_TOLERANCE_PERCENT,
  fetchExport,
  type DatasetName,
  type DateRange,
} from '../../shared/export/index.ts';
import type { LocalDate } from '../../shared/sheet/values/index.ts';
import { DEFAULT_TIME_ZONE, formatLocalDate, isRealDate } from '../../shared/sheet/values/index.ts';
import { checkSheetRows, type TableSheetInput, type WorkbookPort } from '../excel/workbook-port.ts';
import type { StatusLine } from './connect.ts';
import { describeFailure } from './errors.ts';
import { PANE_CONTROLS } from './remedy-wording.ts';
import { tableSheets } from './export-sheets.ts';
import type { Session } from './session.ts';
import { Store } from './store.ts';
import { SETTING_KEYS } from './workbook-settings.ts';
import { UsageError } from '../../shared/errors/usage-error.ts';
import { localTimeText } from '../../shared/sheet/values/index.ts';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locale/locale.ts';

/** How the picker names each dataset. */
export const DATASET_TITLES: Readonly<Record<DatasetName, string>> = {
  movements: 'Stock movements, with a summary',
  ledger: 'Stock ledger: opening, movements, closing',
  stocktake: PANE_CONTROLS.stocktakeDataset,
  receipts: 'Receipts, one row per line item',
  returns: 'Returns',
  storages: 'Storages',
  'product-aliases': 'Product aliases (trade names)',
  products: 'Products',
};

/** What the Export screen shows. */
export interface ExportState {
  dataset: DatasetName;
  /** `YYYY-MM-DD` or '' (open end), as a date input gives it. */
  from: string;
  to: string;
  /** A storage id, or '' for every storage. */
  storageId: string;
  storages: { id: string; name: string }[];
  /** Ledger: the sheet of this workbook holding the stocktake's counts ('' for none), and the sheets to pick from. */
  stocktakeSheet: string;
  sheets: string[];
  timeZone: string;
  busy: boolean;
  /** Pages read of pages known, while fetching. */
  progress: { done: number; total: number } | null;
  status: StatusLine | null;
  /** Names of the sheets the last export added. */
  written: string[];
}

/** What the controller works with. */
export interface ExportDeps {
  workbook: WorkbookPort;
  session(): Session | null;
  origin?: string;
  /** The pane's locale (locale.ts): the date cells' format; default en-AU. */
  locale?: () => Locale;
}

/** Exports a dataset into new sheets. */
export class ExportController {
  readonly store = new Store<ExportState>({
    dataset: 'movements',
    from: '',
    to: '',
    storageId: '',
    storages: [],
    stocktakeSheet: '',
    sheets: [],
    timeZone: DEFAULT_TIME_ZONE,
    busy: false,
    progress: null,
    status: null,
    written: [],
  });
  private abort: AbortController | null = null;

  constructor(private readonly deps: ExportDeps) {}

  /** Whether the dataset takes a date range and a storage. */
  static isDated(dataset: DatasetName): boolean {
    return DATED_DATASETS.includes(dataset);
  }

  /** Loads the storages to filter on (from the session's reference data) and the workbook's time zone. */
  async refresh(): Promise<void> {
    const timeZone = (await this.deps.workbook.getSetting(SETTING_KEYS.timeZone)) || this.store.get().timeZone;
    const sheets = await this.deps.workbook.sheetNames();
    const { stocktakeSheet } = this.store.get();
    this.store.set({ timeZone, sheets, stocktakeSheet: sheets.includes(stocktakeSheet) ? stocktakeSheet : '' });
    const session = this.deps.session();
    if (!session) return this.store.set({ storages: [], storageId: '' });
    try {
      const reference = await session.reference();
      const storages = reference.storages
        .map((s) => ({ id: s.id, name: s.name }))
        .sort((a, b) => a.name.localeCompare(b.name));
      const { storageId } = this.store.get();
      this.store.set({ storages, storageId: storages.some((s) => s.id === storageId) ? storageId : '' });
    } catch (error) {
      this.store.set({ status: { tone: 'error', ...describeFailure(error, { origin: this.deps.origin }) } });
    }
  }

  /** Picks the dataset; an unknown name is refused. */
  setDataset(dataset: string): void {
    const found = DATASETS.find((d) => d === dataset);
    if (!found)
      return this.store.set({
        status: { tone: 'error', text: `Unknown dataset '${dataset}'; expected one of ${DATASETS.join(', ')}.` },
      });
    this.store.set({ dataset: found, status: null });
  }

  /** Sets the date range (`YYYY-MM-DD` each, '' for an open end). Checked when the export runs. */
  setRange(from: string, to: string): void {
    this.store.set({ from: from.trim(), to: to.trim() });
  }

  /** Ledger: the sheet holding the counted stock at the end of the period ('' for none). */
  setStocktakeSheet(sheet: string): void {
    this.store.set({ stocktakeSheet: sheet });
  }

  /** Picks one storage by id ('' for all). */
  setStorage(storageId: string): void {
    this.store.set({ storageId });
  }

  /** Fetches the dataset and adds its sheets to the workbook; the outcome is in the status. Never throws. */
  async run(): Promise<void> {
    const session = this.deps.session();
    if (!session)
      return this.store.set({ status: { tone: 'error', text: 'Connect to the service first (Connect tab).' } });
    const { dataset, from, to, storageId, timeZone, stocktakeSheet } = this.store.get();
    const dated = ExportController.isDated(dataset);
    let dates: DateRange = { from: null, to: null };
    try {
      if (dated) dates = checkRange(from, to);
    } catch (error) {
      return this.store.set({ status: { tone: 'error', ...describeFailure(error) } });
    }
    const abort = new AbortController();
    this.abort = abort;
    this.store.set({
      busy: true,
      written: [],
      progress: { done: 0, total: 1 },
      status: { tone: 'info', text: `Reading ${dataset} from ${session.organisation.name}…` },
    });
    try {
      const source = {
        organisationId: session.organisation.id,
        http: session.client.http,
        listDeleted: session.org.listDeleted,
      };
      const about = {
        organisation: session.organisation.name,
        generatedAt: localTimeText(new Date(), timeZone),
        producer: 'Shed Sheets add-in',
      };
      // The counts are read before the service is: a sheet that is gone stops the export at once.
      const stocktake =
        dataset === 'ledger' && stocktakeSheet
          ? { grid: await this.deps.workbook.readSheet(stocktakeSheet), tolerancePercent: DEFAULT_TOLERANCE_PERCENT }
          : undefined;
      const { table } = await fetchExport(
        source,
        {
          dataset,
          timeZone,
          dates,
          about,
          ...(stocktake ? { stocktake } : {}),
          ...(dated && storageId ? { storage: storageId } : {}),
        },
        (done, known) => this.store.set({ progress: { done, total: Math.max(done, known) } }),
        abort.signal,
      );
      const sheets = tableSheets(table, timeZone, this.deps.locale?.() ?? DEFAULT_LOCALE);
      const written = await this.addSheets(sheets);
      // A Stocktake sheet just added is one to count into and pick for the ledger.
      this.store.set({ sheets: await this.deps.workbook.sheetNames() });
      const rows = sheets[0]?.rows.length ?? 0;
      const where = written.map((n) => `'${n}'`).join(' and ');
      this.store.set({
        busy: false,
        progress: null,
        written,
        status: {
          tone: 'success',
          text: `Wrote ${rows} ${rows === 1 ? 'row' : 'rows'} of ${dataset} to ${written.length === 1 ? 'sheet' : 'sheets'} ${where}.`,
        },
      });
    } catch (error) {
      // Sheets added before a failure stay in the workbook: the screen names them.
      const added = error instanceof PartlyWritten ? error.written : [];
      const said = describeFailure(error instanceof PartlyWritten ? error.cause : error, { origin: this.deps.origin });
      const status: StatusLine = abort.signal.aborted
        ? { tone: 'info', text: 'Cancelled: nothing was written.' }
        : {
            tone: 'error' as const,
            ...said,
            text: `${said.text}${added.length > 0 && !/[.!?]$/.test(said.text) ? '.' : ''}${alreadyAdded(added)}`,
          };
      this.store.set({ busy: false, progress: null, status, written: added });
    } finally {
      this.abort = null;
    }
  }

  /**
   * Adds the export's sheets, once every one is known to fit Excel's grid (an export is not left
   * half-written for that); their names as added.
   * @throws WorkbookError `too_many_rows` before any is added; PartlyWritten when one fails after others were added.
   */
  private async addSheets(sheets: readonly TableSheetInput[]): Promise<string[]> {
    for (const sheet of sheets) checkSheetRows(sheet.name, sheet.rows.length);
    const written: string[] = [];
    try {
      for (const sheet of sheets) written.push((await this.deps.workbook.addTableSheet(sheet)).name);
    } catch (error) {
      throw written.length === 0 ? error : new PartlyWritten(written, error);
    }
    return written;
  }

  /** Stops reading; nothing is written. */
  cancel(): void {
    this.abort?.abort();
  }
}

/** What the status line adds after a failure when sheets were already added: ` Sheet 'Receipts' was already added.` */
function alreadyAdded(sheets: readonly string[]): string {
  if (sheets.length === 0) return '';
  const where = sheets.map((n) => `'${n}'`).join(' and ');
  return sheets.length === 1
    ? ` Sheet ${where} was already added and is in the workbook.`
    : ` Sheets ${where} were already added and are in the workbook.`;
}

/** An export that failed after some of its sheets were added: those sheets, and the failure. */
class PartlyWritten extends Error {
  constructor(
    readonly written: string[],
    override readonly cause: unknown,
  ) {
    super(`sheets ${written.join(', ')} were added before the export failed`);
  }
}

/**
 * The range of two date inputs (`YYYY-MM-DD` or '').
 * @throws UsageError for a date that is not a real date, or `from` after `to`.
 */
export function checkRange(from: string, to: string): DateRange {
  const range = { from: parseDay(from, 'From'), to: parseDay(to, 'To') };
  if (range.from && range.to && formatLocalDate(range.from) > formatLocalDate(range.to)) {
    throw new UsageError(
      `The range starts (${formatLocalDate(range.from)}) after it ends (${formatLocalDate(range.to)}): swap the dates.`,
    );
  }
  return range;
}

function parseDay(text: string, label: string): LocalDate | null {
  if (text === '') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
  if (!date || !isRealDate(date))
    throw new UsageError(`${label} '${text}' is not a date: expected YYYY-MM-DD, e.g. 2026-03-31.`);
  return date;
}
