/**
 * Repairs of valid workbooks that SheetJS would read wrong or refuse, made on the zip before it
 * parses it (`zip-check.ts` finds what needs them; usually nothing does, and the bytes go through):
 * - a string item holding a plain `<t>` followed by runs
 *   (`<si><t>ARREST BOOKINGS for </t><r><t>01/30/17</t></r></si>`, valid SpreadsheetML) keeps only
 *   the `<t>`, silently: the plain `<t>` is wrapped in a run of its own;
 * - a workbook without a styles part (optional in OOXML and ODF) is refused: an empty one is added.
 */
import * as XLSX from '@e965/xlsx';

/** A plain `<t>` opening a string item and followed by a run, in any namespace prefix. */
export const PLAIN_THEN_RUNS = /<(?:\w+:)?(?:si|is)>\s*<(?:\w+:)?t[\s>][^<]*<\/(?:\w+:)?t>\s*<(?:\w+:)?r>/;
const WRAP = /(<(\w+:)?(?:si|is)>)(\s*)(<\2?t(?:\s[^>]*)?>[^<]*<\/\2?t>)(?=\s*<\2?r>)/g;

/** The styles part a workbook without one gets: OOXML (`xl/styles.xml`) or OpenDocument (`styles.xml`). */
export const EMPTY_STYLES = {
  ooxml: '<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
  odf: '<?xml version="1.0" encoding="UTF-8"?><office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" office:version="1.2"/>',
};

/** What to repair: parts whose plain-then-runs strings to wrap, and parts to add. */
export interface PartRepairs {
  plainThenRuns: string[];
  add: { name: string; content: string }[];
}

/** Whether there is anything to repair. */
export function needsRepair(repairs: PartRepairs): boolean {
  return repairs.plainThenRuns.length > 0 || repairs.add.length > 0;
}

/** The workbook's bytes with the repairs made (a new zip). */
export function repairParts(bytes: Uint8Array, repairs: PartRepairs): Uint8Array {
  const zip = XLSX.CFB.read(bytes, { type: 'buffer' });
  const paths = zip.FullPaths as string[];
  for (const part of repairs.plainThenRuns) {
    const index = paths.findIndex((full) => full.endsWith(`/${part}`));
    const entry = index >= 0 ? zip.FileIndex[index] : undefined;
    if (!entry) continue;
    const xml = Buffer.from(entry.content as Uint8Array).toString('utf8');
    const wrapped = xml.replace(
      WRAP,
      (_all, open: string, prefix: string | undefined, space: string, text: string) => `${open}${space}<${prefix ?? ''}r>${text}</${prefix ?? ''}r>`,
    );
    entry.content = Buffer.from(wrapped, 'utf8');
    entry.size = (entry.content as Buffer).length;
  }
  for (const part of repairs.add) XLSX.CFB.utils.cfb_add(zip, part.name, Buffer.from(part.content, 'utf8'));
  return new Uint8Array(XLSX.CFB.write(zip, { fileType: 'zip', type: 'buffer' }) as Buffer);
}
