import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { mappingJsonSchema } from '../../../shared/sheet/mapping-json-schema.ts';
import { parseSavedMapping } from '../../../shared/sheet/saved-mapping.ts';

describe('docs/mapping.schema.json', () => {
  it('is the mapping file schema as the code has it (npm run mapping-schema writes it)', async () => {
    const file = JSON.parse(await readFile(new URL('../../../docs/mapping.schema.json', import.meta.url), 'utf8'));
    expect(file).toEqual(mappingJsonSchema());
  });

  it('describes a file the import reads: columns, GST at a rate, units', () => {
    const text =
      '{"kind":"receipts","columns":{"pack_cost":"Unit Price (inc GST)","storage":null},"prices_include_gst":{"rate":15},"units":{"Drum":"200 l"}}';
    const saved = parseSavedMapping(text, 'm.json');
    expect(saved.gstRate).toBe('0.15');
    expect(saved.unitAliases?.get('drum')).toEqual({ factor: '200', unit: 'l' });
    expect(Object.keys(mappingJsonSchema().properties as Record<string, unknown>)).toEqual([
      'kind',
      'headerRow',
      'columns',
      'prices_include_gst',
      'values',
      'skip_lines',
      'pack_size_from',
      'pack_cost_from',
      'pack_cost_per_pack',
      'signature',
      'units',
    ]);
  });

  it('refuses a rate given as a fraction and a unit table entry that is not a known unit', () => {
    expect(() => parseSavedMapping('{"columns":{},"prices_include_gst":{"rate":0.1}}', 'm.json')).toThrow(
      /prices_include_gst.rate: is a percentage such as 10/,
    );
    expect(() => parseSavedMapping('{"columns":{},"units":{"drum":"200 gal"}}', 'm.json')).toThrow(
      /units.drum: must be a known unit/,
    );
  });
});
