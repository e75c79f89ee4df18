/**
 * A corpus of differently-worded supplier sheets (AU, NZ, UK and US wording, other orders, extra
 * columns, titles, two-row headers, headers nothing recognises): each is mapped with no mapping file,
 * by header and then by content against Willow Creek's demo catalogue, as `shed import` maps it.
 * Every sheet must map right or be refused with the reason; none may map a column wrongly.
 */
import { describe, expect, it } from 'vitest';
import { mapSheet, mapWithNames } from '../../../shared/import/map-sheet.ts';
import { createResolver } from '../../../shared/resolve/index.ts';
import type { Grid } from '../../../shared/sheet/grid.ts';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';
import { WILLOW, referenceFor } from '../resolve/catalogue.ts';
import { SUPPLIER_SHEETS as SHEETS, type SupplierSheet as Sheet } from '../../support/supplier-sheets.ts';

const resolver = createResolver(referenceFor(WILLOW));

type Outcome = { outcome: 'right' } | { outcome: 'refused'; why: string } | { outcome: 'wrong'; why: string };

function mapOne(sheet: Sheet): Outcome {
  const grid: Grid = {
    source: `${sheet.name}.csv`,
    sheet: 'Sheet1',
    rows: sheet.rows.map((cells, i) => ({ rowNumber: i + 1, cells })).filter((r) => r.cells.length > 0),
  };
  let mapping;
  try {
    mapping = mapWithNames(grid, mapSheet(grid, sheet.kind ?? 'receipts', undefined), resolver).mapping;
  } catch (error) {
    if (error instanceof MappingError) return { outcome: 'refused', why: error.message };
    throw error;
  }
  const placed = Object.fromEntries(
    Object.entries(mapping.columns).map(([field, column]) => [field, mapping.headers[column as number]]),
  );
  const wrong = Object.entries(placed).filter(
    ([field, header]) => sheet.expected[field] !== undefined && sheet.expected[field] !== header,
  );
  const unexpected = Object.entries(placed).filter(
    ([field, header]) => sheet.expected[field] === undefined && Object.values(sheet.expected).includes(header!),
  );
  const lost = Object.entries(sheet.expected).filter(([field]) => placed[field] === undefined);
  if (wrong.length + unexpected.length > 0) return { outcome: 'wrong', why: JSON.stringify({ wrong, unexpected }) };
  if (lost.length > 0) return { outcome: 'wrong', why: `not placed: ${JSON.stringify(lost)}` };
  return { outcome: 'right' };
}

describe('a corpus of differently-worded supplier sheets', () => {
  const outcomes = SHEETS.map((sheet) => ({ sheet: sheet.name, ...mapOne(sheet) }));

  it('has at least 20 sheets', () => {
    expect(SHEETS.length).toBeGreaterThanOrEqual(20);
  });

  it('never maps a column wrongly without saying so', () => {
    expect(outcomes.filter((o) => o.outcome === 'wrong')).toEqual([]);
  });

  it('maps at least 90% with no mapping file', () => {
    const right = outcomes.filter((o) => o.outcome === 'right').length;
    console.log(
      `supplier sheets: ${right} of ${SHEETS.length} mapped right with no mapping file (${((100 * right) / SHEETS.length).toFixed(1)}%); refused: ${JSON.stringify(outcomes.filter((o) => o.outcome === 'refused').map((o) => o.sheet))}`,
    );
    expect(right / SHEETS.length).toBeGreaterThanOrEqual(0.9);
  });
});
