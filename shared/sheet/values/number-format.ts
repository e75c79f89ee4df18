/**
 * Excel number formats as both faces read them: whether a format shows a date or time. One rule for
 * the CLI's workbook reader (SheetJS's `z`) and the task pane (office-js's `numberFormat`), so a
 * date-formatted number reads as a date in both. Pure.
 */

/** Formats looked at so far, whether each shows a date; at most {@link FORMATS_KEPT} of them. */
const DATE_FORMATS = new Map<string, boolean>();
const FORMATS_KEPT = 1024;

/**
 * Whether an Excel number format shows a date or time: after removing quoted text, `[...]` sections
 * (colours, locales, elapsed-time brackets), backslash escapes and `_x`/`*x` padding and fill, a d, m,
 * y, h, s or b (Buddhist year) token remains. `General`, `@`, `0.00`, `#,##0 "kg"`, `0.00_h` and
 * `[$$-409]#,##0.00` are not dates; `dd/mm/yyyy`, `d-mmm-yy`, `[$-en-AU]d mmmm yyyy`, `yyyy-mm-dd hh:mm`
 * are. Each format is looked at once (a sheet's cells share a few).
 */
export function isDateFormat(format: string | null | undefined): boolean {
  if (!format) return false;
  let dated = DATE_FORMATS.get(format);
  if (dated === undefined) {
    const bare = format
      .replace(/"[^"]*"/g, '')
      .replace(/\[[^\]]*\]/g, '')
      .replace(/\\./g, '')
      .replace(/[_*]./g, '');
    dated = !/^general$/i.test(bare.trim()) && /[dmyhsb]/i.test(bare);
    if (DATE_FORMATS.size >= FORMATS_KEPT) DATE_FORMATS.clear();
    DATE_FORMATS.set(format, dated);
  }
  return dated;
}
