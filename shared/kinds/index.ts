/** The kinds of import and everything about them (see kind.ts, descriptors.ts, field-registry.ts). */
export { IMPORT_KINDS, isImportKind, parseImportKind, type ImportKind } from './kind.ts';
export {
  ALL_FIELDS,
  KINDS,
  RESULT_COLUMNS,
  fieldsWith,
  headerLabel,
  kindOf,
  type KindDescriptor,
  type LabelledRecord,
  type MappedField,
} from './descriptors.ts';
export {
  RECEIPT_FIELDS,
  RECEIPT_REGISTRY,
  RETURN_FIELDS,
  RETURN_REGISTRY,
  type ReceiptField,
  type ReturnField,
} from './field-registry.ts';
export { normaliseHeader, words, type ContentKind, type FieldSpec, type IdResultKey } from './field-spec.ts';
export {
  STOCKTAKE_FIELDS,
  STOCKTAKE_READ_FIELDS,
  STOCKTAKE_REGISTRY,
  STOCKTAKE_SYNONYMS,
  type StocktakeField,
} from './stocktake-sheet.ts';
