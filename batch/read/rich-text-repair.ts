/**
 * A repair for one way producers write rich text that SheetJS reads wrong: a string item holding a
 * plain `<t>` followed by runs (`<si><t>ARREST BOOKINGS for </t><r><t>01/30/17</t></r></si>`,
 * valid SpreadsheetML) keeps only the `<t>`, silently. `zip-check.ts` finds the parts that do it;
 * here the plain `<t>` is wrapped in a run of its own and the zip rebuilt, so the string reads whole.
 */
import * as XLSX from '@e965/xlsx';

/** A plain `<t>` opening a string item and followed by a run, in any namespace prefix. */
export const PLAIN_THEN_RUNS = /<(?:\w+:)?(?:si|is)>\s*<(?:\w+:)?t[\s>][^<]*<\/(?:\w+:)?t>\s*<(?:\w+:)?r>/;
const WRAP = /(<(\w+:)?(?:si|is)>)(\s*)(<\2?t(?:\s[^>]*)?>[^<]*<\/\2?t>)(?=\s*<\2?r>)/g;

/** The workbook's bytes with each named part's plain-then-runs strings wrapped as runs. */
export function repairPlainThenRuns(bytes: Uint8Array, parts: readonly string[]): Uint8Array {
  const zip = XLSX.CFB.read(bytes, { type: 'buffer' });
  const paths = zip.FullPaths as string[];
  for (const part of parts) {
    const index = paths.findIndex((full) => full.endsWith(`/${part}`));
    const entry = index >= 0 ? zip.FileIndex[index] : undefined;
    if (!entry) continue;
    const xml = Buffer.from(entry.content as Uint8Array).toString('utf8');
    entry.content = Buffer.from(xml.replace(WRAP, (_all, open: string, prefix: string | undefined, space: string, text: string) => `${open}${space}<${prefix ?? ''}r>${text}</${prefix ?? ''}r>`), 'utf8');
    entry.size = (entry.content as Buffer).length;
  }
  return new Uint8Array(XLSX.CFB.write(zip, { fileType: 'zip', type: 'buffer' }) as Buffer);
}
