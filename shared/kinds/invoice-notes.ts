/**
 * Where the invoice number goes when it is not the order number ("the invoice number is
 * never lost"): the receipt's notes start with `Invoice <number>`, then `; ` and the sheet's notes.
 * Exports split it back, so an exported sheet imports to the same notes.
 */
const PREFIX = /^Invoice (\S+)(?:; ([\s\S]*))?$/;

/** The receipt notes for an invoice number and the sheet's notes; null when both are empty. */
export function invoiceNotes(invoice: string | null, notes: string | null): string | null {
  if (!invoice) return notes;
  if (notes && PREFIX.exec(notes)?.[1] === invoice) return notes;
  return notes ? `Invoice ${invoice}; ${notes}` : `Invoice ${invoice}`;
}

/** Splits receipt notes into the invoice number and the rest: `Invoice INV-1; Back order` → both parts. */
export function splitInvoiceNotes(notes: string | null): { invoice: string | null; notes: string | null } {
  const match = notes ? PREFIX.exec(notes) : null;
  if (!match) return { invoice: null, notes };
  return { invoice: match[1] ?? null, notes: match[2] ?? null };
}
