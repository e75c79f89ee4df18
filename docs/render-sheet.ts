// Renders the first sheet of an .xlsx as Excel would show it (header, widths, number formats, banded
// table rows, sheet tabs) and screenshots it with headless Chromium, for the README's picture:
//   npx tsx docs/render-sheet.ts out/movements.xlsx docs/movements.png [rows] [width in px] [sheet name]
// Like an Excel window, it shows the columns that fit in the width (the rest are off to the right).
// Needs a Chromium binary (CHROMIUM, default /usr/bin/chromium); not used by tests or the CLI.
import ExcelJS from 'exceljs';
import { chromium } from 'playwright-core';

const [input = 'out/movements.xlsx', output = 'docs/movements.png', maxRows = '30', maxWidth = '1800', sheetName] = process.argv.slice(2);
const pad = (n: number) => String(n).padStart(2, '0');
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function shown(cell: ExcelJS.Cell): { text: string; right: boolean } {
  const v = cell.value as unknown;
  const fmt = cell.numFmt ?? '';
  if (v === null || v === undefined) return { text: '', right: false };
  if (v instanceof Date) {
    const day = `${pad(v.getUTCDate())}/${pad(v.getUTCMonth() + 1)}/${v.getUTCFullYear()}`;
    return { text: fmt.includes('hh') ? `${day} ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}` : day, right: true };
  }
  if (typeof v === 'number') {
    const decimals = fmt.includes('0.00') ? 2 : undefined;
    const text = v.toLocaleString('en-AU', decimals === undefined ? { maximumFractionDigits: 10, useGrouping: false } : { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return { text, right: true };
  }
  if (typeof v === 'boolean') return { text: v ? 'TRUE' : 'FALSE', right: false };
  if (typeof v === 'object' && v !== null && 'result' in v) return { text: String((v as { result: unknown }).result), right: true };
  return { text: String(v), right: false };
}

const wb = new ExcelJS.Workbook();
await wb.xlsx.readFile(input);
const ws = (sheetName ? wb.getWorksheet(sheetName) : wb.worksheets[0])!;
const allWidths = Array.from({ length: ws.getRow(1).cellCount }, (_, i) => Math.round((ws.getColumn(i + 1).width ?? 9) * 7.2));
let used = 34;
const widths = allWidths.filter((w) => (used += w) <= Number(maxWidth));
const columns = widths.length;
const letters = widths.map((w, i) => `<th class="letter" style="width:${w}px">${String.fromCharCode(65 + i)}</th>`).join('');
const rows: string[] = [];
const last = Math.min(ws.rowCount, Number(maxRows) + 1);
for (let r = 1; r <= last; r++) {
  const row = ws.getRow(r);
  const cells = Array.from({ length: columns }, (_, i) => {
    const { text, right } = r === 1 ? { text: String(row.getCell(i + 1).value ?? ''), right: false } : shown(row.getCell(i + 1));
    return `<td class="${r === 1 ? 'head' : r % 2 === 0 ? 'band' : ''}${right ? ' num' : ''}">${escape(text)}${r === 1 ? '<span class="filter">▾</span>' : ''}</td>`;
  }).join('');
  rows.push(`<tr><th class="rownum">${r}</th>${cells}</tr>`);
}
const tabs = wb.worksheets.map((s) => `<span class="tab${s === ws ? ' active' : ''}">${escape(s.name)}</span>`).join('');
const html = `<!doctype html><html><head><style>
  body { margin: 0; font: 13px Calibri, Carlito, 'Liberation Sans', Arial, sans-serif; background: #fff; }
  table { border-collapse: collapse; table-layout: fixed; }
  th.letter, th.rownum { background: #f3f3f3; color: #555; font-weight: normal; border: 1px solid #d4d4d4; height: 20px; }
  th.rownum { width: 34px; }
  td { border: 1px solid #e1e1e1; height: 20px; padding: 0 4px; white-space: nowrap; overflow: hidden; text-overflow: clip; }
  td.head { background: #4472c4; color: #fff; font-weight: bold; border-color: #4472c4; position: relative; padding-right: 16px; }
  tr:first-of-type + tr td { border-bottom: 2px solid #a6a6a6; }
  td.band { background: #d9e1f2; }
  td.num { text-align: right; }
  .filter { position: absolute; right: 2px; top: 3px; width: 12px; height: 12px; font-size: 9px; line-height: 12px; text-align: center; background: #fff; color: #444; border: 1px solid #bbb; }
  .tabs { border-top: 1px solid #ccc; padding: 0 0 0 40px; background: #f3f3f3; height: 26px; }
  .tab { display: inline-block; padding: 4px 14px; color: #444; }
  .tab.active { background: #fff; color: #217346; font-weight: bold; border-bottom: 2px solid #217346; }
</style></head><body><table><tr><th class="rownum"></th>${letters}</tr>${rows.join('')}</table><div class="tabs">${tabs}</div></body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 800, height: 400 }, deviceScaleFactor: 1 });
  await page.setContent(html);
  const size = await page.evaluate(() => ({ width: document.body.scrollWidth, height: document.body.scrollHeight }));
  await page.setViewportSize(size);
  await page.screenshot({ path: output, fullPage: true });
  console.error(`${output}: ${size.width} × ${size.height} px, ${last - 1} rows of '${ws.name}' from ${input}`);
} finally {
  await browser.close();
}
