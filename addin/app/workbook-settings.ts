/**
 * What the add-in keeps in the workbook's settings (they travel with the file): the service's base
 * URL, the organisation, the reading options, each sheet's column mapping, and the workbook's identity. Never the token
 * (token-store.ts). All through {@link WorkbookPort.getSetting} / `setSetting`.
 */
import type { WorkbookPort } from '../excel/workbook-port.ts';
import type { ImportKind } from '../../shared/kinds/index.ts';
import type { SavedMapping } from '../../shared/sheet/saved-mapping.ts';
import { parseSavedMapping, toMappingFile } from '../../shared/sheet/saved-mapping.ts';

/** Setting keys. Each value is a string (JSON for mappings). */
export const SETTING_KEYS = {
  baseUrl: 'shed.baseUrl',
  organisationId: 'shed.organisationId',
  dateOrder: 'shed.dateOrder',
  timeZone: 'shed.timeZone',
  /** The locale chosen in the pane (en-AU, en-NZ, en-GB, en-US), or '' / none: Office's language decides (locale.ts). */
  locale: 'shed.locale',
  /** The workbook's identity (a GUID), made on its first import: its journal's key in this computer's IndexedDB. */
  workbookId: 'shed.workbookId',
} as const;

/**
 * The workbook's identity: the GUID in its settings; when it has none, a new one (`crypto.randomUUID()`)
 * saved in them if `create`, else null. Travels with the file (a copy shares it), not with its name.
 */
export async function workbookIdentity(workbook: WorkbookPort, create: boolean): Promise<string | null> {
  const id = await workbook.getSetting(SETTING_KEYS.workbookId);
  if (id || !create) return id || null;
  const made = crypto.randomUUID();
  await workbook.setSetting(SETTING_KEYS.workbookId, made);
  return made;
}

/** The setting key of a sheet's saved column mapping for one kind of import. */
export function mappingSettingKey(kind: ImportKind, sheet: string): string {
  return `shed.mapping.${kind}.${sheet}`;
}

/**
 * The saved mapping of a sheet, or undefined when none is saved. A setting that no longer parses
 * (edited by hand, or from another version) is ignored rather than blocking the import: the
 * mapping is then detected afresh.
 */
export async function loadSavedMapping(
  workbook: WorkbookPort,
  kind: ImportKind,
  sheet: string,
): Promise<SavedMapping | undefined> {
  const text = await workbook.getSetting(mappingSettingKey(kind, sheet));
  if (text === null) return undefined;
  try {
    const saved = parseSavedMapping(text, `the saved mapping of sheet '${sheet}'`);
    return saved.kind === undefined || saved.kind === kind ? saved : undefined;
  } catch {
    return undefined;
  }
}

/** Saves a sheet's column mapping (the `--mapping FILE` format, so it can be copied out for the CLI). */
export async function saveMapping(
  workbook: WorkbookPort,
  kind: ImportKind,
  sheet: string,
  saved: SavedMapping,
): Promise<void> {
  await workbook.setSetting(mappingSettingKey(kind, sheet), JSON.stringify(toMappingFile({ ...saved, kind })));
}
