import { describe, expect, it } from 'vitest';
import { lineTotalProblem, packCostExGst, type PriceReading } from '../../../../shared/import/receipts/prices.ts';

const EX: PriceReading = { basis: { costIncludesGst: false, totalIncludesGst: false }, gstRate: '0.1' };
const INC: PriceReading = { basis: { costIncludesGst: true, totalIncludesGst: true }, gstRate: '0.1' };
const labels = { quantity: 'Qty', price: 'Price', total: 'Line Total' };

describe('packCostExGst', () => {
  it('leaves an ex-GST price alone and takes GST off an inclusive one, to the cent', () => {
    expect(packCostExGst('185.5', EX)).toBe('185.5');
    expect(packCostExGst('110', INC)).toBe('100');
    expect(packCostExGst('100', INC)).toBe('90.91');
    expect(packCostExGst('0.05', INC)).toBe('0.05');
    expect(packCostExGst('115', { ...INC, gstRate: '0.15' })).toBe('100');
  });
});

describe('lineTotalProblem', () => {
  it('accepts a blank total, an exact one and one a cent out', () => {
    expect(lineTotalProblem(null, '2', '185', EX, labels)).toBeNull();
    expect(lineTotalProblem(370, '2', '185', EX, labels)).toBeNull();
    expect(lineTotalProblem('$99.99', '3', '33.33', EX, labels)).toBeNull();
    expect(lineTotalProblem('100.00', '3', '33.33', EX, labels)).toBeNull();
  });

  it('refuses one more than a cent out, saying what it should be', () => {
    expect(lineTotalProblem(275, '5', '45', EX, labels)).toBe(
      '275 is not Qty × Price: 5 × 45 = 225 (more than a cent apart): correct the quantity, the price or the total',
    );
    expect(lineTotalProblem('100.02', '3', '33.33', EX, labels)).toMatch(/= 99\.99 \(more than a cent apart\)/);
  });

  it('compares across GST when the total and the price are on different bases', () => {
    const exPriceIncTotal: PriceReading = { basis: { costIncludesGst: false, totalIncludesGst: true }, gstRate: '0.1' };
    expect(lineTotalProblem(407, '2', '185', exPriceIncTotal, labels)).toBeNull();
    expect(lineTotalProblem(370, '2', '185', exPriceIncTotal, labels)).toMatch(
      /^370 is not Qty × Price plus GST: 2 × 185 plus GST = 407/,
    );
    const incPriceExTotal: PriceReading = { basis: { costIncludesGst: true, totalIncludesGst: false }, gstRate: '0.1' };
    expect(lineTotalProblem(370, '2', '203.5', incPriceExTotal, labels)).toBeNull();
  });

  it('refuses a total that is not a number', () => {
    expect(lineTotalProblem('N/C', '2', '185', EX, labels)).toMatch(/Line Total must be a number \(or blank\)$/);
  });
});
