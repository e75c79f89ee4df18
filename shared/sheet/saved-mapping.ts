/**
 * A saved column mapping (`--mapping FILE.json`), which overrides the guessed mapping: field →
 * the column's header text as written in the sheet, or its column letter.
 *
 * ```json
 * { "kind": "receipts", "columns": { "quantity": "Qty (packs)", "pack_cost": "J", "line_total": null } }
 * ```
 * - A value is matched to the header row's texts first (compared like headers: case, spacing and
 *   punctuation ignored; the leftmost of equal headers), and only when no header has that text is it
 *   read as a column letter (`"C"`, `"AA"`). So a header literally written `T` wins over column T.
 * - `null` means "this sheet has no such column": the field is not guessed.
 * - Fields not named are guessed from the remaining columns as usual; a file may leave out `columns`
 *   altogether and hold only the keys it needs (`{"pack_cost_from": "line_total"}`).
 * - `headerRow` (1-based sheet row) fixes the header row; without it, the header row is the row
 *   holding the mapping's header texts (or, failing that, the usual detection). `toSavedMapping`
 *   leaves it out, so a saved mapping still works when next month's file has one more title row.
 * - `prices_include_gst` (`true`, or `{"rate": 15}` in per cent) says the price columns include GST
 *   (gaps row 28); `units` says what units the sheet writes are (`{"drum": "200 l"}`, gaps row 27).
 * The JSON schema of the file is docs/mapping.schema.json, made from {@link SavedMappingSchema}.
 */
import { z } from 'zod';
import { GST_RATE_DEFAULT } from '../service/gaps.ts';
import {
  divideDecimals,
  multiplyDecimals,
  numberToDecimal,
  parseUnitAlias,
  type UnitAliases,
  unitKey,
} from './values/index.ts';
import {
  ALL_FIELDS,
  IMPORT_KINDS,
  kindOf,
  normaliseHeader,
  type ImportKind,
  type MappedField,
} from '../kinds/index.ts';
import { columnLetter } from './grid.ts';
import type { ColumnMapping } from './column-mapping.ts';
import { MappingError } from './mapping-error.ts';

/** A saved mapping, as parsed by {@link parseSavedMapping}. */
export interface SavedMapping {
  kind?: ImportKind;
  /** 1-based sheet row number of the header row. */
  headerRow?: number;
  /** Field → header text or column letter; `null`: not in this sheet. */
  columns: Partial<Record<MappedField, string | null>>;
  /**
   * `prices_include_gst`: the sheet's prices include GST at this rate (a decimal string, `'0.1'` for
   * 10%); `null`: they exclude it (as when absent, but said). Gaps row 28.
   */
  gstRate?: string | null;
  /** `units`: written unit (by `unitKey`) → what one of it is (gaps row 27). */
  unitAliases?: UnitAliases;
  /** `units` as written in the file, to print it back. */
  units?: Record<string, string>;
  /**
   * `values`: field → one value for every row, for a field the sheet has no column for
   * (`{"storage": "Main Chemical Shed"}`); `{sheet}` in a value is the sheet's name.
   */
  values?: Partial<Record<MappedField, string>>;
  /** `skip_lines`: product texts of lines that are not stock (`"Freight"`), left out and said. */
  skipLines?: string[];
  /** `pack_size_from`: where pack sizes are written when the sheet has no Pack Size column. */
  packSizeFrom?: 'product' | 'quantity';
  /** `pack_cost_from: "line_total"`: no price per pack in the sheet; each is the Line Total ÷ the quantity. */
  packCostFrom?: 'line_total';
  /**
   * `pack_cost_per_pack: true`: the column mapped to the pack cost holds the price of one pack although
   * its header reads like a line amount (`Amount ex GST`); without it such a column is refused (line-amount.ts).
   */
  packCostPerPack?: true;
  /** `signature`: the normalised headers of the sheet the mapping was made for (profiles.ts). */
  signature?: string[];
}

/** A saved mapping as its JSON file reads (docs/mapping.schema.json). */
export type MappingFile = z.input<typeof SavedMappingSchema>;

/**
 * The JSON of a mapping file for `mapping`, as `--dry-run` prints it: `gstRate` back to
 * `prices_include_gst` (`true` at the default rate, else `{"rate": percent}`), `units` as written.
 */
export function toMappingFile(mapping: SavedMapping): MappingFile {
  const { gstRate, units } = mapping;
  const gst =
    gstRate === undefined
      ? undefined
      : gstRate === null
        ? false
        : gstRate === GST_RATE_DEFAULT
          ? true
          : { rate: Number(multiplyDecimals(gstRate, '100')) };
  return {
    ...(mapping.kind ? { kind: mapping.kind } : {}),
    ...(mapping.headerRow !== undefined ? { headerRow: mapping.headerRow } : {}),
    columns: mapping.columns as Record<string, string | null>,
    ...(mapping.values ? { values: mapping.values as Record<string, string> } : {}),
    ...(gst === undefined ? {} : { prices_include_gst: gst }),
    ...(mapping.skipLines ? { skip_lines: mapping.skipLines } : {}),
    ...(mapping.packSizeFrom ? { pack_size_from: mapping.packSizeFrom } : {}),
    ...(mapping.packCostFrom ? { pack_cost_from: mapping.packCostFrom } : {}),
    ...(mapping.packCostPerPack ? { pack_cost_per_pack: true as const } : {}),
    ...(units ? { units } : {}),
    ...(mapping.signature ? { signature: mapping.signature } : {}),
  };
}

/** The largest column letter Excel has (XFD = 16384 columns). */
const MAX_COLUMNS = 16_384;

/** The zod schema of a saved mapping file; field names are checked against `kind` when it is given. */
export const SavedMappingSchema = z
  .strictObject({
    kind: z.enum(IMPORT_KINDS).optional().describe('the import this mapping is for'),
    headerRow: z
      .number()
      .int()
      .min(1)
      .max(1_048_576)
      .optional()
      .describe('1-based sheet row of the column headers; found automatically when left out'),
    columns: z
      .record(z.string(), z.string().trim().min(1, 'must be a header text or a column letter').nullable())
      .optional()
      .describe(
        'field → the header text as written in the sheet, or a column letter such as "G"; null: the sheet has no such column. Left out: every column is found from the headers',
      ),
    prices_include_gst: z
      .union([
        z.boolean(),
        z.strictObject({
          rate: z
            .number()
            .min(1, 'is a percentage such as 10 (for 10%)')
            .max(100, 'is a percentage such as 10 (for 10%)')
            .describe('GST rate in per cent: 10 in Australia, 15 in New Zealand'),
        }),
      ])
      .optional()
      .describe(
        'true (or {"rate": 15}): the price columns include GST, which is taken off the pack cost before sending; false: they exclude it',
      ),
    values: z
      .record(z.string(), z.string().trim().min(1, 'must be the value to give every row'))
      .optional()
      .describe(
        'field → one value for every row, for a field the sheet has no column for: {"storage": "Main Chemical Shed"}; {sheet} is the sheet\'s name',
      ),
    skip_lines: z
      .array(z.string().trim().min(1, 'must be a word or phrase of the product text'))
      .optional()
      .describe(
        'lines to leave out, by a word or phrase of their product text (case ignored): ["Freight", "Discount", "Rounding"]',
      ),
    pack_size_from: z
      .enum(['product', 'quantity'])
      .optional()
      .describe(
        'where pack sizes are written when the sheet has no Pack Size column: "product" (Glyfos 540 20L) or "quantity" (2 x 20L)',
      ),
    pack_cost_from: z
      .literal('line_total')
      .optional()
      .describe(
        '"line_total": the sheet has line totals but no price per pack; each pack cost is the Line Total ÷ the quantity',
      ),
    pack_cost_per_pack: z
      .literal(true)
      .optional()
      .describe(
        'true: the column mapped to the pack cost holds the price of one pack although its header reads like a line amount ("Amount ex GST", "Extended", "Total"); without it such a column is refused',
      ),
    signature: z
      .array(z.string().min(1))
      .optional()
      .describe(
        'the headers (lower case, letters and digits only) of the sheet this mapping was made for: a profile is used for sheets that have them all',
      ),
    units: z
      .record(
        z.string().trim().min(1, 'must be the unit as written in the sheet'),
        z
          .string()
          .refine(
            (v) => parseUnitAlias(v) !== null,
            'must be a known unit (l, ml, kg, g, t) with an optional positive number before it, such as "l" or "200 l"',
          ),
      )
      .optional()
      .describe('unit as written in the sheet → what one of it is: "Lts": "l", "drum": "200 l", "bag (1t)": "1 t"'),
  })
  .superRefine((mapping, ctx) => {
    const allowed: readonly string[] = mapping.kind ? kindOf(mapping.kind).fields : ALL_FIELDS;
    for (const [part, keys] of [
      ['columns', Object.keys(mapping.columns ?? {})],
      ['values', Object.keys(mapping.values ?? {})],
    ] as const) {
      for (const key of keys) {
        if (!allowed.includes(key)) {
          ctx.addIssue({
            code: 'custom',
            path: [part, key],
            message: `'${key}' is not a field of ${mapping.kind ?? 'receipts or returns'}; the fields are ${allowed.join(', ')}`,
          });
        } else if (part === 'values' && typeof mapping.columns?.[key] === 'string') {
          ctx.addIssue({
            code: 'custom',
            path: [part, key],
            message: `'${key}' has a column in "columns" too: give it one or the other`,
          });
        }
      }
    }
  });

/**
 * Checks a saved mapping (parsed JSON, or the JSON text). `source` names the file in messages.
 * @throws MappingError `invalid_mapping_file`, naming each problem by its path (`columns.qty: ...`).
 */
export function parseSavedMapping(json: unknown, source: string): SavedMapping {
  let value = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch (error) {
      throw new MappingError(
        'invalid_mapping_file',
        `${source} is not valid JSON (${(error as Error).message}). ${EXAMPLE}`,
        { cause: error },
      );
    }
  }
  const result = SavedMappingSchema.safeParse(value);
  if (!result.success) {
    const problems = result.error.issues.map(
      (i) => `${i.path.length > 0 ? i.path.join('.') : '(top level)'}: ${i.message}`,
    );
    throw new MappingError(
      'invalid_mapping_file',
      `${source} is not a valid column mapping: ${problems.join('; ')}. ${EXAMPLE}`,
    );
  }
  const {
    kind,
    headerRow,
    columns,
    prices_include_gst: gst,
    units,
    values,
    skip_lines: skip,
    pack_size_from: packSizeFrom,
    pack_cost_from: packCostFrom,
    pack_cost_per_pack: packCostPerPack,
    signature,
  } = result.data;
  return {
    ...(kind ? { kind } : {}),
    ...(headerRow !== undefined ? { headerRow } : {}),
    // A file may hold only the keys it needs (`{"pack_cost_from": "line_total"}`): no columns, all found.
    columns: (columns ?? {}) as SavedMapping['columns'],
    ...(values === undefined ? {} : { values: values as SavedMapping['values'] }),
    ...(skip === undefined ? {} : { skipLines: skip }),
    ...(packSizeFrom === undefined ? {} : { packSizeFrom }),
    ...(packCostFrom === undefined ? {} : { packCostFrom }),
    ...(packCostPerPack === undefined ? {} : { packCostPerPack }),
    ...(signature === undefined ? {} : { signature }),
    ...(gst === undefined ? {} : { gstRate: gst === false ? null : gstRateOf(gst === true ? undefined : gst.rate) }),
    ...(units === undefined
      ? {}
      : {
          units,
          unitAliases: new Map(
            Object.entries(units).map(([written, alias]) => [unitKey(written), parseUnitAlias(alias)!]),
          ),
        }),
  };
}

/**
 * A GST rate in per cent (`10`, `15`, `12.5`) as the decimal fraction the import uses (`'0.1'`);
 * undefined: the default, gaps row 28.
 */
export function gstRateOf(percent: number | undefined): string {
  return percent === undefined ? GST_RATE_DEFAULT : divideDecimals(numberToDecimal(percent), '100', 6);
}

const EXAMPLE = 'Expected e.g. {"kind": "receipts", "columns": {"quantity": "Qty", "pack_cost": "J"}}.';

/**
 * The mapping as a saved mapping, for `--dry-run` to print and a profile to keep: each mapped field
 * with its header text as written, or its column letter when the header is empty or another header
 * reads the same; a field `said` (the mapping file or profile used) gives as `null` stays `null`, so
 * that a column it ruled out (`"line_total": null`: the Total is the invoice's) stays ruled out.
 */
export function toSavedMapping(mapping: ColumnMapping, said?: SavedMapping): SavedMapping {
  const columns: Partial<Record<MappedField, string | null>> = {};
  const seen = new Map<string, number>();
  for (const header of mapping.headers) seen.set(normaliseHeader(header), (seen.get(normaliseHeader(header)) ?? 0) + 1);
  for (const field of kindOf(mapping.kind).fields) {
    const column = mapping.columns[field];
    if (column === undefined) {
      if (said?.columns[field] === null) columns[field] = null;
      continue;
    }
    const header = mapping.headers[column] ?? '';
    const key = normaliseHeader(header);
    columns[field] = key !== '' && seen.get(key) === 1 ? header : columnLetter(column);
  }
  return { kind: mapping.kind, columns };
}

/**
 * The column a saved value names in a header row: the leftmost header equal to it (normalised),
 * else the column it spells as a letter, else undefined. `byText` says which.
 */
export function resolveSavedColumn(
  value: string,
  headers: readonly string[],
): { column: number; byText: boolean } | undefined {
  const key = normaliseHeader(value);
  const column = key === '' ? -1 : headers.findIndex((h) => normaliseHeader(h) === key);
  if (column >= 0) return { column, byText: true };
  const letter = columnFromLetter(value);
  return letter === undefined ? undefined : { column: letter, byText: false };
}

/** `"A"` → 0, `"aa"` → 26 (the inverse of grid.ts `columnLetter`); undefined for anything that is not a column letter within Excel's 16384 columns. */
export function columnFromLetter(text: string): number | undefined {
  const letters = text.trim().toUpperCase();
  if (!/^[A-Z]{1,3}$/.test(letters)) return undefined;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n <= MAX_COLUMNS ? n - 1 : undefined;
}
