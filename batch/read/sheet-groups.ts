/**
 * Which parse of a workbook holds a sheet, and each sheet's count by name: the sheets after the first
 * are parsed together, a few at a time, and a sheet counted over the row limit only when it is the
 * one looked for (parsing it is refusing it: workbook.ts `parseChecked`).
 */
import type * as XLSX from '@e965/xlsx';
import type { SheetRowCount } from './zip-sheets.ts';

/** Unpacked bytes of worksheet parts parsed together when the first sheet has no data. */
const SHEETS_PARSED_TOGETHER_BYTES = 16 * 1024 * 1024;

/**
 * Finds the parsed model holding a sheet: the first parse's, else one parse for the next sheets of
 * `order` not parsed yet, together (up to {@link SHEETS_PARSED_TOGETHER_BYTES} of their parts), so
 * that a workbook of 1,024 sheets is parsed twice at most, not 1,024 times. A sheet whose part the
 * zip check found no value in has no data and is not parsed at all (undefined). A sheet `overLimit`
 * ends a group: it is parsed only when it is the sheet looked for.
 */
export function otherSheets(
  first: XLSX.WorkBook,
  parseChecked: (sheets: readonly (string | number)[]) => XLSX.WorkBook,
  counts: readonly SheetRowCount[],
  overLimit: (sheet: string | number) => boolean,
): (name: string, order: readonly string[]) => XLSX.WorkBook | undefined {
  const tried = new Set<string>();
  let book: XLSX.WorkBook | undefined;
  return (name, order) => {
    if (first.Sheets[name]) return first;
    if (countOf(name, counts)?.valueless) return undefined;
    if (book?.Sheets[name] || tried.has(name)) return book?.Sheets[name] ? book : undefined;
    const group: string[] = [];
    let bytes = 0;
    for (const next of order.slice(Math.max(0, order.indexOf(name)))) {
      const count = countOf(next, counts);
      if (tried.has(next) || first.Sheets[next] || count?.valueless) continue;
      if (group.length > 0 && bytes + (count?.bytes ?? 0) > SHEETS_PARSED_TOGETHER_BYTES) break;
      // Parsed with others, a sheet over the limit would refuse the workbook before they are read.
      if (group.length > 0 && overLimit(next)) break;
      group.push(next);
      bytes += count?.bytes ?? 0;
    }
    for (const sheet of group) tried.add(sheet);
    book = parseChecked(group);
    return book.Sheets[name] ? book : undefined;
  };
}

/** A sheet's count (by name, case-insensitive, or tab index), when the zip check made one. */
export function countOf(sheet: string | number, counts: readonly SheetRowCount[]): SheetRowCount | undefined {
  if (typeof sheet === 'number') return counts[sheet];
  let byName = countsByName.get(counts);
  if (!byName) {
    byName = new Map();
    // The first sheet of a name wins, as a search in tab order would find it.
    for (const count of [...counts].reverse()) byName.set(count.name.trim().toLowerCase(), count);
    countsByName.set(counts, byName);
  }
  return byName.get(sheet.trim().toLowerCase());
}

/** Each list of counts by sheet name (trimmed, lower case): a workbook of 1,000 sheets looks names up a million times. */
const countsByName = new WeakMap<readonly SheetRowCount[], Map<string, SheetRowCount>>();
