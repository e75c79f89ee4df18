/**
 * Minimal .xlsx (and .xlsb) workbooks built part by part, for reader tests that need what exceljs
 * never writes: thousands of sheets, rows at the sheet's edge, `t="d"` cells, hand-made shared
 * strings, a binary workbook part with a record that lies about its length.
 */
import { handZip } from './zip.ts';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** A worksheet: its tab name and the `<row>` elements of its `<sheetData>`. */
export interface SheetSpec {
  name: string;
  rows: string;
  /** The sheet's `<dimension ref>` (the used range its writer declares, `A1:I1048576`), when it has one. */
  dimension?: string;
  /** The tab is hidden (`state="hidden"`). */
  hidden?: boolean;
}

/**
 * A stored (uncompressed) .xlsx with `sheets` in tab order, deflated with `deflate` (its parts then
 * inflate in pieces, as a producer's do); `sharedStrings`: the text of xl/sharedStrings.xml;
 * `xlsbSheetNameLength`: instead, an .xlsb whose workbook.bin names one sheet with a string said to
 * be that many characters long (a record of 30 bytes).
 */
export function workbookZip(
  sheets: readonly SheetSpec[],
  options: { sharedStrings?: string; xlsbSheetNameLength?: number; deflate?: boolean } = {},
): Uint8Array {
  if (options.xlsbSheetNameLength !== undefined) return xlsbZip(options.xlsbSheetNameLength);
  const rels = sheets.map(
    (_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  );
  if (options.sharedStrings !== undefined)
    rels.push(`<Relationship Id="rIdS" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`);
  const overrides = [
    ...sheets.map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    ),
    ...(options.sharedStrings === undefined
      ? []
      : [
          '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>',
        ]),
  ].join('');
  const tabs = sheets
    .map(
      (s, i) => `<sheet name="${s.name}" sheetId="${i + 1}"${s.hidden ? ' state="hidden"' : ''} r:id="rId${i + 1}"/>`,
    )
    .join('');
  return handZip(
    [
      {
        name: '[Content_Types].xml',
        content: `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${overrides}</Types>`,
      },
      {
        name: '_rels/.rels',
        content: `<?xml version="1.0"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        content: `<?xml version="1.0"?><Relationships xmlns="${PKG}">${rels.join('')}</Relationships>`,
      },
      {
        name: 'xl/workbook.xml',
        content: `<?xml version="1.0"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${tabs}</sheets></workbook>`,
      },
      ...(options.sharedStrings === undefined
        ? []
        : [{ name: 'xl/sharedStrings.xml', content: options.sharedStrings }]),
      ...sheets.map((s, i) => ({
        name: `xl/worksheets/sheet${i + 1}.xml`,
        content: `<?xml version="1.0"?><worksheet xmlns="${MAIN}" xmlns:r="${REL}">${s.dimension === undefined ? '' : `<dimension ref="${s.dimension}"/>`}<sheetData>${s.rows}</sheetData></worksheet>`,
      })),
    ],
    { deflate: options.deflate === true },
  );
}

/** A BIFF12 record: its type and size as 7-bit variable-length numbers, then its data. */
function record(type: number, data: Buffer): Buffer {
  const varint = (n: number) => {
    const out: number[] = [];
    do {
      out.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
      n >>>= 7;
    } while (n > 0);
    return out;
  };
  return Buffer.concat([Buffer.from([...varint(type), ...varint(data.length)]), data]);
}

function xlsbZip(nameLength: number): Uint8Array {
  // BrtBundleSh: hsState, iTabID, strRelID (XLNullableWideString), strName (XLWideString).
  const sheet = Buffer.alloc(4 + 4 + 4 + 8 + 4 + 2);
  sheet.writeUInt32LE(1, 4);
  sheet.writeUInt32LE(4, 8);
  sheet.write('rId1', 12, 'utf16le');
  sheet.writeUInt32LE(nameLength, 20);
  sheet.write('S', 24, 'utf16le');
  const workbook = Buffer.concat([
    record(0x83, Buffer.alloc(0)),
    record(0x8f, Buffer.alloc(0)),
    record(0x9c, sheet),
    record(0x90, Buffer.alloc(0)),
    record(0x84, Buffer.alloc(0)),
  ]);
  return handZip([
    {
      name: '[Content_Types].xml',
      content: `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="bin" ContentType="application/vnd.ms-excel.sheet.binary.macroEnabled.main"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      content: `<?xml version="1.0"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.bin"/></Relationships>`,
    },
    {
      name: 'xl/_rels/workbook.bin.rels',
      content: `<?xml version="1.0"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.bin"/></Relationships>`,
    },
    { name: 'xl/workbook.bin', content: workbook },
    {
      name: 'xl/worksheets/sheet1.bin',
      content: Buffer.concat([record(0x81, Buffer.alloc(0)), record(0x82, Buffer.alloc(0))]),
    },
  ]);
}
