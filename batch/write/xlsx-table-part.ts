/**
 * Real Excel tables (ListObjects) for exceljs's streaming writer.
 *
 * exceljs 4.4.0's `stream.xlsx.WorksheetWriter` has no `addTable` (exceljs issue #1412, open; the fix,
 * PR #1885, was never merged). A table is three small additions to the package, all known once the
 * rows are written: the part `xl/tables/tableN.xml`, a sheet relationship to it plus `<tableParts>` at
 * the end of the sheet XML, and a content-type override. This module adds them through the writer's
 * internals (pinned exceljs version); {@link tableHooks} returns `undefined` when those internals are
 * missing, and the caller then falls back to an autoFilter over the same range.
 */

/** Relationship type of a table part (ECMA-376 Part 1, 12.3.21). */
const TABLE_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/table';
const TABLE_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml';
const CONTENT_TYPES_PART = '[Content_Types].xml';
/** Blue header, banded rows: Excel's default table style. */
const TABLE_STYLE = 'TableStyleMedium2';

/** One column of a table: its header text (must equal the header cell) and its totals-row role. */
export interface TableColumnPart {
  name: string;
  totalsRowLabel?: string;
  totalsRowFunction?: 'sum';
}

/** A table as written: workbook-unique id and name, header cell range and whether the last row is a totals row. */
export interface TablePart {
  id: number;
  name: string;
  /** Whole table including header and totals row, e.g. `A1:T101`. */
  ref: string;
  /** Header and data rows only (the filter range), e.g. `A1:T100`. */
  autoFilterRef: string;
  columns: TableColumnPart[];
  totalsRow: boolean;
}

/** The internals of exceljs 4.4.0's streaming writer used here (untyped in its .d.ts). */
interface ZipInternals {
  append(source: unknown, data: { name: string }): unknown;
}
interface WorkbookInternals {
  zip: ZipInternals;
}
interface WorksheetInternals {
  _sheetRelsWriter: { addRelationship(rel: { Type: string; Target: string }): string };
  _writeCloseWorksheet(): void;
  _write(text: string): void;
}

/** Adds tables to one streaming workbook; made once per workbook by {@link tableHooks}. */
export interface TableHooks {
  /** Adds `table` to `worksheet`; call after its last row and before `worksheet.commit()`. */
  addTable(worksheet: object, table: TablePart): void;
}

/**
 * Table support for one `ExcelJS.stream.xlsx.WorkbookWriter`, or `undefined` when this exceljs
 * lacks the internals used. Patches the instance's zip so that `[Content_Types].xml` lists the tables.
 */
export function tableHooks(workbook: object): TableHooks | undefined {
  const zip = (workbook as Partial<WorkbookInternals>).zip;
  if (typeof zip?.append !== 'function') return undefined;
  const tables: string[] = [];
  const append = zip.append.bind(zip);
  zip.append = (source, data) =>
    append(
      data?.name === CONTENT_TYPES_PART && typeof source === 'string' ? withTableTypes(source, tables) : source,
      data,
    );
  return {
    addTable(worksheet, table) {
      const sheet = worksheet as WorksheetInternals;
      const target = `table${table.id}.xml`;
      const rId = sheet._sheetRelsWriter.addRelationship({ Type: TABLE_REL, Target: `../tables/${target}` });
      const close = sheet._writeCloseWorksheet.bind(sheet);
      // <tableParts> is the last child of <worksheet> but for <extLst>, which this writer never emits.
      sheet._writeCloseWorksheet = () => {
        sheet._write(`<tableParts count="1"><tablePart r:id="${rId}"/></tableParts>`);
        close();
      };
      append(tableXml(table), { name: `xl/tables/${target}` });
      tables.push(target);
    },
  };
}

/** Whether a streaming worksheet has the internals {@link TableHooks.addTable} uses. */
export function canAddTable(worksheet: object): boolean {
  const sheet = worksheet as Partial<WorksheetInternals>;
  return (
    typeof sheet._sheetRelsWriter?.addRelationship === 'function' &&
    typeof sheet._writeCloseWorksheet === 'function' &&
    typeof sheet._write === 'function'
  );
}

/** The table part XML (ECMA-376 Part 1, 18.5.1.2 `table`). Pure. */
export function tableXml(table: TablePart): string {
  const columns = table.columns
    .map((column, index) => {
      const label = column.totalsRowLabel === undefined ? '' : ` totalsRowLabel="${xmlAttr(column.totalsRowLabel)}"`;
      const fn = column.totalsRowFunction === undefined ? '' : ` totalsRowFunction="${column.totalsRowFunction}"`;
      return `<tableColumn id="${index + 1}" name="${xmlAttr(column.name)}"${label}${fn}/>`;
    })
    .join('');
  const totals = table.totalsRow ? ' totalsRowCount="1"' : ' totalsRowShown="0"';
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<table xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" id="${table.id}" name="${xmlAttr(table.name)}"` +
    ` displayName="${xmlAttr(table.name)}" ref="${table.ref}" headerRowCount="1"${totals}>` +
    `<autoFilter ref="${table.autoFilterRef}"/>` +
    `<tableColumns count="${table.columns.length}">${columns}</tableColumns>` +
    `<tableStyleInfo name="${TABLE_STYLE}" showFirstColumn="0" showLastColumn="0" showRowStripes="1" showColumnStripes="0"/>` +
    '</table>'
  );
}

/**
 * A structured reference to one column of a table, for a totals-row formula: `Movements[Qty]`, or
 * `Movements[[Qty (L)]]` when the name has characters other than letters, digits and `_`; inside the
 * brackets `[`, `]`, `#` and `'` are escaped with `'` (Excel "Using structured references").
 */
export function structuredRef(tableName: string, columnName: string): string {
  if (/^[\p{L}\p{N}_]+$/u.test(columnName)) return `${tableName}[${columnName}]`;
  return `${tableName}[[${columnName.replace(/[[\]#']/g, "'$&")}]]`;
}

function withTableTypes(contentTypes: string, tables: readonly string[]): string {
  const overrides = tables
    .map((target) => `<Override PartName="/xl/tables/${target}" ContentType="${TABLE_CONTENT_TYPE}"/>`)
    .join('');
  return contentTypes.replace('</Types>', `${overrides}</Types>`);
}

function xmlAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
