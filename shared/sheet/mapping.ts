/**
 * Column mapping: finding a sheet's header row below any title and note rows, and placing its
 * columns on the fields of a receipts or returns import by synonym (PRODUCT.md, "What a sheet may
 * look like"; matching rules in mapping-match.ts). A saved mapping (saved-mapping.ts) overrides the
 * guess. Pure functions over the grid.
 */
import { columnLetter, isBlank, type CellValue, type Grid, type SheetRow } from './grid.ts';
import { headerLabel, kindOf, normaliseHeader, type ImportKind } from '../kinds/index.ts';
import { MappingError } from './mapping-error.ts';
import { dataCellsOfHeaderRow } from './header-row-check.ts';
import type { Remedy } from '../errors/remedy.ts';
import { describeTie } from './content-match.ts';
import { combineHeaderRows } from './two-row-header.ts';
import { matchHeaders, type HeaderMatch, type MappedField } from './mapping-match.ts';
import { columnFromLetter, resolveSavedColumn, type SavedMapping } from './saved-mapping.ts';

export type { MappedField } from './mapping-match.ts';
export type { ColumnMapping, UnresolvedEntry } from './column-mapping.ts';
import type { ColumnMapping, DoubledHeader, UnresolvedEntry } from './column-mapping.ts';

/** The header row is looked for among the first this many non-blank rows. */
export const HEADER_SEARCH_ROWS = 30;
/** A header row has at least this many recognised headers ... */
export const MIN_HEADER_MATCHES = 3;
/** ... at least this many of them for required fields. */
export const MIN_REQUIRED_HEADERS = 2;

/** One candidate header row, evaluated. */
interface Candidate {
  row: SheetRow;
  headers: string[];
  match: HeaderMatch;
  unresolved: UnresolvedEntry[];
  /** Saved entries found by their header text. */
  textHits: number;
  /** Headers recognised in this row (by text: saved texts and synonyms; letters do not count). */
  recognised: number;
  requiredRecognised: number;
  /** Fields a saved mapping places by column letter: never in doubt, whatever the headers. */
  pinned: ReadonlySet<MappedField>;
}

/**
 * Finds the header row and maps its columns. The header row is `saved.headerRow` if given, else,
 * among the first {@link HEADER_SEARCH_ROWS} rows, the one holding the saved mapping's header texts,
 * else the one with the most recognised headers (at least {@link MIN_HEADER_MATCHES}, of which
 * {@link MIN_REQUIRED_HEADERS} required); ties go to the upper row. A row under a row of group
 * labels (`Price` over `ex GST`) is also read with them (`Price ex GST`) and taken so when that
 * places more fields. Missing fields do not throw:
 * call {@link assertMappingUsable}.
 * @throws MappingError `no_header_row` (no row qualifies, or `saved.headerRow` is empty),
 *   `mapping_mismatch` (`saved.kind` is the other kind).
 * @example
 * const mapping = detectMapping(grid, 'receipts'); // header row found below a title row, say row 3
 * assertMappingUsable(mapping, { source: grid.source, sheet: grid.sheet }); // throws for missing required fields
 * mapping.columns.quantity; // 0-based column of 'Qty'
 */
export function detectMapping(grid: Grid, kind: ImportKind, saved?: SavedMapping): ColumnMapping {
  const where = `${grid.source}, sheet '${grid.sheet}'`;
  if (saved?.kind !== undefined && saved.kind !== kind) {
    throw new MappingError(
      'mapping_mismatch',
      `The mapping file is for ${saved.kind}, but this is an import of ${kind} (${where}). Use a mapping saved from a ${kind} import.`,
    );
  }
  if (saved?.headerRow !== undefined) {
    const row = grid.rows.find((r) => r.rowNumber === saved.headerRow);
    if (!row) {
      throw new MappingError(
        'no_header_row',
        `${where}: row ${saved.headerRow}, the header row the mapping file names ("headerRow"), is empty. ` +
          `Set "headerRow" to the row of the column headers, or remove it to find the header row automatically.`,
      );
    }
    const data = dataCellsOfHeaderRow(row);
    if (data.length > 0) {
      const shown = data
        .slice(0, 3)
        .map((c) => (c instanceof Date ? c.toISOString().slice(0, 10) : typeof c === 'string' ? `'${c}'` : String(c)));
      throw new MappingError(
        'header_row_is_data',
        `${where}: row ${saved.headerRow}, given as the header row, holds data (${shown.join(', ')}), not column headers. ` +
          `A sheet with no header row needs one: insert a row above the data and type a header over each column, then give that row.`,
      );
    }
    return toColumnMapping(kind, evaluate(row, kind, saved), saved, grid.sheet);
  }
  const top = grid.rows.slice(0, HEADER_SEARCH_ROWS);
  // Each row, and each row read together with a row of group labels above it (two-row-header.ts);
  // the pair wins only when it places more fields than the row alone.
  const candidates = top.flatMap((row, i) => {
    const combined =
      i > 0
        ? combineHeaderRows(top[i - 1]!, row, headerText, (label) => matchHeaders([label], kind).columns.size > 0)
        : null;
    return [evaluate(row, kind, saved), ...(combined ? [evaluate(combined, kind, saved)] : [])];
  });
  const textual = Object.values(saved?.columns ?? {}).filter(
    (v) => typeof v === 'string' && columnFromLetter(v) === undefined,
  ).length;
  const qualifies = (c: Candidate): boolean =>
    c.textHits >= 2 ||
    (c.textHits >= 1 && c.textHits >= textual) ||
    (c.recognised >= MIN_HEADER_MATCHES && c.requiredRecognised >= MIN_REQUIRED_HEADERS);
  let best: Candidate | undefined;
  for (const candidate of candidates) {
    if (qualifies(candidate) && (!best || better(candidate, best))) best = candidate;
  }
  if (!best) throw noHeaderRow(where, kind, candidates);
  return toColumnMapping(kind, best, saved, grid.sheet);
}

/** The saved mapping's `values`, with `{sheet}` replaced by the sheet's name. */
function constantsOf(saved: SavedMapping | undefined, sheet: string): Partial<Record<MappedField, string>> {
  return Object.fromEntries(
    Object.entries(saved?.values ?? {}).map(([field, value]) => [field, value.replaceAll('{sheet}', sheet)]),
  );
}

/** Whether `a` beats `b` as the header row (strictly: ties keep the upper row). */
function better(a: Candidate, b: Candidate): boolean {
  if (a.textHits !== b.textHits) return a.textHits > b.textHits;
  if (a.recognised !== b.recognised) return a.recognised > b.recognised;
  return a.match.exact > b.match.exact;
}

function evaluate(row: SheetRow, kind: ImportKind, saved: SavedMapping | undefined): Candidate {
  const headers = row.cells.map(headerText);
  const { fields, required } = kindOf(kind);
  const preset = new Map<MappedField, number>();
  const excluded = new Set<MappedField>();
  const unresolved: UnresolvedEntry[] = [];
  const byText = new Set<MappedField>();
  const pinned = new Set<MappedField>();
  for (const [field, wanted] of Object.entries(saved?.columns ?? {}) as [MappedField, string | null | undefined][]) {
    if (wanted === undefined) continue;
    if (!fields.includes(field)) {
      if (wanted !== null) unresolved.push({ field, wanted, reason: 'not_a_field' });
      continue;
    }
    if (wanted === null) {
      excluded.add(field);
      continue;
    }
    const found = resolveSavedColumn(wanted, headers);
    if (!found) {
      unresolved.push({ field, wanted, reason: 'no_such_header' });
      excluded.add(field);
      continue;
    }
    preset.set(field, found.column);
    if (found.byText) byText.add(field);
    else pinned.add(field);
  }
  // A field given one value for every row is not looked for among the columns.
  for (const field of Object.keys(saved?.values ?? {}) as MappedField[]) excluded.add(field);
  const match = matchHeaders(headers, kind, { columns: preset, excluded });
  const counted = [...match.columns.keys()].filter((f) => !preset.has(f) || byText.has(f));
  return {
    row,
    headers,
    match,
    unresolved,
    textHits: byText.size,
    recognised: counted.length,
    requiredRecognised: counted.filter((f) => required.includes(f)).length,
    pinned,
  };
}

/**
 * The fields whose header another column of the row repeats (`Qty` twice: an old column kept beside the
 * corrected one): which one the sheet means cannot be told. Written-back fields (a sheet's own `Status`
 * beside shed's) and fields a saved mapping places by letter are left out.
 */
function doubledHeaders(kind: ImportKind, chosen: Candidate, columns: Partial<Record<MappedField, number>>) {
  const { registry } = kindOf(kind);
  const doubled: DoubledHeader[] = [];
  for (const [field, column] of Object.entries(columns) as [MappedField, number][]) {
    if (chosen.pinned.has(field) || (registry as Record<string, { writtenBack?: boolean }>)[field]?.writtenBack)
      continue;
    const header = normaliseHeader(chosen.headers[column] ?? '');
    if (header === '') continue;
    const same = chosen.headers.flatMap((h, c) => (c !== column && normaliseHeader(h) === header ? [c] : []));
    if (same.length > 0)
      doubled.push({ field, header: chosen.headers[column]!, columns: [column, ...same].sort((a, b) => a - b) });
  }
  return doubled;
}

function toColumnMapping(
  kind: ImportKind,
  chosen: Candidate,
  saved: SavedMapping | undefined,
  sheet: string,
): ColumnMapping {
  const { fields, required } = kindOf(kind);
  const constants = constantsOf(saved, sheet);
  const columns: Partial<Record<MappedField, number>> = {};
  for (const field of fields) {
    const column = chosen.match.columns.get(field);
    if (column !== undefined) columns[field] = column;
  }
  // Required fields the mapping says the sheet gives otherwise: a value for every row, pack sizes
  // inside another cell, pack costs from the Line Total ÷ Qty.
  const elsewhere = new Set<MappedField>(Object.keys(constants) as MappedField[]);
  if (saved?.packSizeFrom) elsewhere.add('pack_size');
  if (saved?.packCostFrom === 'line_total' && columns.line_total !== undefined) elsewhere.add('pack_cost');
  const used = new Set(Object.values(columns));
  const doubled = doubledHeaders(kind, chosen, columns);
  const width = Math.max(chosen.headers.length, ...[...used].map((c) => c + 1));
  const headers = Array.from({ length: width }, (_, i) => chosen.headers[i] ?? '');
  return {
    kind,
    headerRowNumber: chosen.row.rowNumber,
    headers,
    columns,
    unplaced: headers.flatMap((header, column) =>
      header.trim() !== '' && !used.has(column) ? [{ column, header }] : [],
    ),
    missing: required.filter((field) => columns[field] === undefined && !elsewhere.has(field)),
    ...(chosen.unresolved.length > 0 ? { unresolved: chosen.unresolved } : {}),
    ...(Object.keys(constants).length > 0 ? { constants } : {}),
    ...(doubled.length > 0 ? { doubled } : {}),
  };
}

/** A header cell as text: text as written, numbers and booleans as shown, dates as `yyyy-mm-dd`. */
function headerText(cell: CellValue): string {
  if (isBlank(cell)) return typeof cell === 'string' ? cell : '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  return String(cell);
}

function noHeaderRow(where: string, kind: ImportKind, candidates: readonly Candidate[]): MappingError {
  const { required } = kindOf(kind);
  const expected = required.map((f) => `'${headerLabel(kind, f)}'`).join(', ');
  const closest = candidates.reduce<Candidate | undefined>(
    (a, c) => (c.recognised > 0 && (!a || better(c, a)) ? c : a),
    undefined,
  );
  const near = closest
    ? ` The closest is row ${closest.row.rowNumber}, with only ${[...closest.match.columns.entries()]
        .map(([, column]) => `'${closest.headers[column] ?? ''}'`)
        .join(', ')}.`
    : ' No row has any of them.';
  return new MappingError(
    'no_header_row',
    `${where}: cannot find the header row. Expected, within the first ${HEADER_SEARCH_ROWS} rows, a row of column ` +
      `headers such as ${expected} (at least ${MIN_HEADER_MATCHES} recognised, ${MIN_REQUIRED_HEADERS} of them ` +
      `required).${near}`,
    { remedies: [{ code: 'give_header_row' }] },
  );
}

/**
 * Checks a mapping can be used for an import: every saved entry placed, every required field mapped.
 * `where` names the file and sheet in the message.
 * @throws MappingError `mapping_mismatch` (saved entries that place nothing), `doubled_header` (a field's
 *   header on two columns) or `missing_fields` (required fields without a column), naming the fields, the
 *   headers it could not place, and the fix.
 */
export function assertMappingUsable(mapping: ColumnMapping, where: { source: string; sheet: string }): void {
  const at = `${where.source}, sheet '${where.sheet}', header row ${mapping.headerRowNumber}`;
  const unplaced = mapping.unplaced.map((u) => `'${u.header}'`).join(', ');
  const unplacedNote = unplaced ? ` Headers not placed: ${unplaced}.` : '';
  const unresolved = mapping.unresolved ?? [];
  if (unresolved.length > 0) {
    const parts = unresolved.map((u) =>
      u.reason === 'not_a_field'
        ? `'${u.field}' is not a field of ${mapping.kind}`
        : `no header in row ${mapping.headerRowNumber} reads '${u.wanted}' (for ${u.field})`,
    );
    throw new MappingError(
      'mapping_mismatch',
      `${at}: the mapping file does not fit this sheet: ${parts.join('; ')}.${unplacedNote} ` +
        `Correct the mapping file (a header text as written, or a column letter such as "G").`,
    );
  }
  const doubled = mapping.doubled ?? [];
  if (doubled.length > 0) {
    const [first] = doubled;
    const parts = doubled.map(
      (d) =>
        `columns ${d.columns.map(columnLetter).join(' and ')} are both headed '${d.header}'` +
        (normaliseHeader(d.header) === normaliseHeader(headerLabel(mapping.kind, d.field))
          ? ''
          : ` (${headerLabel(mapping.kind, d.field)})`),
    );
    throw new MappingError(
      'doubled_header',
      `${at}: ${parts.join('; ')}: which one the sheet means cannot be told, and the other's values would be ` +
        `sent. Delete or rename the column that is not meant${doubled.length > 1 ? ' (each time)' : ''}.`,
      { remedies: [{ code: 'map_columns', fields: [first!.field, ...doubled.slice(1).map((d) => d.field)] }] },
    );
  }
  if (mapping.missing.length === 0) return;
  const names = mapping.missing.map((f) => `'${headerLabel(mapping.kind, f)}' (${f})`).join(', ');
  // For a sheet that lacks only a price, pack size, storage or supplier column, and may carry them otherwise.
  const fixable = mapping.missing.every(
    (f) => f === 'pack_cost' || f === 'pack_size' || f === 'storage' || f === 'supplier',
  );
  const packRemedies: Remedy[] = !fixable
    ? []
    : [
        ...(mapping.missing.includes('pack_cost') && mapping.columns.line_total !== undefined
          ? [{ code: 'line_total_as_cost' } as const]
          : []),
        ...(mapping.missing.includes('pack_size') ? [{ code: 'pack_size_from' } as const] : []),
      ];
  const first = mapping.missing[0] ?? '';
  const tieNote = (mapping.ties ?? [])
    .map((t) => ` ${describeTie(t, (f) => `'${headerLabel(mapping.kind, f)}'`)}.`)
    .join('');
  // A field a whole sheet may share (one shed, one supplier's sheet): one value for every row fixes it,
  // said when it and the pack remedies cover everything missing (not for a sheet of another kind).
  const settable: string[] = mapping.missing.filter((f) => f === 'storage' || f === 'supplier');
  const coverable = mapping.missing.every((f) => settable.includes(f) || f === 'pack_size' || f === 'pack_cost');
  const setRemedies: Remedy[] = settable.length > 0 && coverable ? [{ code: 'set_value', fields: settable }] : [];
  throw new MappingError(
    'missing_fields',
    `${at}: no column for ${names}.${unplacedNote}${tieNote} Add a column headed '${headerLabel(mapping.kind, first)}'` +
      `${mapping.missing.length > 1 ? ' (and likewise for the others)' : ''}.`,
    { remedies: [{ code: 'map_columns', fields: [...mapping.missing] }, ...setRemedies, ...packRemedies] },
  );
}
