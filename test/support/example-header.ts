// The header of examples/supplier-invoices.xlsx's Invoices sheet (its nine input columns), for tests that
// write sheets in that layout.

/** `Invoice No`, `Supplier`, `Date Received`, `Deliver To`, `Product`, `Qty`, `Pack Size`, `Unit`, `Price ex GST`. */
export const EXAMPLE_HEADER: readonly string[] = [
  'Invoice No',
  'Supplier',
  'Date Received',
  'Deliver To',
  'Product',
  'Qty',
  'Pack Size',
  'Unit',
  'Price ex GST',
];
