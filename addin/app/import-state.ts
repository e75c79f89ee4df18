/**
 * The shapes of the Import screen (addin/app/import.ts): what it shows, what its controller works
 * with, and what one run sends.
 */
import type { ColumnMapping } from '../../shared/sheet/mapping.ts';
import type { ImportKind } from '../../shared/kinds/index.ts';
import type { DateOrder } from '../../shared/sheet/values/index.ts';
import { DEFAULT_TIME_ZONE } from '../../shared/sheet/values/index.ts';
import type { FieldEvidence } from '../../shared/sheet/content-match.ts';
import type { WorkbookPort } from '../excel/workbook-port.ts';
import type { StatusLine } from './connect.ts';
import type { CellRef } from './import-report.ts';
import type { PendingImport } from './import-journal.ts';
import type { ColumnChoice, FieldRow } from './mapping-editor.ts';
import type { PaneJournal } from './pane-journal.ts';
import type { ProfileStore } from './profile-store.ts';
import type { RecipePort } from '../../shared/import/ports.ts';
import type { Session } from './session.ts';
import type { Locale } from '../../shared/locale/locale.ts';

/** What the Import screen shows. */
export interface ImportState {
  kind: ImportKind;
  sheets: string[];
  sheet: string | null;
  dateOrder: DateOrder;
  /** The bookkeeper chose `dateOrder` (or the workbook saved a choice): a column that proves the other order is read this way all the same. */
  dateOrderChosen: boolean;
  timeZone: string;
  /** Create a record even when the service already holds the same one. */
  allowDuplicates: boolean;
  /** Import rows the workbook hides or filters out too (default: left out, and counted). */
  includeHidden: boolean;
  /** Validate and Import run over every sheet of the workbook, each on its own (those that do not map are skipped, and said). */
  allSheets: boolean;
  /**
   * The sheet's prices include GST, taken off before sending (the CLI's --prices-include-gst; gaps
   * row 28): at the saved mapping's rate, else 10%. Ticked when the saved mapping says so.
   */
  pricesIncludeGst: boolean;
  /** The detected (or saved) mapping of the sheet, null when there is none. */
  mapping: ColumnMapping | null;
  fields: FieldRow[];
  choices: ColumnChoice[];
  /** Whether the mapping comes from the workbook's settings (edited or imported before). */
  mappingSaved: boolean;
  /** Why the sheet cannot be imported as it is (no header row, required columns missing). */
  mappingProblem: string | null;
  /** How each field came to its column: by header, or by its values (content-match.ts), with a confidence. */
  evidence: FieldEvidence[];
  /** The mapping came from one kept on this computer for sheets with the same headers (a profile). */
  profileUsed: boolean;
  phase: 'idle' | 'reading' | 'checking' | 'sending' | 'writing';
  /** Records done of those to send, while sending. */
  progress: { done: number; total: number } | null;
  status: StatusLine | null;
  /** Refused records' problems, then records that failed, conflict or are duplicates. */
  problems: string[];
  /** The cell each line of {@link problems} is about (same order): clicking the line selects it. */
  problemCells: CellRef[];
  warnings: string[];
  /** Letters of the result columns last written (`M–Q`). */
  resultColumns: string | null;
  /** A run is under way that Cancel can stop (reading, checking or sending). */
  cancellable: boolean;
  /** An earlier import of this workbook stopped before its results were all written ("Finish it"), or null. */
  pending: PendingImport | null;
  /** Rows of the last run whose results could not be placed (the pane offers "Place results again"). */
  unplaced: number;
}

/** The Import screen before anything is read: receipts, the default date order and farm's zone, nothing mapped. */
export function initialImportState(): ImportState {
  return {
    kind: 'receipts',
    sheets: [],
    sheet: null,
    dateOrder: 'DMY',
    dateOrderChosen: false,
    timeZone: DEFAULT_TIME_ZONE,
    allowDuplicates: false,
    includeHidden: false,
    allSheets: false,
    pricesIncludeGst: false,
    mapping: null,
    evidence: [],
    profileUsed: false,
    fields: [],
    choices: [],
    mappingSaved: false,
    mappingProblem: null,
    phase: 'idle',
    progress: null,
    status: null,
    problems: [],
    problemCells: [],
    warnings: [],
    resultColumns: null,
    cancellable: false,
    pending: null,
    unplaced: 0,
  };
}

/** What the controller works with: the workbook, and the open session (null when not connected). */
export interface ImportDeps {
  workbook: WorkbookPort;
  session(): Session | null;
  origin?: string;
  /**
   * The pane's locale (locale.ts): the date order used when none was chosen (en-US month first,
   * shared/locale defaultDateOrder) and the numbers the screen shows; default en-AU.
   */
  locale?: () => Locale;
  /** Least time between two writes of results during a run, milliseconds (default 1,000; tests: 0, after every record). */
  resultsEveryMs?: number;
  /**
   * Opens the import journal of a workbook (pane-journal.ts: IndexedDB in the pane, so the ids of
   * what was sent survive closing it); default: in memory, for this session.
   */
  openJournal?(workbook: string): Promise<PaneJournal>;
  /** Mappings kept on this computer by header signature (profile-store.ts); default: none kept. */
  profiles?: ProfileStore;
  /**
   * The supplier recipes the pane keeps (recipe-store.ts): applied to each import and taught by its
   * corrections, as the CLI's recipes folder is; default: none (no recipes applied or learned).
   */
  recipes?: RecipePort;
}
