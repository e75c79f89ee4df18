// The embedded PDFs of an e-invoice and the names both faces save them under.
import { describe, expect, it } from 'vitest';
import { embeddedPdfs } from '../../../shared/einvoice/embedded-pdfs.ts';

const attachment = (mimeCode: string, filename: string, base64 = 'JVBERi0=') => ({
  id: 'a',
  mimeCode,
  filename,
  base64,
});

describe('embeddedPdfs', () => {
  it('names each PDF after the invoice number, numbering the second and later', () => {
    const pdfs = embeddedPdfs({
      number: 'INV-1001',
      attachments: [attachment('application/pdf', 'x.pdf'), attachment('', 'copy.PDF', 'AAAA')],
    });
    expect(pdfs).toEqual([
      { name: 'INV-1001.pdf', base64: 'JVBERi0=' },
      { name: 'INV-1001-2.pdf', base64: 'AAAA' },
    ]);
  });

  it('leaves out attachments that are not PDFs', () => {
    expect(embeddedPdfs({ number: 'INV-1', attachments: [attachment('image/png', 'logo.png')] })).toEqual([]);
  });

  it('makes the number safe as a file name, and names a PDF of an invoice without a number', () => {
    const pdf = [attachment('application/pdf', 'a.pdf')];
    expect(embeddedPdfs({ number: 'RA/2026:17 "B"', attachments: pdf })[0]!.name).toBe('RA-2026-17-B-.pdf');
    expect(embeddedPdfs({ number: '', attachments: pdf })[0]!.name).toBe('invoice.pdf');
  });
});
