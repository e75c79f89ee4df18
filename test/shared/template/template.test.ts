import { describe, expect, it } from 'vitest';
import type { ReferenceData } from '../../../shared/resolve/index.ts';
import { normaliseName } from '../../../shared/resolve/index.ts';
import { detectMapping } from '../../../shared/sheet/mapping.ts';
import {
  buildTemplate,
  TEMPLATE_COLUMNS,
  TEMPLATE_UNITS,
  TemplateError,
  templateLists,
  VALIDATED_ROWS,
  wordTemplate,
} from '../../../shared/template/index.ts';
import type { ImportKind } from '../../../shared/kinds/index.ts';
import { catalogue, WILLOW } from '../../support/catalogue.ts';

const BANKSIA = catalogue.organisations.find((o) => o.name === 'Banksia Downs Trust')!.id;

/** Willow Creek's reference data straight from the demo catalogue (all its products, as sideloads would give). */
function willowReference(): ReferenceData {
  const full = JSON.parse(JSON.stringify(catalogue)) as {
    storages: ReferenceData['storages'];
    products: ReferenceData['products'];
    product_aliases: ReferenceData['productAliases'];
  };
  return {
    organisationId: WILLOW,
    storages: full.storages,
    productAliases: full.product_aliases,
    products: full.products,
  };
}

/** Names that normalise alike and mean more than one product: the import refuses them, so the list must leave them out. */
function expectedProductNames(orgId: string): string[] {
  const meaning = new Map<string, { names: Set<string>; products: Set<string> }>();
  const add = (name: string, productId: string) => {
    const key = normaliseName(name);
    const entry = meaning.get(key) ?? { names: new Set(), products: new Set() };
    entry.names.add(name);
    entry.products.add(productId);
    meaning.set(key, entry);
  };
  for (const p of catalogue.products.filter((p) => p.organisation_id === orgId)) add(p.name, p.id);
  for (const a of catalogue.product_aliases.filter((a) => a.organisation_id === orgId)) add(a.name, a.product_id);
  return [...meaning.values()].filter((m) => m.products.size === 1).map((m) => [...m.names][0]!);
}

// Local noon: the day shown is the machine's day, whatever its time zone.
const context = { organisationName: 'Willow Creek Pastoral Co', madeAt: new Date(2026, 2, 1, 12) };

describe('template columns', () => {
  it('are the import headers, in order', () => {
    expect(TEMPLATE_COLUMNS.receipts.map((c) => c.header)).toEqual([
      'Invoice No',
      'Supplier',
      'Date Received',
      'Storage',
      'PO Number',
      'Product',
      'Qty',
      'Pack Size',
      'Unit',
      'Price ex GST',
      'Notes',
    ]);
    expect(TEMPLATE_COLUMNS.returns.map((c) => c.header)).toEqual([
      'Date',
      'Return To',
      'Storage',
      'Product',
      'Amount',
      'Unit',
      'Reference',
      'Notes',
    ]);
  });

  for (const kind of ['receipts', 'returns'] as ImportKind[]) {
    it(`map, every one, to the intended ${kind} field, with nothing missing`, () => {
      const columns = TEMPLATE_COLUMNS[kind];
      const grid = {
        source: 'template.xlsx',
        sheet: kind,
        rows: [{ rowNumber: 1, cells: columns.map((c) => c.header) }],
      };
      const mapping = detectMapping(grid, kind);
      expect(mapping.headerRowNumber).toBe(1);
      expect(mapping.columns).toEqual(Object.fromEntries(columns.map((c, i) => [c.field, i])));
      expect(mapping.missing).toEqual([]);
      expect(mapping.unplaced).toEqual([]);
    });
  }

  it('say which are needed, per invoice or per row', () => {
    const byHeader = Object.fromEntries(TEMPLATE_COLUMNS.receipts.map((c) => [c.header, c]));
    expect(byHeader['Supplier']).toMatchObject({ required: true, note: 'Needed on the first row of each invoice.' });
    expect(byHeader['Qty']).toMatchObject({ required: true, note: 'Needed on every row.' });
    expect(byHeader['Notes']).toMatchObject({ required: false, note: null });
    expect(TEMPLATE_COLUMNS.returns.filter((c) => c.required).map((c) => c.header)).toEqual([
      'Date',
      'Return To',
      'Storage',
      'Product',
      'Amount',
    ]);
  });
});

describe('templateLists', () => {
  it("holds the organisation's open storages, unambiguous product and alias names, and the units", () => {
    const lists = templateLists(willowReference());
    const storages = catalogue.storages.filter((s) => s.organisation_id === WILLOW).map((s) => s.name);
    expect(lists.storages.sort()).toEqual(storages.filter((n) => n !== 'Old Shearing Shed').sort());
    expect(new Set(lists.products)).toEqual(new Set(expectedProductNames(WILLOW)));
    expect(lists.products).not.toContain('Wetter');
    expect(lists.products).toContain('Glyfos 540');
    expect(lists.units).toEqual(['l', 'ml', 'kg', 'g', 't']);
    expect(TEMPLATE_UNITS).toEqual(['l', 'ml', 'kg', 'g', 't']);
  });

  it("leaves out other organisations' names", () => {
    const lists = templateLists(willowReference());
    const banksiaOnly = catalogue.storages.filter((s) => s.organisation_id === BANKSIA).map((s) => s.name);
    for (const name of banksiaOnly) expect(lists.storages).not.toContain(name);
  });

  it('sorts for people and leaves out storages locked in either field set (gaps row 20)', () => {
    const lists = templateLists({
      organisationId: WILLOW,
      storages: [
        { id: '00000000-0000-4000-8000-000000000001', name: 'zeta shed' },
        { id: '00000000-0000-4000-8000-000000000002', name: 'Alpha Tank', active: true },
        { id: '00000000-0000-4000-8000-000000000003', name: 'Closed', active: false },
        { id: '00000000-0000-4000-8000-000000000004', name: 'Locked', locked_at: '2026-01-01T00:00:00Z' },
      ],
      productAliases: [],
      products: [],
    });
    expect(lists.storages).toEqual(['Alpha Tank', 'zeta shed']);
    expect(lists.products).toEqual([]);
  });
});

describe('buildTemplate', () => {
  it('feeds the Storage, Product and Unit columns from the Lists sheet over the first 1,000 data rows', () => {
    const plan = buildTemplate('receipts', willowReference(), context);
    const lists = templateLists(willowReference());
    expect(VALIDATED_ROWS).toBe(1000);
    expect(plan.lists.map((l) => [l.header, l.range])).toEqual([
      ['Storage', `Lists!$A$2:$A$${lists.storages.length + 1}`],
      ['Product', `Lists!$B$2:$B$${lists.products.length + 1}`],
      ['Unit', 'Lists!$C$2:$C$6'],
    ]);
    expect(plan.validations.map((v) => [v.cells, v.formula, v.style])).toEqual([
      ['D2:D1001', `Lists!$A$2:$A$${lists.storages.length + 1}`, 'stop'],
      ['F2:F1001', `Lists!$B$2:$B$${lists.products.length + 1}`, 'warning'],
      ['I2:I1001', 'Lists!$C$2:$C$6', 'stop'],
    ]);
    expect(plan).toMatchObject({ kind: 'receipts', sheetName: 'Receipts', tableName: 'ReceiptLines' });
  });

  it("writes date cells and the instructions' dates in the user's locale: month first in en-US, day first by default", () => {
    const lines = (plan: ReturnType<typeof buildTemplate>): string =>
      plan.instructions.sections.flatMap((s) => s.lines.map((l) => (typeof l === 'string' ? l : ''))).join('\n');
    const us = buildTemplate('receipts', willowReference(), { ...context, locale: 'en-US' });
    const au = buildTemplate('receipts', willowReference(), context);
    expect(us.columns.find((c) => c.field === 'received_at')?.numberFormat).toBe('mm/dd/yyyy');
    expect(au.columns.find((c) => c.field === 'received_at')?.numberFormat).toBe('dd/mm/yyyy');
    expect(lines(us)).toContain('month first, for example 02/03/2026 for February 3, 2026');
    expect(lines(au)).toContain('day first, for example 03/02/2026 for 3 February 2026');
  });

  it('places the returns lists on their own columns', () => {
    const plan = buildTemplate('returns', willowReference(), context);
    expect(plan.validations.map((v) => v.cells)).toEqual(['C2:C1001', 'D2:D1001', 'F2:F1001']);
    expect(plan.validations[0]!.prompt).toMatch(/taken from/);
    expect(plan).toMatchObject({ sheetName: 'Returns', tableName: 'ReturnLines' });
  });

  it('keeps every message within what Excel shows (titles 32 characters, messages 225)', () => {
    for (const kind of ['receipts', 'returns'] as ImportKind[]) {
      for (const v of buildTemplate(kind, willowReference(), context).validations) {
        expect(v.errorTitle.length).toBeLessThanOrEqual(32);
        expect(v.promptTitle.length).toBeLessThanOrEqual(32);
        expect(v.error.length).toBeLessThanOrEqual(225);
        expect(v.prompt.length).toBeLessThanOrEqual(225);
      }
    }
  });

  it('adds no validation for an empty list (a range of no rows is not valid in Excel)', () => {
    const plan = buildTemplate(
      'receipts',
      { organisationId: WILLOW, storages: [], productAliases: [], products: [] },
      context,
    );
    expect(plan.lists.map((l) => l.range)).toEqual([null, null, 'Lists!$C$2:$C$6']);
    expect(plan.validations.map((v) => v.list)).toEqual(['units']);
  });

  it('writes instructions in plain words, naming the organisation and the day, and leaves how to send it to each face', () => {
    for (const kind of ['receipts', 'returns'] as ImportKind[]) {
      const plan = buildTemplate(kind, willowReference(), context);
      const sending = plan.instructions.sections.find((s) => s.heading === 'Sending it')!.lines;
      expect(sending).toEqual([
        { remedy: { code: 'check_template', kind } },
        { remedy: { code: 'send_template', kind } },
        { remedy: { code: 'read_results' } },
      ]);
      // A face's wording fills in those lines; here, each step's code in words.
      const { instructions } = wordTemplate(plan, (remedy) => `step ${remedy.code.replace(/_/g, ' ')}.`);
      const text = [instructions.title, ...instructions.sections.flatMap((s) => [s.heading, ...s.lines])].join('\n');
      expect(text).toContain('Willow Creek Pastoral Co');
      expect(text).toMatch(/1 March 2026/);
      expect(text).toContain(
        'The lists come from Willow Creek Pastoral Co as it was on 1 March 2026. Step find template lists.',
      );
      expect(text).toContain('Step check template.');
      expect(text).not.toMatch(/\bshed (import|template|login)|--[a-z]|\bFILE\b/);
      expect(text).not.toMatch(/\b(uuid|id|field|null|undefined|_)\b|_/i);
      for (const column of TEMPLATE_COLUMNS[kind]) expect(text).toContain(`${column.header}`);
    }
  });

  it('refuses another kind, and reference data without an organisation', () => {
    expect(() => buildTemplate('stock' as ImportKind, willowReference(), context)).toThrow(TemplateError);
    expect(() => buildTemplate('receipts', { ...willowReference(), organisationId: '' }, context)).toThrow(
      /organisation/,
    );
  });
});
