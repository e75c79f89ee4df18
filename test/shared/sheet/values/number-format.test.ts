import { describe, expect, it } from 'vitest';
import { isDateFormat } from '../../../../shared/sheet/values/number-format.ts';

// One rule for the CLI's reader (SheetJS's `z`) and the task pane (office-js's numberFormat).
describe('isDateFormat', () => {
  it.each([
    'dd/mm/yyyy',
    'd/m/yy',
    'mm-dd-yy',
    'd-mmm-yy',
    'mmm yyyy',
    'YYYY-MM-DD',
    'yyyy-mm-dd hh:mm:ss',
    '[$-en-AU]d mmmm yyyy',
    '[$-409]d-mmm-yy;@',
    '[$-409]m/d/yy h:mm AM/PM;@',
    'dddd, d mmmm yyyy',
    'h:mm',
    'h:mm AM/PM',
    'dd"."mm',
    '[Red]dd/mm/yyyy',
    'bbbb/mm/dd',
    'bb',
  ])('%s is a date format', (format) => {
    expect(isDateFormat(format)).toBe(true);
  });

  it.each([
    'General',
    'general',
    '@',
    '0',
    '0.00',
    '0.00%',
    '#,##0',
    '$#,##0.00',
    '[$$-409]#,##0.00',
    '[$$-C09]#,##0.00',
    '#,##0 "days"',
    '0.0 "kg"',
    '0.0 \\m\\y',
    '0.00_h',
    '#,##0*h',
    '[Red]0',
    '[Red]0.00',
    '_-* #,##0.00_-;-* #,##0.00_-;_-* "-"??_-;_-@_-',
    '0.00E+00',
    '',
    null,
    undefined,
  ])('%j is not', (format) => {
    expect(isDateFormat(format)).toBe(false);
  });

  it('answers the same when asked again (each format looked at once)', () => {
    expect([isDateFormat('0.00_h'), isDateFormat('0.00_h'), isDateFormat('d/m'), isDateFormat('d/m')]).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});
