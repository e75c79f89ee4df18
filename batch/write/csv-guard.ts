/**
 * The CSV formula-injection guard (PRODUCT.md "Exports are safe to open"; OWASP "CSV Injection").
 */

/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab and CR, hide one), after
 * any quotes: text already starting `'=` or `'-` is quoted once more, so the quote the import takes
 * off (batch/read/csv.ts) is ours and the text comes back as it was.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * A text cell made safe to open in a spreadsheet: text starting with `=`, `+`, `-`, `@`, tab or
 * carriage return gets a single quote in front (`=1+2` → `'=1+2`, `-5 kg` → `'-5 kg`), so Excel,
 * LibreOffice and Sheets show it as text instead of running it; text such as `'-5 drums` gets one more
 * (`''-5 drums`), so an import takes off only ours. Other text is returned unchanged.
 * Only for text cells: numbers written as numbers (a money `-5.00`) are never passed here, so they
 * stay numbers. Quoting for the delimiter, quotes and line breaks is papaparse's job, after this.
 */
export function guardCsvFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
