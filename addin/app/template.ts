/**
 * The Template screen's logic: a new sheet with the columns of `shed template` (shared/template:
 * headers an import maps without help) and drop-down lists of this organisation's storages
 * (unlocked ones: a locked storage takes no receipts or returns, gaps row 11), product and trade
 * names, and units.
 */
import type { ReferenceData } from '../../shared/resolve/index.ts';
import type { MappingKind } from '../../shared/sheet/mapping.ts';
import { TEMPLATE_COLUMNS, templateLists } from '../../shared/template/index.ts';
import type { TemplateSheetInput, WorkbookPort } from '../excel/workbook-port.ts';
import type { StatusLine } from './connect.ts';
import { describeFailure } from './errors.ts';
import type { Session } from './session.ts';
import { Store } from './store.ts';

/**
 * The template's sheet: its name, the columns of `shed template`, and the lists of the storage,
 * product and unit columns (an empty list gives no drop-down).
 * @throws ReferenceDataError (shared/resolve) for unusable reference data.
 */
export function templateSheet(kind: MappingKind, reference: ReferenceData): TemplateSheetInput {
  const lists = templateLists(reference);
  return {
    name: kind === 'receipts' ? 'Receipts template' : 'Returns template',
    columns: TEMPLATE_COLUMNS[kind].map((c) => (c.list && lists[c.list].length > 0 ? { header: c.header, list: lists[c.list] } : { header: c.header })),
  };
}

/** What the Template screen shows. */
export interface TemplateState {
  kind: MappingKind;
  busy: boolean;
  status: StatusLine | null;
}

/** What the controller works with. */
export interface TemplateDeps {
  workbook: WorkbookPort;
  session(): Session | null;
  origin?: string;
}

/** Adds template sheets. */
export class TemplateController {
  readonly store = new Store<TemplateState>({ kind: 'receipts', busy: false, status: null });

  constructor(private readonly deps: TemplateDeps) {}

  /** Picks receipts or returns. */
  setKind(kind: MappingKind): void {
    this.store.set({ kind, status: null });
  }

  /** Adds the template sheet of the chosen kind; the outcome is in the status. Never throws. */
  async create(): Promise<void> {
    const session = this.deps.session();
    if (!session) return this.store.set({ status: { tone: 'error', text: 'Connect to the service first (Connect tab).' } });
    const { kind } = this.store.get();
    this.store.set({ busy: true, status: { tone: 'info', text: `Loading the names of ${session.organisation.name}…` } });
    try {
      const sheet = templateSheet(kind, await session.reference());
      await this.deps.workbook.addTemplateSheet(sheet);
      const name = await this.deps.workbook.activeSheetName();
      const lists = sheet.columns.filter((c) => c.list).map((c) => `${c.header} (${c.list!.length})`);
      this.store.set({ busy: false, status: { tone: 'success', text: `Added sheet '${name}' with drop-down lists: ${lists.join(', ')}.` } });
    } catch (error) {
      this.store.set({ busy: false, status: { tone: 'error', ...describeFailure(error, { origin: this.deps.origin }) } });
    }
  }
}
