import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { einvoiceSheet } from '../../../shared/einvoice/to-grid.ts';
import { checkCurrency } from '../../../shared/einvoice/currency.ts';

const FIXTURE = new URL('../../fixtures/einvoices/farm-invoice.xml', import.meta.url);

/** The fixture invoice with every currency code (document and amounts) set to `code`. */
async function inCurrency(code: string): Promise<Uint8Array> {
  const text = (await readFile(FIXTURE, 'utf8'))
    .replace(/(<cbc:DocumentCurrencyCode>)[A-Z]{3}(<\/cbc:DocumentCurrencyCode>)/, `$1${code}$2`)
    .replace(/currencyID="[A-Z]{3}"/g, `currencyID="${code}"`);
  return new TextEncoder().encode(text);
}

describe('an e-invoice’s currency', () => {
  it('is read in dollars (AUD or NZD)', async () => {
    expect(einvoiceSheet(await inCurrency('AUD'), 'aud.xml').invoice.currency).toBe('AUD');
    expect(einvoiceSheet(await inCurrency('NZD'), 'nzd.xml').invoice.currency).toBe('NZD');
  });

  it('is refused in another currency, naming it, before any row is made', async () => {
    expect(() => einvoiceSheet(new Uint8Array(0), 'x')).toThrow();
    let caught: unknown;
    try {
      einvoiceSheet(await inCurrency('USD'), 'usd.xml');
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'einvoice_currency', category: 'input' });
    expect(String((caught as Error).message)).toMatch(/^usd\.xml: invoice \S+ is in USD; .*nothing is sent/);
  });

  it('is refused when the document names none', () => {
    expect(() => checkCurrency({ currency: '', number: 'INV-1' }, 'none.xml')).toThrow(
      'none.xml: invoice INV-1 names no currency (cbc:DocumentCurrencyCode)',
    );
  });
});
