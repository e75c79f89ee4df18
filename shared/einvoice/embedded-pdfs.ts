/**
 * The PDFs an e-invoice carries (`AdditionalDocumentReference` attachments whose mime code or file name
 * says PDF) and the names both faces save them under: `INVOICE.pdf`, then `INVOICE-2.pdf`…, the invoice
 * number made safe as a file name. The CLI writes them beside the results; the pane offers each for saving.
 */
import type { EInvoice } from './ubl.ts';

/** One embedded PDF: the file name to save it as, and its content as base64 (as the document wrote it). */
export interface EmbeddedPdf {
  name: string;
  base64: string;
}

/** Characters no file name may hold on Windows, macOS or Linux, and runs of white space. */
const UNSAFE_IN_NAME = /[\\/:*?"<>|\s]+/g;

/**
 * The invoice's embedded PDFs, each with its file name (`INV-1001.pdf`, `INV-1001-2.pdf`; `invoice.pdf`
 * for an invoice without a number). Other attachments (images, spreadsheets) are left out. Pure.
 */
export function embeddedPdfs(invoice: Pick<EInvoice, 'number' | 'attachments'>): EmbeddedPdf[] {
  const pdfs = invoice.attachments.filter(
    (a) => a.mimeCode.toLowerCase() === 'application/pdf' || a.filename.toLowerCase().endsWith('.pdf'),
  );
  const stem = invoice.number.replace(UNSAFE_IN_NAME, '-').slice(0, 80) || 'invoice';
  return pdfs.map((pdf, i) => ({ name: `${stem}${i === 0 ? '' : `-${i + 1}`}.pdf`, base64: pdf.base64 }));
}
