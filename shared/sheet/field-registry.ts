/**
 * One place per fact about each column of an import sheet: the header shed writes (templates,
 * exports, result columns) and names in messages, the other headers a bookkeeper may use, whether
 * the import needs it, whether it is an invoice header field, and how templates and exports lay it
 * out. Mapping (fields.ts), templates (shared/template), exports (shared/export/datasets) and
 * results (shared/import/outcome.ts) all read it: change a label here and every face follows.
 */
import type { ExportColumnType } from '../export/columns.ts';
import type { TemplateFormat, TemplateListName } from '../template/columns.ts';
import type { ReceiptField, ReturnField } from './fields.ts';

/** Everything about one field of a sheet. */
export interface FieldSpec {
  /** The header shed writes and names in messages ("add a column headed 'Qty'"). A sheet using it maps. */
  label: string;
  /**
   * The headers that map to the field, normalised (lower case, letters and digits), in order of
   * preference; the label is added in front when it is not listed. A label changed keeps the old one
   * mapping only if it stays listed here.
   */
  synonyms: readonly string[];
  /** Every sheet must map it. */
  required?: boolean;
  /** Receipts: a field of the invoice, filled down within it and equal on all its lines. */
  invoiceLevel?: boolean;
  /** The column of the import template: cell format, width in characters, drop-down list. */
  template?: { format: TemplateFormat; width: number; list?: TemplateListName };
  /** The column of the export in the import layout (receipts and returns datasets): value type, width. */
  export?: { type: ExportColumnType; width?: number };
}

/** The columns an import writes back (PRODUCT.md, "Results file"), shared by both kinds. */
const RESULT_FIELDS = {
  record_id: { label: 'Record ID', export: { type: 'text' } },
  sequence: { label: 'Sequence', export: { type: 'text' } },
  updated_at: { label: 'Updated At', synonyms: ['updatedat', 'lastupdated', 'updated', 'modified', 'lastmodified'], export: { type: 'text' } },
  status: { label: 'Status', synonyms: ['status', 'result'] },
  message: { label: 'Message', synonyms: ['message', 'messages', 'error', 'errors'] },
} as const;

/** The fields of a receipts sheet (PRODUCT.md, "What a sheet may look like"). */
export const RECEIPT_REGISTRY: Readonly<Record<ReceiptField, FieldSpec>> = {
  invoice: {
    label: 'Invoice No',
    synonyms: [
      'invoice',
      'invoiceno',
      'invoicenumber',
      'invoicenum',
      'invoiceid',
      'inv',
      'invno',
      'invoiceref',
      'docno',
      'documentnumber',
      'billnumber',
      'billno',
      'bill',
      'billref',
      'docket',
      'docketno',
      'docketnumber',
      'taxinvoice',
      'taxinvoiceno',
    ],
    invoiceLevel: true,
    template: { format: 'text', width: 14 },
    export: { type: 'text' },
  },
  supplier: {
    label: 'Supplier',
    synonyms: [
      'supplier',
      'suppliername',
      'vendor',
      'vendorname',
      'from',
      'merchant',
      'reseller',
      'contactname',
      'contact',
      'creditor',
      'creditorname',
      'payee',
      'billfrom',
    ],
    required: true,
    invoiceLevel: true,
    template: { format: 'general', width: 28 },
    export: { type: 'text' },
  },
  received_at: {
    label: 'Date Received',
    synonyms: [
      'datereceived',
      'receivedat',
      'received',
      'receiveddate',
      'date',
      'deliverydate',
      'delivered',
      'datedelivered',
      'invoicedate',
      'receiptdate',
      'billdate',
      'docketdate',
      'dateofdelivery',
      'datesupplied',
      'recd',
      'daterecd',
      'recddate',
    ],
    required: true,
    invoiceLevel: true,
    template: { format: 'date', width: 15 },
    export: { type: 'date' },
  },
  storage: {
    label: 'Storage',
    synonyms: [
      'storage',
      'deliverto',
      'shed',
      'location',
      'store',
      'storagelocation',
      'storagename',
      'site',
      'destination',
      'shipto',
      'deliveredto',
      'bay',
      'warehouse',
    ],
    required: true,
    invoiceLevel: true,
    template: { format: 'general', width: 24, list: 'storages' },
    export: { type: 'text' },
  },
  order_number: {
    label: 'PO Number',
    synonyms: ['ponumber', 'po', 'pono', 'ordernumber', 'orderno', 'order', 'purchaseorder', 'purchaseordernumber', 'ponum'],
    invoiceLevel: true,
    template: { format: 'text', width: 13 },
    export: { type: 'text' },
  },
  notes: {
    label: 'Notes',
    synonyms: ['notes', 'note', 'comments', 'comment', 'remarks', 'memo', 'description'],
    invoiceLevel: true,
    template: { format: 'general', width: 40 },
    export: { type: 'text', width: 40 },
  },
  product: {
    label: 'Product',
    synonyms: ['product', 'productname', 'item', 'itemname', 'tradename', 'brand', 'chemical', 'productdescription', 'itemdescription'],
    required: true,
    template: { format: 'general', width: 34, list: 'products' },
    export: { type: 'text' },
  },
  quantity: {
    label: 'Qty',
    synonyms: [
      'qty',
      'quantity',
      'noofpacks',
      'numberofpacks',
      'packs',
      'packcount',
      'count',
      'qtyordered',
      'qtysupplied',
      'qtydelivered',
      'qtyrecd',
      'qtyreceived',
      'quantityreceived',
      'unitsdelivered',
      'unitssupplied',
    ],
    required: true,
    template: { format: 'number', width: 8 },
    export: { type: 'number' },
  },
  pack_size: {
    label: 'Pack Size',
    synonyms: ['packsize', 'size', 'packsizevalue', 'pack', 'volume', 'containersize'],
    required: true,
    template: { format: 'number', width: 11 },
    export: { type: 'number' },
  },
  pack_unit: {
    label: 'Unit',
    synonyms: ['unit', 'units', 'uom', 'unitofmeasure', 'packunit', 'packsizeunit', 'measure'],
    template: { format: 'general', width: 8, list: 'units' },
    export: { type: 'text' },
  },
  pack_cost: {
    label: 'Price ex GST',
    synonyms: [
      'unitprice',
      'costperpack',
      'priceexgst',
      'packcost',
      'price',
      'costpack',
      'pricepack',
      'priceperpack',
      'cost',
      'unitcost',
      'rate',
      'packprice',
      'unitamount',
      'each',
      'priceeach',
      'costeach',
      'priceea',
      'unitrate',
      'netprice',
      'nettprice',
      'unitcostexgst',
      'unitpriceexgst',
    ],
    required: true,
    template: { format: 'money', width: 14 },
    export: { type: 'money' },
  },
  line_total: {
    label: 'Line Total',
    synonyms: [
      'linetotal',
      'total',
      'amount',
      'lineamount',
      'extended',
      'totalexgst',
      'linetotalexgst',
      'extendedprice',
      'extprice',
      'amountexgst',
      'lineamountexgst',
      'nettotal',
    ],
    export: { type: 'money' },
  },
  record_id: { ...RESULT_FIELDS.record_id, synonyms: ['recordid', 'receiptid', 'id'], invoiceLevel: true },
  sequence: { ...RESULT_FIELDS.sequence, synonyms: ['sequence', 'receiptno', 'receiptnumber', 'rec'], invoiceLevel: true },
  line_item_id: { label: 'Line Item ID', synonyms: ['lineitemid', 'lineid', 'itemid'], export: { type: 'text' } },
  updated_at: { ...RESULT_FIELDS.updated_at, invoiceLevel: true },
  status: RESULT_FIELDS.status,
  message: RESULT_FIELDS.message,
};

/** The fields of a returns sheet (one row per return). */
export const RETURN_REGISTRY: Readonly<Record<ReturnField, FieldSpec>> = {
  supplier: {
    label: 'Return To',
    synonyms: ['supplier', 'returnto', 'returnedto', 'suppliername', 'vendor', 'to'],
    required: true,
    template: { format: 'general', width: 28 },
    export: { type: 'text' },
  },
  returned_at: {
    label: 'Date',
    synonyms: ['date', 'returnedat', 'returned', 'returndate', 'datereturned'],
    required: true,
    template: { format: 'date', width: 13 },
    export: { type: 'date' },
  },
  storage: {
    label: 'Storage',
    synonyms: ['storage', 'fromshed', 'shed', 'location', 'from', 'fromstorage', 'store', 'site'],
    required: true,
    template: { format: 'general', width: 24, list: 'storages' },
    export: { type: 'text' },
  },
  product: {
    label: 'Product',
    synonyms: ['product', 'productname', 'item', 'tradename', 'brand', 'chemical'],
    required: true,
    template: { format: 'general', width: 34, list: 'products' },
    export: { type: 'text' },
  },
  amount: {
    label: 'Amount',
    synonyms: ['amount', 'qty', 'quantity', 'amountreturned', 'quantityreturned', 'volume'],
    required: true,
    template: { format: 'number', width: 10 },
    export: { type: 'number' },
  },
  amount_unit: {
    label: 'Unit',
    synonyms: ['unit', 'units', 'uom', 'unitofmeasure', 'amountunit'],
    template: { format: 'general', width: 8, list: 'units' },
    export: { type: 'text' },
  },
  reference: {
    label: 'Reference',
    synonyms: ['reference', 'ref', 'creditnote', 'creditnoteno', 'creditnotenumber', 'rma', 'returnno', 'returnnumber'],
    template: { format: 'text', width: 16 },
    export: { type: 'text' },
  },
  notes: {
    label: 'Notes',
    synonyms: ['notes', 'note', 'comments', 'comment', 'remarks', 'reason', 'memo'],
    template: { format: 'general', width: 40 },
    export: { type: 'text', width: 40 },
  },
  record_id: { ...RESULT_FIELDS.record_id, synonyms: ['recordid', 'returnid', 'id'] },
  sequence: { ...RESULT_FIELDS.sequence, synonyms: ['sequence', 'returnsequence'] },
  updated_at: { ...RESULT_FIELDS.updated_at, synonyms: ['updatedat', 'lastupdated', 'updated', 'modified'] },
  status: RESULT_FIELDS.status,
  message: RESULT_FIELDS.message,
};

/** The order of the template's columns, as a bookkeeper fills them in. */
export const TEMPLATE_ORDER = {
  receipts: ['invoice', 'supplier', 'received_at', 'storage', 'order_number', 'product', 'quantity', 'pack_size', 'pack_unit', 'pack_cost', 'notes'],
  returns: ['returned_at', 'supplier', 'storage', 'product', 'amount', 'amount_unit', 'reference', 'notes'],
} as const satisfies { receipts: readonly ReceiptField[]; returns: readonly ReturnField[] };

/**
 * The order of the returns export's columns in the import layout (the receipts export follows the
 * fields' own order): the date first, as a list of returns is read.
 */
export const RETURN_EXPORT_ORDER = [
  'returned_at',
  'supplier',
  'storage',
  'product',
  'amount',
  'amount_unit',
  'reference',
  'notes',
  'record_id',
  'sequence',
  'updated_at',
] as const satisfies readonly ReturnField[];

/** The registry of a kind of sheet. */
export function registryOf(kind: 'receipts' | 'returns'): Readonly<Record<string, FieldSpec>> {
  return kind === 'receipts' ? RECEIPT_REGISTRY : RETURN_REGISTRY;
}
