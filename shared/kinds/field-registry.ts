/**
 * One place per fact about each column of an import sheet: the header shed writes (templates,
 * exports, result columns) and names in messages, the other headers a bookkeeper may use, its roles
 * (required, invoice-level, written back, an id, derived: field-spec.ts), and how templates and
 * exports lay it out. Mapping (shared/sheet), templates (shared/template), exports
 * (shared/export/datasets) and results (shared/import) all read it, through the kind descriptors
 * (descriptors.ts): change a label here and every face follows.
 */
import { RESULT_FIELD_SPECS as RESULT_FIELDS, type FieldSpec } from './field-spec.ts';

/**
 * The fields of a receipts sheet (PRODUCT.md, "What a sheet may look like"), in their order: invoice
 * header fields, line fields, and the ids and results a results file carries.
 */
const RECEIPT_SPECS = {
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
    identifiesRow: true,
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
    identifiesRow: true,
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
    content: 'date',
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
    identifiesRow: true,
    content: 'storage',
    template: { format: 'general', width: 24, list: 'storages', prompt: 'Where the goods went in: pick from the list.' },
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
    identifiesRow: true,
    content: 'product',
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
    identifiesRow: true,
    content: 'whole',
    template: { format: 'number', width: 8 },
    export: { type: 'number' },
  },
  pack_size: {
    label: 'Pack Size',
    synonyms: ['packsize', 'size', 'packsizevalue', 'pack', 'volume', 'containersize'],
    required: true,
    identifiesRow: true,
    content: 'size',
    template: { format: 'number', width: 11 },
    export: { type: 'number' },
  },
  pack_unit: {
    label: 'Unit',
    synonyms: ['unit', 'units', 'uom', 'unitofmeasure', 'packunit', 'packsizeunit', 'measure'],
    content: 'unit',
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
    identifiesRow: true,
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
    derived: true,
    export: { type: 'money' },
  },
  record_id: { ...RESULT_FIELDS.record_id, synonyms: ['recordid', 'receiptid', 'id'], invoiceLevel: true },
  sequence: { ...RESULT_FIELDS.sequence, synonyms: ['sequence', 'receiptno', 'receiptnumber', 'rec'], invoiceLevel: true },
  line_item_id: {
    label: 'Line Item ID',
    synonyms: ['lineitemid', 'lineid', 'itemid'],
    writtenBack: true,
    id: 'lineItemId',
    export: { type: 'text' },
  },
  updated_at: { ...RESULT_FIELDS.updated_at, invoiceLevel: true },
  status: RESULT_FIELDS.status,
  message: RESULT_FIELDS.message,
} satisfies Record<string, FieldSpec>;

/** The fields of a returns sheet (one row per return), in their order. */
const RETURN_SPECS = {
  supplier: {
    label: 'Return To',
    synonyms: ['supplier', 'returnto', 'returnedto', 'suppliername', 'vendor', 'to'],
    required: true,
    identifiesRow: true,
    template: { format: 'general', width: 28 },
    export: { type: 'text' },
  },
  returned_at: {
    label: 'Date',
    synonyms: ['date', 'returnedat', 'returned', 'returndate', 'datereturned'],
    required: true,
    content: 'date',
    template: { format: 'date', width: 13 },
    export: { type: 'date' },
  },
  storage: {
    label: 'Storage',
    synonyms: ['storage', 'fromshed', 'shed', 'location', 'from', 'fromstorage', 'store', 'site'],
    required: true,
    identifiesRow: true,
    content: 'storage',
    template: { format: 'general', width: 24, list: 'storages', prompt: 'Where the product was taken from: pick from the list.' },
    export: { type: 'text' },
  },
  product: {
    label: 'Product',
    synonyms: ['product', 'productname', 'item', 'tradename', 'brand', 'chemical'],
    required: true,
    identifiesRow: true,
    content: 'product',
    template: { format: 'general', width: 34, list: 'products' },
    export: { type: 'text' },
  },
  amount: {
    label: 'Amount',
    synonyms: ['amount', 'qty', 'quantity', 'amountreturned', 'quantityreturned', 'volume'],
    required: true,
    identifiesRow: true,
    content: 'size',
    template: { format: 'number', width: 10 },
    export: { type: 'number' },
  },
  amount_unit: {
    label: 'Unit',
    synonyms: ['unit', 'units', 'uom', 'unitofmeasure', 'amountunit'],
    content: 'unit',
    template: { format: 'general', width: 8, list: 'units' },
    export: { type: 'text' },
  },
  reference: {
    label: 'Reference',
    synonyms: ['reference', 'ref', 'creditnote', 'creditnoteno', 'creditnotenumber', 'rma', 'returnno', 'returnnumber'],
    identifiesRow: true,
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
} satisfies Record<string, FieldSpec>;

/** A field of a receipts sheet. */
export type ReceiptField = keyof typeof RECEIPT_SPECS;
/** A field of a returns sheet. */
export type ReturnField = keyof typeof RETURN_SPECS;

/** Receipt field → everything about it. */
export const RECEIPT_REGISTRY: Readonly<Record<ReceiptField, FieldSpec>> = RECEIPT_SPECS;
/** Return field → everything about it. */
export const RETURN_REGISTRY: Readonly<Record<ReturnField, FieldSpec>> = RETURN_SPECS;

/** The fields of a receipts sheet, in the registry's order. */
export const RECEIPT_FIELDS = Object.keys(RECEIPT_SPECS) as readonly ReceiptField[];
/** The fields of a returns sheet, in the registry's order. */
export const RETURN_FIELDS = Object.keys(RETURN_SPECS) as readonly ReturnField[];

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
