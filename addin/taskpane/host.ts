/**
 * Where the task pane runs: inside Excel (office.js, the ExcelWorkbook adapter), or on the memory
 * host (`taskpane.html?host=memory`: a MemoryWorkbook, for tests, screenshots and trying the pane
 * in a browser, on the sample or on a real workbook given as `&workbook=URL`; see
 * addin/app/memory-host.ts and docs/addin.md). Also where the token is kept.
 */
import { ShedError } from '../../shared/errors/shed-error.ts';
import { ExcelWorkbook } from '../excel/excel-workbook.ts';
import type { MemoryWorkbook } from '../excel/memory-workbook.ts';
import type { WorkbookPort } from '../excel/workbook-port.ts';
import type { MemoryInit } from '../app/memory-host.ts';
import {
  MEMORY_WORKBOOK_QUERY,
  createMemoryWorkbook,
  keepSettingsAcrossReloads,
  wantsMemoryHost,
} from '../app/memory-host.ts';
import { memoryInitFromUrl } from '../app/memory-xlsx.ts';
import type { TokenStore } from '../app/token-store.ts';
import { memoryProfileStore, webProfileStore, type ProfileStore } from '../app/profile-store.ts';
import { memoryTokenStore, webTokenStore } from '../app/token-store.ts';
import { memoryStorageAsync, officeRuntimeStorage, PaneRecipeStore, webStorageAsync } from '../app/recipe-store.ts';
import type { OfficeLanguages } from '../../shared/locale/locale.ts';

declare global {
  interface Window {
    /** The workbook the memory host starts with (set before the page's scripts run); default: the sample. */
    __shedMemoryInit?: MemoryInit;
    /** The memory host's live workbook, for tests to inspect. */
    __shedMemoryWorkbook?: MemoryWorkbook;
  }
}

/** The workbook, the token store, and which host it is. */
export interface Host {
  kind: 'excel' | 'memory';
  workbook: WorkbookPort;
  tokens: TokenStore;
  /** Mappings kept on this computer by header signature (the pane's profiles). */
  profiles: ProfileStore;
  /** The supplier recipes kept on this computer (OfficeRuntime.storage, else localStorage, else memory). */
  recipes: PaneRecipeStore;
  /** The memory host's workbook (the same object as `workbook`), which its page can open files into. */
  memory?: MemoryWorkbook;
  /** Office's display and content languages, for the pane's locale (empty outside Office: en-AU). */
  languages: OfficeLanguages;
}

/** The page cannot run: office.js missing, or opened outside Excel without `?host=memory`. */
export class HostError extends ShedError {
  constructor(message: string) {
    super('host_unavailable', 'config', message);
  }
}

/**
 * Waits for office.js and picks the host.
 * @throws HostError with what to do, when the page is neither in Excel nor on the memory host.
 */
export async function openHost(win: Window): Promise<Host> {
  const memory = wantsMemoryHost(win.location.href);
  const office = typeof Office === 'undefined' ? undefined : Office;
  const info = office ? await office.onReady() : undefined;
  const tokens = tokenStore(win);
  const profiles = profileStore(win);
  const recipes = recipeStore(win);
  const languages = officeLanguages(office);
  if (memory) {
    const workbook = createMemoryWorkbook(win.__shedMemoryInit ?? (await workbookOfUrl(win)));
    try {
      keepSettingsAcrossReloads(workbook, win.sessionStorage);
    } catch {
      // No sessionStorage (blocked): the workbook's settings last the page.
    }
    win.__shedMemoryWorkbook = workbook;
    return { kind: 'memory', workbook, tokens, profiles, recipes, memory: workbook, languages };
  }
  if (!office) {
    throw new HostError(
      'office.js did not load (it comes from appsforoffice.microsoft.com): check the network connection and open the add-in again.',
    );
  }
  if (info?.host !== office.HostType.Excel) {
    throw new HostError(
      'This page is the Shed Sheets task pane: it runs inside Excel. Sideload manifest.xml (see docs/addin.md), ' +
        'or add ?host=memory to the address to try it on a sample workbook.',
    );
  }
  return { kind: 'excel', workbook: new ExcelWorkbook(), tokens, profiles, recipes, languages };
}

/** `Office.context.displayLanguage` and `contentLanguage` where office.js gives them (not before `onReady`). */
function officeLanguages(office: typeof Office | undefined): OfficeLanguages {
  const context = office?.context as Partial<Pick<Office.Context, 'displayLanguage' | 'contentLanguage'>> | undefined;
  return { displayLanguage: context?.displayLanguage ?? null, contentLanguage: context?.contentLanguage ?? null };
}

/**
 * The workbook named by `?workbook=URL` (relative to the page), read in the browser; undefined without one.
 * @throws HostError when it cannot be fetched or read.
 */
async function workbookOfUrl(win: Window): Promise<MemoryInit | undefined> {
  const url = new URL(win.location.href).searchParams.get(MEMORY_WORKBOOK_QUERY);
  if (!url) return undefined;
  try {
    return await memoryInitFromUrl(url, win.location.href, win.fetch.bind(win));
  } catch (error) {
    throw new HostError(error instanceof Error ? error.message : String(error));
  }
}

/** Office's partition key for the add-in's storage, where it gives one (not every Office partitions it). */
function partitionKey(): string | undefined {
  return (
    (typeof Office === 'undefined'
      ? undefined
      : (Office.context as { partitionKey?: string } | undefined)?.partitionKey) || undefined
  );
}

/** The add-in's kept mappings, in the same storage as the token; in memory when it is blocked. */
function profileStore(win: Window): ProfileStore {
  try {
    win.localStorage.getItem('shed-sheets.probe');
    return webProfileStore(win.localStorage, partitionKey());
  } catch {
    return memoryProfileStore();
  }
}

/** The supplier recipes: in OfficeRuntime.storage where Office gives it, else as the profiles are kept. */
function recipeStore(win: Window): PaneRecipeStore {
  const office = officeRuntimeStorage(win);
  if (office) return new PaneRecipeStore(office);
  try {
    win.localStorage.getItem('shed-sheets.probe');
    const key = partitionKey();
    return new PaneRecipeStore(webStorageAsync(win.localStorage), key ? `${key}/` : '');
  } catch {
    return new PaneRecipeStore(memoryStorageAsync());
  }
}

/** The add-in's storage (localStorage of its origin, under Office's partition key where it gives one), or memory when blocked. */
function tokenStore(win: Window): TokenStore {
  try {
    const storage = win.localStorage;
    storage.getItem('shed-sheets.probe');
    return webTokenStore(storage, partitionKey());
  } catch {
    return memoryTokenStore();
  }
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../../shared/errors/shed-error.ts' {
  interface ErrorCodes {
    HostError: 'host_unavailable';
  }
}
