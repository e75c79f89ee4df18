/**
 * The Instructions sheet of a template, in plain words for a farm bookkeeper: what each column wants,
 * how invoices spread over rows, and how to send the sheet. What differs between the faces (how to
 * check and send the sheet, where results and lists go) is left as remedies, which each face words
 * ({@link wordInstructions}): no line here names a command, a flag or a button.
 */
import type { Remedy, RemedyWording } from '../errors/remedy.ts';
import {
  KINDS,
  RECEIPT_REGISTRY,
  RETURN_REGISTRY,
  type ImportKind,
  type ReceiptField,
  type ReturnField,
} from '../kinds/index.ts';

/**
 * One line of the instructions: a sentence, or a step each face words (after `before`, when given):
 * the CLI names its commands, the task pane its tabs and buttons.
 */
export type InstructionLine = string | { before?: string; remedy: Remedy };

/** A titled page of short paragraphs, some lines left for each face to word. */
export interface TemplateInstructions {
  title: string;
  sections: { heading: string; lines: InstructionLine[] }[];
}

/** The instructions as one face shows them: every line a sentence. */
export interface WordedInstructions {
  title: string;
  sections: { heading: string; lines: string[] }[];
}

/** One row of the Instructions sheet: the title, a section's heading, one of its lines, or a blank row between sections. */
export interface InstructionRow {
  text: string | null;
  style: 'title' | 'heading' | 'line' | 'blank';
}

/** The width of the Instructions sheet's one column, in characters (its text wraps). */
export const INSTRUCTIONS_WIDTH = 110;

/**
 * The Instructions sheet's rows, one column, as both faces write them: the title (bold, 14 point),
 * then per section a blank row, its heading (bold) and its lines.
 */
export function instructionRows(instructions: WordedInstructions): InstructionRow[] {
  const rows: InstructionRow[] = [{ text: instructions.title, style: 'title' }];
  for (const section of instructions.sections) {
    rows.push({ text: null, style: 'blank' }, { text: section.heading, style: 'heading' });
    for (const line of section.lines) rows.push({ text: line, style: 'line' });
  }
  return rows;
}

/**
 * The instructions in one face's words: each remedy line worded by `wording` (a whole line,
 * capitalised here), after its `before` sentence when it has one.
 */
export function wordInstructions(instructions: TemplateInstructions, wording: RemedyWording): WordedInstructions {
  const word = (line: InstructionLine): string => {
    if (typeof line === 'string') return line;
    const text = wording(line.remedy);
    const sentence = `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
    return line.before === undefined ? sentence : `${line.before} ${sentence}`;
  };
  return {
    title: instructions.title,
    sections: instructions.sections.map((s) => ({ heading: s.heading, lines: s.lines.map(word) })),
  };
}

/** What the instructions mention: the organisation, the day the lists were made (`d Month yyyy`), the sheet names. */
export interface InstructionContext {
  organisationName: string;
  madeOn: string;
  /** How a date is written, e.g. `day first, for example 03/02/2026 for 3 February 2026` (shared/locale dateExample). */
  dateExample: string;
  sheetName: string;
  listsSheet: string;
}

/** The header of a field in the template: its label in the field registry. */
const r = (field: ReceiptField): string => RECEIPT_REGISTRY[field].label;
const t = (field: ReturnField): string => RETURN_REGISTRY[field].label;

function unitsLine(label: string): string {
  return `${label}: l for litres, ml for millilitres, kg for kilograms, g for grams, t for tonnes.`;
}

function receiptColumns(sheet: string, dateExample: string): string[] {
  return [
    `Use one row on the ${sheet} sheet for each line of a supplier invoice. An invoice with three products takes three rows.`,
    `${r('invoice')}: the invoice number. Rows with the same invoice number become one receipt.`,
    `${r('supplier')}, ${r('received_at')}, ${r('storage')}, ${r('order_number')} and ${r('notes')} belong to the whole invoice. Fill them in on the first row of each invoice; the rows below it take the same values. If you repeat them, they must be the same on every row of that invoice.`,
    `${r('received_at')}: the day the goods arrived, ${dateExample}.`,
    `${r('storage')}: the shed, tank or bunker the goods went into. Pick it from the list.`,
    `${r('product')}: the product name as it is printed on the invoice. Pick it from the list, which holds the product names and the trade names this organisation uses.`,
    `${r('quantity')}: how many packs (drums, bags, bulk loads) arrived.`,
    `${r('pack_size')}: how much one pack holds, for example 20 for a 20 litre drum, or 1 for a tonne of bulk fertiliser.`,
    unitsLine(r('pack_unit')),
    `${r('pack_cost')}: the price of one pack in dollars, without GST. A free item is 0.`,
    `${r('order_number')} and ${r('notes')} may be left empty.`,
  ];
}

function returnColumns(sheet: string, dateExample: string): string[] {
  return [
    `Use one row on the ${sheet} sheet for each return of a product to a supplier.`,
    `${t('returned_at')}: the day the product went back, ${dateExample}.`,
    `${t('supplier')}: the supplier the product went back to.`,
    `${t('storage')}: the shed, tank or bunker the product was taken from. Pick it from the list.`,
    `${t('product')}: the product name. Pick it from the list, which holds the product names and the trade names this organisation uses.`,
    `${t('amount')}: how much went back, in the unit of the next column, for example 40 with l for two 20 litre drums.`,
    unitsLine(t('amount_unit')),
    `${t('reference')}: the credit note or return number, if there is one. ${t('notes')}: anything else worth keeping. Both may be left empty.`,
  ];
}

/** What each column wants, per kind: lines for the sheet named `sheet`. */
const COLUMN_LINES: Readonly<Record<ImportKind, (sheet: string, dateExample: string) => string[]>> = {
  receipts: receiptColumns,
  returns: returnColumns,
};

/**
 * The instructions for a `kind` template. Every line is a sentence a bookkeeper can act on; none
 * mentions ids, fields or formats by their technical names.
 */
export function templateInstructions(kind: ImportKind, context: InstructionContext): TemplateInstructions {
  return {
    title: `How to fill in this ${KINDS[kind].many} sheet`,
    sections: [
      { heading: 'The columns', lines: COLUMN_LINES[kind](context.sheetName, context.dateExample) },
      {
        heading: 'The drop-down lists',
        lines: [
          {
            before: `The lists come from ${context.organisationName} as it was on ${context.madeOn}.`,
            remedy: { code: 'find_template_lists', sheet: context.listsSheet },
          },
          'Storages that are locked are not in the list: nothing can be recorded in them.',
          'A product that is not in the list can still be typed (Excel warns first), but it is only accepted if the service knows that name.',
          'When a storage or product is added in the service, make a new template to get it in the lists.',
        ],
      },
      {
        heading: 'Keep in mind',
        lines: [
          { remedy: { code: 'keep_template_layout' } },
          'Empty rows are skipped. Rows can be pasted from another workbook; pasted cells are not checked against the lists until the import.',
        ],
      },
      {
        heading: 'Sending it',
        lines: [
          { remedy: { code: 'check_template', kind } },
          { remedy: { code: 'send_template', kind } },
          { remedy: { code: 'read_results' } },
        ],
      },
    ],
  };
}
