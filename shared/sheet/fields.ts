/**
 * The fields an import sheet can carry, and the header names a bookkeeper would use for each
 * (PRODUCT.md, "What a sheet may look like"). Headers are compared after {@link normaliseHeader}.
 */

/** Fields of a receipts sheet: invoice header fields, line fields, and the ids a results file carries. */
export const RECEIPT_FIELDS = [
  'invoice',
  'supplier',
  'received_at',
  'storage',
  'order_number',
  'notes',
  'product',
  'quantity',
  'pack_size',
  'pack_unit',
  'pack_cost',
  'line_total',
  'record_id',
  'sequence',
  'line_item_id',
  'updated_at',
  'status',
  'message',
] as const;
export type ReceiptField = (typeof RECEIPT_FIELDS)[number];

/** Fields of a returns sheet (one row per return). */
export const RETURN_FIELDS = [
  'supplier',
  'returned_at',
  'storage',
  'product',
  'amount',
  'amount_unit',
  'reference',
  'notes',
  'record_id',
  'sequence',
  'updated_at',
  'status',
  'message',
] as const;
export type ReturnField = (typeof RETURN_FIELDS)[number];

/** Receipt fields every sheet must map (the pack unit may come inside the pack size cell). */
export const RECEIPT_REQUIRED: readonly ReceiptField[] = [
  'supplier', 'received_at', 'storage', 'product', 'quantity', 'pack_size', 'pack_cost',
];

/** Return fields every sheet must map (the unit may come inside the amount cell). */
export const RETURN_REQUIRED: readonly ReturnField[] = ['supplier', 'returned_at', 'storage', 'product', 'amount'];

/** Receipt fields that belong to the invoice header: filled down within an invoice, equal on all its lines. */
export const RECEIPT_HEADER_FIELDS: readonly ReceiptField[] = [
  'invoice', 'supplier', 'received_at', 'storage', 'order_number', 'notes', 'record_id', 'sequence', 'updated_at',
];

/** Header synonyms, already normalised (lower case, letters and digits only). */
export const RECEIPT_SYNONYMS: Readonly<Record<ReceiptField, readonly string[]>> = {
  invoice: [
    'invoice', 'invoiceno', 'invoicenumber', 'invoicenum', 'invoiceid', 'inv', 'invno', 'invoiceref', 'docno', 'documentnumber',
    'billnumber', 'billno', 'bill', 'billref', 'docket', 'docketno', 'docketnumber', 'taxinvoice', 'taxinvoiceno',
  ],
  supplier: ['supplier', 'suppliername', 'vendor', 'vendorname', 'from', 'merchant', 'reseller', 'contactname', 'contact', 'creditor', 'creditorname', 'payee', 'billfrom'],
  received_at: [
    'datereceived', 'receivedat', 'received', 'receiveddate', 'date', 'deliverydate', 'delivered', 'datedelivered', 'invoicedate', 'receiptdate',
    'billdate', 'docketdate', 'dateofdelivery', 'datesupplied', 'recd', 'daterecd', 'recddate',
  ],
  storage: ['storage', 'deliverto', 'shed', 'location', 'store', 'storagelocation', 'storagename', 'site', 'destination', 'shipto', 'deliveredto', 'bay', 'warehouse'],
  order_number: ['ponumber', 'po', 'pono', 'ordernumber', 'orderno', 'order', 'purchaseorder', 'purchaseordernumber', 'ponum'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks', 'memo', 'description'],
  product: ['product', 'productname', 'item', 'itemname', 'tradename', 'brand', 'chemical', 'productdescription', 'itemdescription'],
  quantity: ['qty', 'quantity', 'noofpacks', 'numberofpacks', 'packs', 'packcount', 'count', 'qtyordered', 'qtysupplied', 'qtydelivered', 'qtyrecd', 'qtyreceived', 'quantityreceived', 'unitsdelivered', 'unitssupplied'],
  pack_size: ['packsize', 'size', 'packsizevalue', 'pack', 'volume', 'containersize'],
  pack_unit: ['unit', 'units', 'uom', 'unitofmeasure', 'packunit', 'packsizeunit', 'measure'],
  pack_cost: [
    'unitprice', 'costperpack', 'priceexgst', 'packcost', 'price', 'costpack', 'pricepack', 'priceperpack', 'cost', 'unitcost', 'rate', 'packprice',
    'unitamount', 'each', 'priceeach', 'costeach', 'priceea', 'unitrate', 'netprice', 'nettprice', 'unitcostexgst', 'unitpriceexgst',
  ],
  line_total: ['linetotal', 'total', 'amount', 'lineamount', 'extended', 'totalexgst', 'linetotalexgst', 'extendedprice', 'extprice', 'amountexgst', 'lineamountexgst', 'nettotal'],
  record_id: ['recordid', 'receiptid', 'id'],
  sequence: ['sequence', 'receiptno', 'receiptnumber', 'rec'],
  line_item_id: ['lineitemid', 'lineid', 'itemid'],
  updated_at: ['updatedat', 'lastupdated', 'updated', 'modified', 'lastmodified'],
  status: ['status', 'result'],
  message: ['message', 'messages', 'error', 'errors'],
};

/** Header synonyms for returns, already normalised. */
export const RETURN_SYNONYMS: Readonly<Record<ReturnField, readonly string[]>> = {
  supplier: ['supplier', 'returnto', 'returnedto', 'suppliername', 'vendor', 'to'],
  returned_at: ['date', 'returnedat', 'returned', 'returndate', 'datereturned'],
  storage: ['storage', 'fromshed', 'shed', 'location', 'from', 'fromstorage', 'store', 'site'],
  product: ['product', 'productname', 'item', 'tradename', 'brand', 'chemical'],
  amount: ['amount', 'qty', 'quantity', 'amountreturned', 'quantityreturned', 'volume'],
  amount_unit: ['unit', 'units', 'uom', 'unitofmeasure', 'amountunit'],
  reference: ['reference', 'ref', 'creditnote', 'creditnoteno', 'creditnotenumber', 'rma', 'returnno', 'returnnumber'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks', 'reason', 'memo'],
  record_id: ['recordid', 'returnid', 'id'],
  sequence: ['sequence', 'returnsequence'],
  updated_at: ['updatedat', 'lastupdated', 'updated', 'modified'],
  status: ['status', 'result'],
  message: ['message', 'messages', 'error', 'errors'],
};

/**
 * A header as compared: lower case, accents, punctuation and all whitespace (non-breaking too) removed.
 * `"No. of packs"` → `"noofpacks"`, `"Price ex GST"` → `"priceexgst"`.
 */
export function normaliseHeader(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
