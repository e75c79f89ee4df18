/**
 * Errors of the e-invoice reader (shared/einvoice/): a document refused before anything is sent, because
 * it is hostile or malformed XML, not a UBL Invoice or CreditNote, or does not add up. Category `input`:
 * the CLI exits 2 and sends nothing.
 */
import { ShedError } from '../errors/shed-error.ts';

/**
 * Stable codes of {@link EInvoiceError}:
 * - `xml_too_large`: the document is over the size limit (checked on the bytes, before parsing).
 * - `xml_doctype`: the document has a DOCTYPE or an entity declaration (no DTD is ever read: XXE, billion laughs).
 * - `xml_too_deep`: elements nested deeper than the limit.
 * - `xml_malformed`: not well-formed XML, or not text in the encoding it names (UTF-8 by default), or one not read.
 * - `not_an_einvoice`: well-formed, but not a UBL 2.1 Invoice or CreditNote (with or without an SBDH envelope),
 *   missing what a receipt needs (invoice number, seller name, issue date, lines), or breaking a rule of UBL the
 *   reading relies on (a number, a date or a boolean as UBL writes them; an element written once; a price's base
 *   quantity in the quantity's unit).
 * - `einvoice_totals`: the lines, allowances and charges do not add up to the document's totals to the cent.
 * - `einvoice_currency`: the document is not in dollars (AUD or NZD), or one of its amounts is in another
 *   currency than the document's: its prices cannot be saved as they are.
 * - `einvoice_type`: the document's type code contradicts its root (an Invoice with a credit note's code,
 *   a CreditNote with an invoice's): a credit would be received as stock, or the reverse; or it is a corrected
 *   invoice (384), whose goods would be received a second time.
 */
export type EInvoiceErrorCode =
  | 'xml_too_large'
  | 'xml_doctype'
  | 'xml_too_deep'
  | 'xml_malformed'
  | 'not_an_einvoice'
  | 'einvoice_totals'
  | 'einvoice_currency'
  | 'einvoice_type';

/** An e-invoice refused: the message names the document, what is wrong (with the figures) and where. */
export class EInvoiceError extends ShedError {
  declare readonly code: EInvoiceErrorCode;
  /** The document as the user named it. */
  readonly source: string;

  constructor(code: EInvoiceErrorCode, source: string, message: string, options?: { cause?: unknown }) {
    super(code, 'input', `${source}: ${message}`, options);
    this.source = source;
  }
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../errors/shed-error.ts' {
  interface ErrorCodes {
    EInvoiceError: EInvoiceErrorCode;
  }
}
