/**
 * The E-invoices screen's controller (issue 22): Peppol UBL invoices and credit notes chosen as files,
 * read by the core (shared/einvoice/: hostile or malformed XML and totals that do not add up refused
 * with its words, nothing sent), previewed, then Validate and Import through the core's one import
 * (`importSheet`) with the e-invoice's grid and fixed mapping, the storage chosen here or the supplier's
 * recipe's, the workbook's journal and the pane's recipes, as a sheet's import would. The XML has no
 * sheet: an import's results go to a new worksheet named after the invoice, one row per invoice line
 * (the rows the invoice became, then Status, Record ID, Sequence, Line Item ID, Message, Updated At).
 */
import { EInvoiceError } from '../../shared/einvoice/einvoice-error.ts';
import { embeddedPdfs, type EmbeddedPdf } from '../../shared/einvoice/embedded-pdfs.ts';
import { businessNumberOf, einvoiceSheet, type EInvoiceSheet } from '../../shared/einvoice/to-grid.ts';
import { XML_LIMITS } from '../../shared/einvoice/xml.ts';
import { importSheet, NoRecordsError, type ImportReport, type ResultsSink } from '../../shared/import/import-sheet.ts';
import type { RowResult } from '../../shared/import/outcome.ts';
import { resultValues } from '../../shared/import/results.ts';
import { kindOf, RESULT_COLUMNS } from '../../shared/kinds/index.ts';
import type { SavedMapping } from '../../shared/sheet/saved-mapping.ts';
import { DEFAULT_TIME_ZONE } from '../../shared/sheet/values/index.ts';
import type { ExportValue } from '../excel/workbook-port.ts';
import type { StatusLine } from './connect.ts';
import { describeError } from './errors.ts';
import { IMPORT_CONCURRENCY } from './import-run.ts';
import { WorkbookJournal } from './import-journal.ts';
import type { ImportDeps } from './import-state.ts';
import { sheetRunView } from './import-summary.ts';
import { paneRemedy } from './remedy-wording.ts';
import { Store } from './store.ts';

/** A file chosen in the pane: its name and size (checked before it is read), and its bytes. */
export interface ChosenFile {
  name: string;
  size: number;
  bytes(): Promise<Uint8Array>;
}

/** One e-invoice read, as the screen previews it. */
export interface EInvoicePreview {
  file: string;
  /** `Invoice INV-1001 from Farmco Rural Supplies (ABN 47555222000), 3 lines → 1 receipt`. */
  text: string;
  /** What the reader left out or did: document charges and allowances, a credit note read as returns. */
  notes: string[];
  /** The PDFs the invoice embeds, under the names the CLI saves them as (the screen offers each for saving). */
  pdfs: EmbeddedPdf[];
}

/** What the E-invoices screen shows. */
export interface EInvoiceState {
  previews: EInvoicePreview[];
  /** Files refused, each with the core's reason. */
  refused: string[];
  /** The storage the invoices' lines go to (an invoice does not know the shed); '' for the suppliers' recipes. */
  storage: string;
  busy: boolean;
  status: StatusLine | null;
  problems: string[];
  warnings: string[];
}

/** One file read by the core. */
interface Loaded extends EInvoiceSheet {
  file: string;
}

/** The E-invoices screen's controller; see the module comment. */
export class EInvoiceController {
  readonly store = new Store<EInvoiceState>({
    previews: [],
    refused: [],
    storage: '',
    busy: false,
    status: null,
    problems: [],
    warnings: [],
  });
  private loaded: Loaded[] = [];
  private readonly journals: WorkbookJournal;

  constructor(
    private readonly deps: ImportDeps,
    private readonly timeZone: () => string = () => DEFAULT_TIME_ZONE,
  ) {
    this.journals = new WorkbookJournal(deps.workbook, deps.openJournal);
  }

  /**
   * Reads the chosen files: each is refused by its size before it is read, then parsed, checked and laid
   * out by the core; a refused file is listed with the core's reason, the others previewed.
   */
  async choose(files: readonly ChosenFile[]): Promise<void> {
    this.loaded = [];
    const refused: string[] = [];
    for (const file of files) {
      try {
        if (file.size > XML_LIMITS.maxBytes)
          throw new EInvoiceError(
            'xml_too_large',
            file.name,
            `the document is ${file.size} bytes, over the ${XML_LIMITS.maxBytes}-byte limit of an e-invoice: not read`,
          );
        this.loaded.push({ ...einvoiceSheet(await file.bytes(), file.name), file: file.name });
      } catch (error) {
        refused.push(describeError(error));
      }
    }
    const n = this.loaded.length;
    this.store.set({
      previews: this.loaded.map(previewOf),
      refused,
      problems: [],
      warnings: [],
      status: {
        tone: refused.length ? (n ? 'warning' : 'error') : 'info',
        text: `${n} e-invoice${n === 1 ? '' : 's'} read${refused.length ? `, ${refused.length} refused` : ''}: Validate checks them against the service, Import sends them.`,
      },
    });
  }

  /** The storage the lines go to ('' : the suppliers' recipes say). */
  setStorage(storage: string): void {
    this.store.set({ storage });
  }

  /** Checks every e-invoice read against the service; nothing is sent or written. */
  validate(): Promise<void> {
    return this.run(true);
  }

  /** Imports every e-invoice read, each into a new worksheet of its results. */
  start(): Promise<void> {
    return this.run(false);
  }

  private async run(dryRun: boolean): Promise<void> {
    if (!this.deps.session()) {
      this.store.set({ status: { tone: 'error', text: 'Connect to the service first (Connect tab).' } });
      return;
    }
    if (this.loaded.length === 0) {
      this.store.set({ status: { tone: 'error', text: 'Choose e-invoice files (.xml) first.' } });
      return;
    }
    this.store.set({ busy: true, problems: [], warnings: [], status: { tone: 'info', text: 'Checking…' } });
    const said: { tone: StatusLine['tone']; text: string; problems: string[]; warnings: string[] }[] = [];
    try {
      for (const loaded of this.loaded) said.push(await this.runOne(loaded, dryRun));
    } finally {
      const tones = said.map((s) => s.tone);
      const tone = tones.includes('error') ? 'error' : tones.includes('warning') ? 'warning' : 'success';
      this.store.set({
        busy: false,
        status: { tone, text: `${dryRun ? 'Checked, nothing sent: ' : ''}${said.map((s) => s.text).join(' ')}` },
        problems: said.flatMap((s) => s.problems),
        warnings: said.flatMap((s) => s.warnings),
      });
    }
  }

  /** One e-invoice through the core's import; what the screen says of it. */
  private async runOne(loaded: Loaded, dryRun: boolean) {
    const session = this.deps.session()!;
    const kind = kindOf(loaded.kind);
    let sheet: string | null = null;
    try {
      const report = await importSheet(
        {
          sheet: { read: async () => loaded.grid },
          mapping: () => withStorage(loaded.mapping, this.store.get().storage),
          connect: async () => session,
          journal: this.journals.port(
            `e-invoice ${loaded.invoice.number}`,
            loaded.kind,
            {
              dateOrder: 'DMY',
              dateOrderGiven: false,
              timeZone: this.timeZone(),
              includeHidden: false,
              allowDuplicates: false,
            },
            loaded.invoice.number,
          ),
          results: () => this.resultsSink(loaded, dryRun, (name) => (sheet = name)),
          ...(this.deps.recipes ? { recipes: this.deps.recipes } : {}),
          words: paneRemedy,
        },
        {
          kind: loaded.kind,
          dateOrder: 'DMY',
          dateOrderGiven: false,
          timeZone: this.timeZone(),
          dryRun,
          allowDuplicates: false,
          concurrency: IMPORT_CONCURRENCY,
        },
      );
      await this.journals.ended(!dryRun && report.placed.failure === null);
      return this.said(loaded, report, dryRun, sheet);
    } catch (error) {
      await this.journals.ended(false);
      const text = error instanceof NoRecordsError ? `no ${kind.many} in it.` : describeError(error);
      return { tone: 'error' as const, text: `${loaded.file}: ${text}`, problems: [], warnings: [] };
    }
  }

  /** What the screen says of one e-invoice's run: its summary, problems and warnings, each naming the invoice. */
  private said(loaded: Loaded, report: ImportReport, dryRun: boolean, sheet: string | null) {
    const view = sheetRunView(
      kindOf(loaded.kind),
      { report, placer: { moved: [], unplaced: [], headerLost: null } },
      { dryRun, cancelled: false },
    );
    const where = sheet ? ` Results on sheet '${sheet}'.` : '';
    const prefix = `${loaded.invoice.number}: `;
    return {
      tone: view.status.tone,
      text: `${prefix}${view.status.text.replace(/^Checked, nothing sent: /, '')}${where}`,
      problems: view.problems.map((p) => prefix + p),
      warnings: [...previewOf(loaded).notes, ...view.warnings].map((w) => prefix + w),
    };
  }

  /**
   * The results of one e-invoice: on Import, a new worksheet named after the invoice with the rows it
   * became and each row's result; Validate writes nothing. A sheet Excel refuses is reported, not thrown.
   */
  private resultsSink(loaded: Loaded, dryRun: boolean, named: (sheet: string) => void): ResultsSink {
    return {
      finish: async (results) => {
        const noted = withRowNotes(loaded, results);
        if (dryRun) return { file: null, failure: null, moved: [], unplaced: [] };
        try {
          const { name } = await this.deps.workbook.addTableSheet(resultsSheet(loaded, noted));
          named(name);
          return { file: name, failure: null, moved: [], unplaced: [] };
        } catch (error) {
          return { file: null, failure: describeError(error), moved: [], unplaced: [] };
        }
      },
    };
  }
}

/** The e-invoice's fixed mapping with the storage chosen (as the CLI's `storage=` setting does), or as it is. */
export function withStorage(mapping: SavedMapping, storage: string): SavedMapping {
  if (!storage.trim()) return mapping;
  const columns: Record<string, string | null> = { ...mapping.columns };
  delete columns.storage;
  return { ...mapping, columns, values: { ...(mapping.values ?? {}), storage: storage.trim() } } as SavedMapping;
}

/** The rows' results with what the reader did to each row (a line allowance applied to the pack cost) in its Message. */
function withRowNotes(loaded: Loaded, results: RowResult[]): RowResult[] {
  return results.map((r) => {
    const notes = loaded.rowNotes.get(r.rowNumber) ?? [];
    return notes.length ? { ...r, message: [r.message, ...notes].filter(Boolean).join('; ') } : r;
  });
}

/** The results worksheet of one e-invoice: its rows, then the result columns; named after the invoice. */
export function resultsSheet(loaded: Pick<Loaded, 'grid' | 'invoice'>, results: readonly RowResult[]) {
  const [header, ...rows] = loaded.grid.rows;
  const byRow = new Map(results.map((r) => [r.rowNumber, r]));
  const headers = [...(header?.cells ?? []).map(String), ...RESULT_COLUMNS];
  return {
    name: loaded.invoice.number.replace(/[\\/?*[\]:]/g, '-').slice(0, 31) || 'E-invoice',
    columns: headers.map((h) => ({ header: h, type: 'text' as const })),
    rows: rows.map((row) => {
      const result = byRow.get(row.rowNumber);
      const values = result ? resultValues(result) : RESULT_COLUMNS.map(() => null);
      const cells = (header?.cells ?? []).map((_, i) => cellOf(row.cells[i] ?? null));
      return [...cells, ...values] as ExportValue[];
    }),
  };
}

function cellOf(value: unknown): ExportValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

/** How the screen previews one e-invoice, and what the reader left out. */
export function previewOf(loaded: Loaded): EInvoicePreview {
  const { invoice } = loaded;
  const lines = invoice.lines.length;
  const what = invoice.type === 'credit_note' ? 'Credit note' : 'Invoice';
  const abn = businessNumberOf(invoice);
  const number = abn ? ` (${abn})` : '';
  const becomes = invoice.type === 'credit_note' ? `${lines} return${lines === 1 ? '' : 's'}` : 'one receipt';
  const notes: string[] = [];
  if (invoice.type === 'credit_note') notes.push('a credit note: its lines are imported as returns');
  for (const ac of loaded.leftOut)
    notes.push(
      `document ${ac.charge ? 'charge' : 'allowance'}${ac.reason ? ` '${ac.reason}'` : ''} ${ac.amount} ${invoice.currency} is not stock: left out`,
    );
  if (!loaded.supplier || loaded.supplier.kind === 'name')
    notes.push('the seller has no valid ABN or NZBN: the supplier is known by its name');
  return {
    file: loaded.file,
    text: `${what} ${invoice.number} from ${invoice.seller.name}${number}, dated ${invoice.deliveryDate ?? invoice.issueDate}: ${lines} line${lines === 1 ? '' : 's'} → ${becomes}`,
    notes,
    pdfs: embeddedPdfs(invoice),
  };
}
