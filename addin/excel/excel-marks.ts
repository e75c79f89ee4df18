/**
 * The add-in's marks on invalid cells, through office-js (inside the adapter's `Excel.run`): each
 * mark is a conditional format the add-in owns (a custom rule whose formula is {@link MARK_FORMULA},
 * a light red fill) over the invalid cells, never a change to the cells' own format. So there is no
 * cap and nothing to remember: the bookkeeper's own fill, pattern and colour stay as they are under
 * the mark, and come back exactly when it is deleted. Excel moves a conditional format's range with
 * its cells when rows are inserted or deleted above, so a mark follows its row; the write-back places
 * each batch's marks on the rows found by their keys. Needs ExcelApi 1.6 (conditional formats); the
 * marks of earlier versions (red fills recorded in a workbook setting) are still cleared.
 */
import { Batch } from './excel-batch.ts';
import { INVALID_FILL, a1Address, type CellRect } from './sheet-layout.ts';
import { NOTE_PREFIX, marksSettingKey } from './workbook-port.ts';

/**
 * The formula of the add-in's marks: always true, and telling the add-in's rules from the
 * bookkeeper's own (it also says whose rule it is in Excel's Conditional Formatting manager).
 */
export const MARK_FORMULA = '=ISTEXT("Shed Sheets: invalid value")';

/** Estimated bytes of one mark in a request: the range, the rule's formula, the fill. */
export const MARK_BYTES = 64 + MARK_FORMULA.length;

/** A sheet's marks as loaded: the sheet's conditional formats (when supported), the legacy setting, the notes. */
export interface LoadedMarks {
  formats?: Excel.ConditionalFormatCollection;
  setting: Excel.Setting;
  notes?: Excel.NoteCollection;
}

const A1 = /^\$?[A-Z]{1,3}\$?\d{1,7}(:\$?[A-Z]{1,3}\$?\d{1,7})?$/;
const COLOUR = /^#[0-9A-F]{6}$/i;

/** Queues the loads of a sheet's marks; read them after the next sync. */
export function loadMarks(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  sheetName: string,
  support: { notes: boolean; conditionalFormats: boolean },
): LoadedMarks {
  sheet.load('name');
  const setting = context.workbook.settings.getItemOrNullObject(marksSettingKey(sheetName));
  setting.load('value');
  const marks: LoadedMarks = { setting };
  if (support.conditionalFormats) {
    marks.formats = sheet.getRange().conditionalFormats;
    marks.formats.load('items/type');
  }
  if (support.notes) {
    sheet.notes.load('items/content');
    marks.notes = sheet.notes;
  }
  return marks;
}

/**
 * Marks recorded by earlier versions of the add-in, which filled cells red and remembered the
 * bookkeeper's colours under them (cell address → colour): cleared and put back as they were.
 */
function legacyRecord(setting: Excel.Setting): { fills: string[]; previous: [string, string][] } {
  let parsed: { fills?: unknown; previous?: unknown } = {};
  try {
    if (!setting.isNullObject) parsed = (JSON.parse(String(setting.value)) as typeof parsed | null) ?? {};
  } catch {
    // An unreadable record marks nothing.
  }
  const fills = Array.isArray(parsed.fills)
    ? parsed.fills.filter((a): a is string => typeof a === 'string' && A1.test(a))
    : [];
  const previous =
    typeof parsed.previous === 'object' && parsed.previous !== null
      ? Object.entries(parsed.previous).filter(
          (e): e is [string, string] => A1.test(e[0]) && typeof e[1] === 'string' && COLOUR.test(e[1]),
        )
      : [];
  return { fills, previous };
}

/**
 * Queues the removal of loaded marks: the add-in's conditional formats (one more sync reads the
 * custom rules' formulas, when the sheet has any), the legacy fills (the bookkeeper's colours put
 * back), the add-in's notes (content starting with {@link NOTE_PREFIX}), the legacy record.
 * @returns whether anything was queued.
 */
export async function clearMarksOf(sheet: Excel.Worksheet, marks: LoadedMarks, batch: Batch): Promise<boolean> {
  const custom = (marks.formats?.items ?? []).filter((f) => f.type === 'Custom');
  const rules = custom.map((format) => ({ format, rule: format.custom.rule.load('formula') }));
  if (rules.length > 0) await batch.sync();
  const ours = rules.filter(({ rule }) => rule.formula === MARK_FORMULA);
  for (const { format } of ours) format.delete();
  const { fills, previous } = legacyRecord(marks.setting);
  for (const address of fills) sheet.getRange(address).format.fill.clear();
  for (const [address, colour] of previous) sheet.getRange(address).format.fill.color = colour;
  batch.add(fills.length * 40 + previous.length * 48);
  const notes = (marks.notes?.items ?? []).filter((note) => note.content.startsWith(NOTE_PREFIX));
  for (const note of notes) note.delete();
  if (!marks.setting.isNullObject) marks.setting.delete();
  return ours.length > 0 || fills.length > 0 || notes.length > 0 || !marks.setting.isNullObject;
}

/** Queues one mark over a rectangle of invalid cells; its address. */
export function addMark(sheet: Excel.Worksheet, rect: CellRect, batch: Batch): string {
  const format = sheet
    .getRangeByIndexes(rect.rowNumber - 1, rect.column, rect.rowCount, rect.columnCount)
    .conditionalFormats.add('Custom');
  format.custom.rule.formula = MARK_FORMULA;
  format.custom.format.fill.color = INVALID_FILL;
  batch.add(MARK_BYTES);
  return a1Address(rect);
}
