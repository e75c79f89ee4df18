/**
 * The Template screen's logic: the template `shed template` writes (shared/template: the same sheet
 * names, headers, number formats, widths, notes, drop-down lists of this organisation's unlocked
 * storages, product and trade names and units, and their alerts), with its instructions in the pane's
 * words, added to the open workbook.
 */
import type { ReferenceData } from '../../shared/resolve/index.ts';
import type { ImportKind } from '../../shared/kinds/index.ts';
import { buildTemplate, wordTemplate, type TemplateContext } from '../../shared/template/index.ts';
import type { TemplateSheetInput, WorkbookPort } from '../excel/workbook-port.ts';
import type { StatusLine } from './connect.ts';
import { describeFailure } from './errors.ts';
import { paneRemedy } from './remedy-wording.ts';
import type { Session } from './session.ts';
import { Store } from './store.ts';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locale/locale.ts';

/**
 * The template of `kind` for the organisation, its instructions worded for the pane.
 * @throws ReferenceDataError (shared/resolve) for unusable reference data.
 */
export function templateSheet(
  kind: ImportKind,
  reference: ReferenceData,
  context: TemplateContext,
): TemplateSheetInput {
  return wordTemplate(buildTemplate(kind, reference, context), paneRemedy);
}

/** What the Template screen shows. */
export interface TemplateState {
  kind: ImportKind;
  busy: boolean;
  status: StatusLine | null;
}

/** What the controller works with. */
export interface TemplateDeps {
  workbook: WorkbookPort;
  session(): Session | null;
  origin?: string;
  /** The pane's locale (locale.ts): the date column's format and the instructions' dates; default en-AU. */
  locale?: () => Locale;
  /** The day the Instructions sheet names (tests); default now. */
  now?: () => Date;
}

/** Adds template sheets. */
export class TemplateController {
  readonly store = new Store<TemplateState>({ kind: 'receipts', busy: false, status: null });

  constructor(private readonly deps: TemplateDeps) {}

  /** Picks receipts or returns. */
  setKind(kind: ImportKind): void {
    this.store.set({ kind, status: null });
  }

  /** Adds the template sheet of the chosen kind; the outcome is in the status. Never throws. */
  async create(): Promise<void> {
    const session = this.deps.session();
    if (!session)
      return this.store.set({ status: { tone: 'error', text: 'Connect to the service first (Connect tab).' } });
    const { kind } = this.store.get();
    this.store.set({
      busy: true,
      status: { tone: 'info', text: `Loading the names of ${session.organisation.name}…` },
    });
    try {
      const madeAt = (this.deps.now ?? (() => new Date()))();
      const sheet = templateSheet(kind, await session.reference(), {
        organisationName: session.organisation.name,
        madeAt,
        locale: this.deps.locale?.() ?? DEFAULT_LOCALE,
      });
      await this.deps.workbook.addTemplateSheet(sheet);
      const name = await this.deps.workbook.activeSheetName();
      const lists = sheet.validations.map(
        (v) => `${sheet.columns[v.column]?.header} (${sheet.lists.find((l) => l.name === v.list)?.values.length})`,
      );
      this.store.set({
        busy: false,
        status: { tone: 'success', text: `Added sheet '${name}' with drop-down lists: ${lists.join(', ')}.` },
      });
    } catch (error) {
      this.store.set({
        busy: false,
        status: { tone: 'error', ...describeFailure(error, { origin: this.deps.origin }) },
      });
    }
  }
}
