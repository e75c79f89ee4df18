// A cell's reference read in place in the part's text: the same as read from a copy of its attributes,
// never from the text after the tag (letters and digits there are a value, not the reference).
import { describe, expect, it } from 'vitest';
import { columnWrittenAt, inRowAt } from '../../../batch/read/cell-refs.ts';

/** The attributes placed in a text between other text, as the scan finds them: `from` to `to`. */
function placed(attributes: string, after = 'AB12"><v>1</v></c>') {
  const before = '<row r="2"><c';
  return { text: `${before}${attributes}>${after}`, from: before.length, to: before.length + attributes.length };
}

describe('columnWrittenAt', () => {
  it.each([
    [' r="A2"', 0],
    [' r="C7" s="1"', 2],
    [' r="XFD2"', 16_383],
    [' r="ab2"', 27],
    [' s="1" r="D2"', 3],
    [" r='E2'", 4],
    [' s="1"', -1],
    ['', -1],
    [' r=', -1],
    [' r="', -1],
  ])('reads %j as column %d', (attributes, column) => {
    const { text, from, to } = placed(attributes);
    expect(columnWrittenAt(text, from, to)).toBe(column);
  });
});

describe('inRowAt', () => {
  it.each([
    [' r="A2"', '2', true],
    [' r="A2"', '3', false],
    [' r="A20"', '2', false],
    [' r="A"', '2', true],
    [' s="1" r="B02"', '2', true],
    [' s="1"', '2', true],
    [' r="A', '2', true],
    [' r="A2', '2', true],
  ])('%j in row %s: %s', (attributes, row, inRow) => {
    const { text, from, to } = placed(attributes, '2"><v>1</v></c>');
    expect(inRowAt(text, from, to, row)).toBe(inRow);
  });
});
