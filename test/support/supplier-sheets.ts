/**
 * A corpus of differently-worded supplier sheets (AU, NZ, UK and US wording, other orders, extra
 * columns, titles, two-row headers, headers nothing recognises), each with the columns it must map
 * to: read by the mapping test (test/shared/sheet/supplier-sheets.test.ts) and written as workbooks
 * for the faces' parity test (test/addin/replay/parity.test.ts).
 */
import type { CellValue } from '../../shared/sheet/grid.ts';
import type { ImportKind } from '../../shared/kinds/index.ts';

export interface SupplierSheet {
  name: string;
  kind?: ImportKind;
  rows: CellValue[][];
  /** Field → the header (as the mapping reads it) it must be placed on. */
  expected: Record<string, string>;
}

const F = 'Farmco Rural Supplies';
const S = 'Southern Cross Fertilisers';
/** Three invoice lines in the order given by `order` (keys of one line). */
function lines(order: string[], extra: Record<string, CellValue> = {}): CellValue[][] {
  const base: Record<string, CellValue>[] = [
    { inv: 'INV-1', sup: F, date: '3/02/2026', shed: 'Main Chemical Shed', prod: 'Glyfos 540', qty: 4, size: 20, unit: 'L', price: 185, total: 740 },
    { inv: 'INV-1', sup: F, date: '3/02/2026', shed: 'Main Chemical Shed', prod: 'Amine 625', qty: 2, size: 20, unit: 'L', price: 142.5, total: 285 },
    { inv: 'INV-2', sup: S, date: '10/02/2026', shed: 'Fertiliser Bunker', prod: 'Granular Urea', qty: 24, size: 1, unit: 't', price: 785, total: 18840 },
  ];
  return base.map((line) => order.map((key) => (key in extra ? extra[key]! : (line[key] ?? null))));
}

const STANDARD = {
  invoice: 'Invoice No',
  supplier: 'Supplier',
  received_at: 'Date Received',
  storage: 'Deliver To',
  product: 'Product',
  quantity: 'Qty',
  pack_size: 'Pack Size',
  pack_unit: 'Unit',
  pack_cost: 'Price ex GST',
};
const ORDER = ['inv', 'sup', 'date', 'shed', 'prod', 'qty', 'size', 'unit', 'price'];

export const SUPPLIER_SHEETS: SupplierSheet[] = [
  { name: 'the template wording', rows: [Object.values(STANDARD), ...lines(ORDER)], expected: STANDARD },
  {
    name: "abbreviations (Inv #, Rec'd, Qty Ord, UOM)",
    rows: [['Inv #', 'Vendor', "Rec'd", 'Shed', 'Item', 'Qty Ord', 'Size', 'UOM', 'Unit Cost'], ...lines(ORDER)],
    expected: {
      invoice: 'Inv #',
      supplier: 'Vendor',
      received_at: "Rec'd",
      storage: 'Shed',
      product: 'Item',
      quantity: 'Qty Ord',
      pack_size: 'Size',
      pack_unit: 'UOM',
      pack_cost: 'Unit Cost',
    },
  },
  {
    name: 'a Description column of products (not notes)',
    rows: [
      ['Date', 'Supplier Name', 'Invoice Number', 'Store', 'Description', 'Quantity', 'Pack', 'Units', 'Cost'],
      ...lines(['date', 'sup', 'inv', 'shed', 'prod', 'qty', 'size', 'unit', 'price']),
    ],
    expected: {
      received_at: 'Date',
      supplier: 'Supplier Name',
      invoice: 'Invoice Number',
      storage: 'Store',
      product: 'Description',
      quantity: 'Quantity',
      pack_size: 'Pack',
      pack_unit: 'Units',
      pack_cost: 'Cost',
    },
  },
  {
    name: 'US wording (PO #, Ship To, Container Size)',
    rows: [['PO #', 'Vendor Name', 'Delivery Date', 'Ship To', 'Item Name', 'Qty', 'Container Size', 'UOM', 'Unit Price'], ...lines(ORDER, {}).map((r) => r)],
    expected: {
      order_number: 'PO #',
      supplier: 'Vendor Name',
      received_at: 'Delivery Date',
      storage: 'Ship To',
      product: 'Item Name',
      quantity: 'Qty',
      pack_size: 'Container Size',
      pack_unit: 'UOM',
      pack_cost: 'Unit Price',
    },
  },
  {
    name: 'UK wording, invoice last',
    rows: [
      ['Supplier', 'Delivery Date', 'Location', 'Product Description', 'No. of Packs', 'Pack Size', 'Unit of Measure', 'Price per Pack', 'Invoice Ref'],
      ...lines(['sup', 'date', 'shed', 'prod', 'qty', 'size', 'unit', 'price', 'inv']),
    ],
    expected: {
      supplier: 'Supplier',
      received_at: 'Delivery Date',
      storage: 'Location',
      product: 'Product Description',
      quantity: 'No. of Packs',
      pack_size: 'Pack Size',
      pack_unit: 'Unit of Measure',
      pack_cost: 'Price per Pack',
      invoice: 'Invoice Ref',
    },
  },
  {
    name: 'NZ wording (Site, Trade Name, Rate)',
    rows: [['Invoice', 'Supplier', 'Date', 'Site', 'Trade Name', 'Packs', 'Size (L/kg)', 'Unit', 'Rate'], ...lines(ORDER)],
    expected: {
      invoice: 'Invoice',
      supplier: 'Supplier',
      received_at: 'Date',
      storage: 'Site',
      product: 'Trade Name',
      quantity: 'Packs',
      pack_size: 'Size (L/kg)',
      pack_unit: 'Unit',
      pack_cost: 'Rate',
    },
  },
  {
    name: 'Received, From, Storage Location, Chemical, Count, Volume',
    rows: [
      ['Received', 'From', 'Storage Location', 'Chemical', 'Count', 'Volume', 'Measure', 'Price', 'Docket No'],
      ...lines(['date', 'sup', 'shed', 'prod', 'qty', 'size', 'unit', 'price', 'inv']),
    ],
    expected: {
      received_at: 'Received',
      supplier: 'From',
      storage: 'Storage Location',
      product: 'Chemical',
      quantity: 'Count',
      pack_size: 'Volume',
      pack_unit: 'Measure',
      pack_cost: 'Price',
      invoice: 'Docket No',
    },
  },
  {
    name: 'extra columns (Line, Batch No, Expiry, GST, Paid)',
    rows: [
      [
        'Line',
        'Invoice No',
        'Supplier',
        'Date Received',
        'Deliver To',
        'Product',
        'Batch No',
        'Expiry',
        'Qty',
        'Pack Size',
        'Unit',
        'Price ex GST',
        'GST',
        'Line Total',
        'Paid',
      ],
      ...lines(['n', 'inv', 'sup', 'date', 'shed', 'prod', 'batch', 'exp', 'qty', 'size', 'unit', 'price', 'gst', 'total', 'paid'], {
        n: 1,
        batch: 'B77',
        exp: '1/1/2028',
        gst: 18.5,
        paid: 'Yes',
      }),
    ],
    expected: { ...STANDARD, line_total: 'Line Total' },
  },
  {
    name: 'columns in reverse order',
    rows: [[...Object.values(STANDARD)].reverse(), ...lines([...ORDER].reverse())],
    expected: STANDARD,
  },
  {
    name: 'pack size and unit in one cell',
    rows: [
      ['Invoice', 'Supplier', 'Date', 'Shed', 'Product', 'Qty', 'Pack', 'Price'],
      ...lines(['inv', 'sup', 'date', 'shed', 'prod', 'qty', 'pack', 'price'], { pack: '20 L' }),
    ],
    expected: {
      invoice: 'Invoice',
      supplier: 'Supplier',
      received_at: 'Date',
      storage: 'Shed',
      product: 'Product',
      quantity: 'Qty',
      pack_size: 'Pack',
      pack_cost: 'Price',
    },
  },
  {
    name: 'database-style names (invoice_no, pack_cost)',
    rows: [
      ['invoice_no', 'supplier_name', 'received_date', 'storage_name', 'product_name', 'quantity', 'pack_size', 'pack_unit', 'pack_cost'],
      ...lines(ORDER),
    ],
    expected: {
      invoice: 'invoice_no',
      supplier: 'supplier_name',
      received_at: 'received_date',
      storage: 'storage_name',
      product: 'product_name',
      quantity: 'quantity',
      pack_size: 'pack_size',
      pack_unit: 'pack_unit',
      pack_cost: 'pack_cost',
    },
  },
  {
    name: 'capitals',
    rows: [['INVOICE', 'SUPPLIER', 'DATE', 'LOCATION', 'PRODUCT', 'QTY', 'SIZE', 'UNIT', 'PRICE'], ...lines(ORDER)],
    expected: {
      invoice: 'INVOICE',
      supplier: 'SUPPLIER',
      received_at: 'DATE',
      storage: 'LOCATION',
      product: 'PRODUCT',
      quantity: 'QTY',
      pack_size: 'SIZE',
      pack_unit: 'UNIT',
      pack_cost: 'PRICE',
    },
  },
  {
    name: 'a product column headed Goods (found by its values)',
    rows: [['Inv No', 'Supplier', 'Date', 'Deliver To', 'Goods', 'Qty', 'Size', 'Unit', 'Unit Price'], ...lines(ORDER)],
    expected: {
      invoice: 'Inv No',
      supplier: 'Supplier',
      received_at: 'Date',
      storage: 'Deliver To',
      product: 'Goods',
      quantity: 'Qty',
      pack_size: 'Size',
      pack_unit: 'Unit',
      pack_cost: 'Unit Price',
    },
  },
  {
    name: 'Tax Invoice, Date Supplied, Item Details, Cost per Pack',
    rows: [['Tax Invoice', 'Supplier', 'Date Supplied', 'Destination', 'Item Details', 'No. of Packs', 'Pack Size', 'UOM', 'Cost per Pack'], ...lines(ORDER)],
    expected: {
      invoice: 'Tax Invoice',
      supplier: 'Supplier',
      received_at: 'Date Supplied',
      storage: 'Destination',
      product: 'Item Details',
      quantity: 'No. of Packs',
      pack_size: 'Pack Size',
      pack_unit: 'UOM',
      pack_cost: 'Cost per Pack',
    },
  },
  {
    name: 'title and note rows above the header',
    rows: [['Willow Creek — supplier invoices'], ['Keyed from PDFs. Prices ex GST.'], [], Object.values(STANDARD), ...lines(ORDER)],
    expected: STANDARD,
  },
  {
    name: 'a two-row header',
    rows: [
      ['Invoice', null, null, 'Deliver', 'Product', null, 'Pack', null, 'Price'],
      ['No', 'Supplier', 'Date', 'To', 'Name', 'Qty', 'Size', 'Unit', 'ex GST'],
      ...lines(ORDER),
    ],
    expected: {
      invoice: 'Invoice No',
      supplier: 'Supplier',
      received_at: 'Date',
      storage: 'Deliver To',
      product: 'Product Name',
      quantity: 'Qty',
      pack_size: 'Size',
      pack_unit: 'Unit',
      pack_cost: 'Price ex GST',
    },
  },
  {
    name: 'a price column headed Each',
    rows: [['Reference', 'Supplier', 'Date', 'Shed', 'Product', 'Quantity', 'Size', 'Unit', 'Each'], ...lines(ORDER)],
    expected: {
      supplier: 'Supplier',
      received_at: 'Date',
      storage: 'Shed',
      product: 'Product',
      quantity: 'Quantity',
      pack_size: 'Size',
      pack_unit: 'Unit',
      pack_cost: 'Each',
    },
  },
  {
    name: 'a storage column headed Paddock Shed',
    rows: [['Invoice No', 'Supplier', 'Delivered', 'Paddock Shed', 'Product', 'Qty', 'Pack Size', 'Unit', 'Price ex GST'], ...lines(ORDER)],
    expected: { ...STANDARD, received_at: 'Delivered', storage: 'Paddock Shed' },
  },
  {
    name: 'Order Date, Qty Supplied, Nett Price',
    rows: [
      ['Order No', 'Supplier', 'Order Date', 'Deliver To', 'Product', 'Qty Supplied', 'Pack Size', 'Unit', 'Nett Price'],
      ...lines(['inv', 'sup', 'date', 'shed', 'prod', 'qty', 'size', 'unit', 'price']),
    ],
    expected: {
      order_number: 'Order No',
      supplier: 'Supplier',
      received_at: 'Order Date',
      storage: 'Deliver To',
      product: 'Product',
      quantity: 'Qty Supplied',
      pack_size: 'Pack Size',
      pack_unit: 'Unit',
      pack_cost: 'Nett Price',
    },
  },
  {
    name: 'prices and amounts ex GST in brackets',
    rows: [
      ['Invoice No', 'Supplier', 'Date Received', 'Deliver To', 'Product', 'Qty', 'Pack Size', 'Unit', 'Unit Price (ex GST)', 'Amount (ex GST)'],
      ...lines([...ORDER, 'total']),
    ],
    expected: { ...STANDARD, pack_cost: 'Unit Price (ex GST)', line_total: 'Amount (ex GST)' },
  },
  {
    name: "US receiving log (Date Rec'd, Ship-to Location, Pkg Size, Qty Rec'd)",
    rows: [['Invoice No', 'Vendor', "Date Rec'd", 'Ship-to Location', 'Product', "Qty Rec'd", 'Pkg Size', 'UOM', 'Unit Cost'], ...lines(ORDER)],
    expected: {
      invoice: 'Invoice No',
      supplier: 'Vendor',
      received_at: "Date Rec'd",
      storage: 'Ship-to Location',
      product: 'Product',
      quantity: "Qty Rec'd",
      pack_size: 'Pkg Size',
      pack_unit: 'UOM',
      pack_cost: 'Unit Cost',
    },
  },
  {
    name: 'a storage column headed Bay, quantities headed Units Delivered',
    rows: [['Docket', 'Supplier', 'Delivered On', 'Bay', 'Product', 'Units Delivered', 'Pack Size', 'UOM', 'Price ex GST'], ...lines(ORDER)],
    expected: {
      invoice: 'Docket',
      supplier: 'Supplier',
      received_at: 'Delivered On',
      storage: 'Bay',
      product: 'Product',
      quantity: 'Units Delivered',
      pack_size: 'Pack Size',
      pack_unit: 'UOM',
      pack_cost: 'Price ex GST',
    },
  },
  {
    name: 'a storage column headed Paddock (found by its values)',
    rows: [['Invoice No', 'Supplier', 'Date Received', 'Paddock', 'Product', 'Qty', 'Pack Size', 'Unit', 'Price ex GST'], ...lines(ORDER)],
    expected: { ...STANDARD, storage: 'Paddock' },
  },
  {
    name: 'returns: Return To, From Shed, Credit Note',
    kind: 'returns',
    rows: [
      ['Date', 'Return To', 'From Shed', 'Product', 'Amount', 'Unit', 'Credit Note', 'Reason'],
      ['12/02/2026', F, 'Main Chemical Shed', 'Glyfos 540', 20, 'L', 'CN-1', 'Damaged drum'],
      ['13/02/2026', S, 'Fertiliser Bunker', 'Granular Urea', 1, 't', 'CN-2', 'Wrong product'],
    ],
    expected: {
      returned_at: 'Date',
      supplier: 'Return To',
      storage: 'From Shed',
      product: 'Product',
      amount: 'Amount',
      amount_unit: 'Unit',
      reference: 'Credit Note',
      notes: 'Reason',
    },
  },
  {
    name: 'returns: RMA, Returned, Qty Returned, a shed column headed Ex',
    kind: 'returns',
    rows: [
      ['RMA', 'Returned', 'Supplier', 'Ex', 'Item', 'Qty Returned', 'UOM'],
      ['R-1', '12/02/2026', F, 'Main Chemical Shed', 'Glyfos 540', 20, 'L'],
      ['R-2', '13/02/2026', S, 'Fertiliser Bunker', 'Granular Urea', 1, 't'],
    ],
    expected: { reference: 'RMA', returned_at: 'Returned', supplier: 'Supplier', storage: 'Ex', product: 'Item', amount: 'Qty Returned', amount_unit: 'UOM' },
  },
];
