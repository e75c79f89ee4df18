/**
 * Everything an import template holds, as plain data for a workbook writer: the
 * data sheet's columns, the Lists sheet, the list validations (Excel data validation of type list
 * reading ranges of the Lists sheet) and the Instructions sheet.
 */
import { ShedError } from '../errors/shed-error.ts';
import type { ReferenceData } from '../resolve/reference.ts';
import { columnLetter } from '../sheet/grid.ts';
import { TEMPLATE_COLUMNS, type TemplateColumn, type TemplateListName } from './columns.ts';
import { isImportKind, kindOf, type ImportKind } from '../kinds/index.ts';
import type { RemedyWording } from '../errors/remedy.ts';
import {
  templateInstructions,
  wordInstructions,
  type TemplateInstructions,
  type WordedInstructions,
} from './instructions.ts';
import { templateLists } from './lists.ts';
import { cellNumberFormat } from '../locale/cell-format.ts';
import { dateExample, DEFAULT_LOCALE, formatLongDate, type Locale } from '../locale/locale.ts';

/** The sheet feeding the drop-down lists. Visible (not hidden): a bookkeeper can read and search it. */
export const LISTS_SHEET = 'Lists';
/** The sheet of plain-words instructions, second (the import reads the first sheet). */
export const INSTRUCTIONS_SHEET = 'Instructions';
/** Data rows (below the header) that carry the drop-down lists. */
export const VALIDATED_ROWS = 1000;

/** One column of the Lists sheet: header in row 1, values from row 2; `range` is null for an empty list. */
export interface TemplateList {
  name: TemplateListName;
  header: string;
  /** 0-based column of the Lists sheet. */
  column: number;
  values: string[];
  /** Absolute reference, e.g. `Lists!$A$2:$A$5`. */
  range: string | null;
}

/**
 * A list validation of one data-sheet column over rows 2..`VALIDATED_ROWS + 1`. `stop` refuses any
 * other value; `warning` lets the user keep it after a warning (products: names the list leaves out,
 * such as ambiguous ones, may still be typed). Titles at most 32 characters, messages at most 225 (Excel's limits).
 */
export interface TemplateValidation {
  /** 0-based column of the data sheet. */
  column: number;
  /** `D2:D1001`. */
  cells: string;
  list: TemplateListName;
  formula: string;
  style: 'stop' | 'warning';
  errorTitle: string;
  error: string;
  promptTitle: string;
  prompt: string;
}

/** A whole template. */
export interface TemplatePlan {
  kind: ImportKind;
  /** `Receipts` or `Returns`: the first sheet, which the import reads. */
  sheetName: string;
  /** The Excel table's name over the header and the empty row. */
  tableName: string;
  columns: readonly TemplateColumn[];
  lists: TemplateList[];
  validations: TemplateValidation[];
  instructions: TemplateInstructions;
}

/**
 * A template as one face writes it: the plan with its instructions in that face's words. Both faces
 * write everything else (sheets, table, columns, number formats, widths, notes, lists, validations
 * and their alerts) as the plan has it.
 */
export type WordedTemplate = Omit<TemplatePlan, 'instructions'> & { instructions: WordedInstructions };

/** `plan` with its instructions worded by `wording` (the CLI's or the task pane's remedy wording). */
export function wordTemplate(plan: TemplatePlan, wording: RemedyWording): WordedTemplate {
  return { ...plan, instructions: wordInstructions(plan.instructions, wording) };
}

/** What the template names: the organisation and the day it was made (informational). */
export interface TemplateContext {
  organisationName: string;
  madeAt: Date;
  /** The user's locale: date cells' format and the instructions' dates (default en-AU). */
  locale?: Locale;
}

/** A kind other than receipts or returns: a usage error (exit 2). */
export class TemplateError extends ShedError {
  constructor(message: string) {
    super('template_kind', 'usage', message);
  }
}

const LIST_HEADERS: Record<TemplateListName, string> = { storages: 'Storage', products: 'Product', units: 'Unit' };
const LIST_ORDER: readonly TemplateListName[] = ['storages', 'products', 'units'];

const MESSAGES: Record<TemplateListName, Pick<TemplateValidation, 'style' | 'errorTitle' | 'error' | 'promptTitle'>> = {
  storages: {
    style: 'stop',
    errorTitle: 'Not a storage',
    error:
      "Pick a storage from the list. It holds this organisation's storages that are open for deliveries and returns; locked ones are left out.",
    promptTitle: 'Storage',
  },
  products: {
    style: 'warning',
    errorTitle: 'Product not in the list',
    error:
      "This name is not one of the organisation's products or trade names. The import will refuse it unless the service knows it under this name. Keep it?",
    promptTitle: 'Product',
  },
  units: {
    style: 'stop',
    errorTitle: 'Not a unit',
    error: 'Pick a unit from the list: l (litres), ml, kg, g or t (tonnes).',
    promptTitle: 'Unit',
  },
};

/** The prompt of a list column: the field's own (field-registry.ts), else the list's. */
function prompt(list: TemplateListName, column: TemplateColumn, kind: ImportKind): string {
  const own = kindOf(kind).registry[column.field].template?.prompt;
  if (own) return own;
  if (list === 'products') return 'The name on the invoice: pick from the list, or type it.';
  return 'l, ml, kg, g or t';
}

/**
 * The template of `kind` for one organisation: columns of TEMPLATE_COLUMNS, lists from
 * `templateLists(reference)`, a validation per list column (none for an empty list), instructions.
 * @throws TemplateError for a kind other than `receipts` or `returns`; ReferenceDataError for unusable reference data.
 */
export function buildTemplate(kind: ImportKind, reference: ReferenceData, context: TemplateContext): TemplatePlan {
  if (!isImportKind(kind)) {
    throw new TemplateError(`A template is for receipts or returns, not '${String(kind)}'.`);
  }
  const locale = context.locale ?? DEFAULT_LOCALE;
  // Each column's number format in the user's locale (a date column `mm/dd/yyyy` in en-US).
  const columns = TEMPLATE_COLUMNS[kind].map((c) => ({ ...c, numberFormat: cellNumberFormat(c.format, locale) }));
  const values = templateLists(reference);
  const lists: TemplateList[] = LIST_ORDER.map((name, column) => {
    const letter = columnLetter(column);
    const count = values[name].length;
    return {
      name,
      header: LIST_HEADERS[name],
      column,
      values: values[name],
      range: count === 0 ? null : `${LISTS_SHEET}!$${letter}$2:$${letter}$${count + 1}`,
    };
  });
  const validations: TemplateValidation[] = [];
  columns.forEach((col, index) => {
    const list = lists.find((l) => l.name === col.list);
    if (!list?.range) return;
    const letter = columnLetter(index);
    validations.push({
      column: index,
      cells: `${letter}2:${letter}${VALIDATED_ROWS + 1}`,
      list: list.name,
      formula: list.range,
      ...MESSAGES[list.name],
      prompt: prompt(list.name, col, kind),
    });
  });
  const { sheetName, tableName } = kindOf(kind);
  return {
    kind,
    sheetName,
    tableName,
    columns,
    lists,
    validations,
    instructions: templateInstructions(kind, {
      organisationName: context.organisationName,
      madeOn: formatLongDate(context.madeAt, locale),
      dateExample: dateExample(locale),
      sheetName,
      listsSheet: LISTS_SHEET,
    }),
  };
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../errors/shed-error.ts' {
  interface ErrorCodes {
    TemplateError: 'template_kind';
  }
}
