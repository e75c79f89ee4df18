// The record count the CSV reader refuses a long file by, before parsing it, agrees with papaparse's.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { moreRecordsThan, unifyLineBreaks } from '../../../batch/read/csv-line-breaks.ts';

/** Records as the reader counts papaparse's: the line break ending the text starts none. */
function papaparseRecords(text: string, delimiter: string): number {
  const data = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false }).data;
  const last = data.at(-1);
  return data.length - (last && last.length === 1 && last[0] === '' ? 1 : 0);
}

const texts: [string, string][] = [
  ['plain LF, ending with a break', 'Product,Qty\nGlyfos,1\nUrea,2\n'],
  ['plain CRLF, no break at the end', 'Product,Qty\r\nGlyfos,1\r\nUrea,2'],
  ['CR only', 'Product,Qty\rGlyfos,1\rUrea,2\r'],
  ['blank lines inside and at the end', 'Product,Qty\n\nGlyfos,1\n\n\n'],
  ['quoted line breaks', 'Product,Note\nGlyfos,"one\ntwo"\nUrea,"a\r\nb\nc"\n'],
  ['quoted delimiters and doubled quotes', 'Product,Note\n"Glyfos, 20 L","say ""hi""\nthere"\nUrea,x\n'],
  ['a quote inside an unquoted value', 'Product,Note\nGlyfos,5" pipe\nUrea,"x"\n'],
  ['spaces after a closing quote', 'Product,Note\nGlyfos,"x"  \nUrea,"y\nz"   ,3\n'],
  ['semicolons', 'Product;Note\nGlyfos;"a;\nb"\nUrea;2\n'],
  ['tabs', 'Product\tNote\nGlyfos\t"a\tb\nc"\n'],
];

describe('moreRecordsThan', () => {
  for (const [name, raw] of texts) {
    it(`agrees with papaparse's record count: ${name}`, () => {
      const delimiter = /\t/.test(raw) ? '\t' : raw.includes(';') ? ';' : ',';
      const { text } = unifyLineBreaks(raw, delimiter);
      const records = papaparseRecords(text, delimiter);
      expect(records).toBeGreaterThan(1);
      for (let limit = records - 2; limit <= records + 1; limit += 1) {
        expect(moreRecordsThan(text, delimiter, limit), `limit ${limit}, ${records} records`).toBe(records > limit);
      }
    });
  }
});
