/**
 * The pane's locale from Office's language (addin/app/locale.ts), against the sandbox over real HTTP:
 * an export written through the Excel adapter gets the locale's date cells, and an import reads an
 * ambiguous date in the locale's order unless an order was chosen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectController } from '../../../addin/app/connect.ts';
import { ExportController } from '../../../addin/app/export.ts';
import { ImportController } from '../../../addin/app/import.ts';
import { LocaleController } from '../../../addin/app/locale.ts';
import { createMemoryWorkbook, type SerialCell } from '../../../addin/app/memory-host.ts';
import { TemplateController } from '../../../addin/app/template.ts';
import { memoryTokenStore } from '../../../addin/app/token-store.ts';
import { SETTING_KEYS } from '../../../addin/app/workbook-settings.ts';
import { ExcelWorkbook } from '../../../addin/excel/excel-workbook.ts';
import type { OfficeLanguages } from '../../../shared/locale/locale.ts';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { listAll } from '../../support/service.ts';
import { FakeExcel } from '../excel/excel-fake.ts';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
});
afterAll(async () => {
  await sandbox.close();
});

/** A pane in Office whose languages are `languages`, on a workbook holding one invoice dated `03/04/2026`. */
async function pane(languages: OfficeLanguages, invoice: string, settings: Record<string, string> = {}) {
  const rows: SerialCell[][] = [
    ['Invoice No', 'Supplier', 'Date Received', 'Deliver To', 'Product', 'Qty', 'Pack Size', 'Unit', 'Price ex GST'],
    [invoice, 'Farmco Rural Supplies', '03/04/2026', 'Main Chemical Shed', 'Glyfos 540', 1, 20, 'L', 185],
  ];
  const workbook = createMemoryWorkbook({ sheets: [{ name: 'Invoices', rows }], settings });
  const connect = new ConnectController({ workbook, tokens: memoryTokenStore() });
  await connect.connect(sandbox.url, 'demo-token-willow');
  if (!connect.session()) await connect.selectOrganisation(WILLOW);
  const locales = new LocaleController(workbook, languages);
  await locales.restore();
  const session = () => connect.session();
  const locale = () => locales.current();
  const importer = new ImportController({ workbook, session, locale });
  locales.store.subscribe(() => importer.followLocale());
  await importer.refresh();
  return { workbook, session, locale, locales, importer };
}

/** The day the sandbox holds for the receipt of `invoice`. */
async function receivedOn(invoice: string): Promise<string> {
  const receipt = (await listAll(sandbox.url, WILLOW, 'receipts')).find((r) => r.notes === `Invoice ${invoice}`);
  return String(receipt?.received_at ?? '').slice(0, 10);
}

/** The number formats of the export's date column, as the Excel adapter wrote them. */
async function exportedDateFormats(languages: OfficeLanguages): Promise<string[]> {
  const { session, locale } = await pane(languages, 'EXPORT');
  const fake = new FakeExcel({ sheets: [{ name: 'Sheet1' }] });
  const exporter = new ExportController({ workbook: new ExcelWorkbook({ excel: fake.host }), session, locale });
  exporter.setDataset('receipts');
  await exporter.run();
  expect(exporter.store.get().status?.tone).toBe('success');
  const sheet = fake.sheet(exporter.store.get().written[0]!);
  const column = (sheet.values[0] as string[]).indexOf('Date Received');
  expect(column).toBeGreaterThanOrEqual(0);
  return [...new Set(sheet.formats.slice(1).map((row) => String(row[column])))];
}

describe('the pane in Office set to en-US', () => {
  const us = { displayLanguage: 'en-US', contentLanguage: 'en-AU' };

  it('writes export date cells month first (mm/dd/yyyy)', async () => {
    expect(await exportedDateFormats(us)).toEqual(['mm/dd/yyyy']);
  });

  it('reads an ambiguous date month first: 03/04/2026 is 4 March', async () => {
    const { importer } = await pane(us, 'PANE-US');
    expect(importer.store.get()).toMatchObject({ dateOrder: 'MDY', dateOrderChosen: false });
    await importer.start();
    expect(importer.store.get().status?.text).toBe('1 receipt: 1 created.');
    expect(await receivedOn('PANE-US')).toBe('2026-03-04');
  });

  it('writes a template whose date column is mm/dd/yyyy and whose instructions say month first', async () => {
    const { workbook, session, locale } = await pane(us, 'TEMPLATE');
    let written: Parameters<typeof workbook.addTemplateSheet>[0] | undefined;
    const spy = Object.assign(Object.create(workbook) as typeof workbook, {
      addTemplateSheet: async (sheet: NonNullable<typeof written>) => {
        written = sheet;
        await workbook.addTemplateSheet(sheet);
      },
    });
    await new TemplateController({ workbook: spy, session, locale }).create();
    const date = written?.columns.find((c) => c.header === 'Date Received');
    expect(date?.numberFormat).toBe('mm/dd/yyyy');
    expect(JSON.stringify(written?.instructions)).toContain('month first');
  });
});

describe('the pane in Office set to en-AU', () => {
  const au = { displayLanguage: 'en-AU' };

  it('writes export date cells day first (dd/mm/yyyy)', async () => {
    expect(await exportedDateFormats(au)).toEqual(['dd/mm/yyyy']);
  });

  it('reads an ambiguous date day first: 03/04/2026 is 3 April', async () => {
    const { importer } = await pane(au, 'PANE-AU');
    expect(importer.store.get().dateOrder).toBe('DMY');
    await importer.start();
    expect(await receivedOn('PANE-AU')).toBe('2026-04-03');
  });
});

describe("the pane's own choice", () => {
  it('beats Office’s language, is saved in the workbook, and a chosen date order beats both', async () => {
    const { importer, locales, workbook } = await pane({ displayLanguage: 'en-AU' }, 'PANE-CHOSEN');
    await locales.choose('en-US');
    expect(await workbook.getSetting(SETTING_KEYS.locale)).toBe('en-US');
    expect(importer.store.get().dateOrder).toBe('MDY');
    await importer.setDateOrder('DMY');
    await locales.choose('en-US');
    expect(importer.store.get().dateOrder).toBe('DMY');
    await locales.choose('');
    expect(locales.current()).toBe('en-AU');
  });

  it('is read back from the workbook when the pane opens again', async () => {
    const { locales, importer } = await pane({ displayLanguage: 'en-AU' }, 'PANE-SAVED', {
      [SETTING_KEYS.locale]: 'en-US',
    });
    expect(locales.store.get()).toEqual({ locale: 'en-US', chosen: 'en-US', office: 'en-AU' });
    expect(importer.store.get().dateOrder).toBe('MDY');
  });
});
