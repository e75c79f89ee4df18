/**
 * The adapter tests' Excel: the workbook-backed Excel of `addin/replay/model-excel.ts` (one model for
 * the tests, the bench and `addin:replay`), under the names the tests have always used.
 */
export { ModelExcel as FakeExcel, officeWith } from '../../../addin/replay/model-excel.ts';
export type {
  ModelOp as FakeOp,
  ModelSheet as FakeSheet,
  ModelSync as FakeSync,
  ModelSheetInit as FakeSheetInit,
} from '../../../addin/replay/model-excel.ts';
