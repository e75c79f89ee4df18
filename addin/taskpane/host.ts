/**
 * Where the task pane runs: inside Excel (office.js, the ExcelWorkbook adapter), or on the memory
 * host (`taskpane.html?host=memory`: a MemoryWorkbook, for tests, screenshots and trying the pane
 * in a browser; see addin/app/memory-host.ts and docs/addin.md). Also where the token is kept.
 */
import { ExcelWorkbook } from '../excel/excel-workbook.ts';
import type { MemoryWorkbook } from '../excel/memory-workbook.ts';
import type { WorkbookPort } from '../excel/workbook-port.ts';
import type { MemoryInit } from '../app/memory-host.ts';
import { createMemoryWorkbook, wantsMemoryHost } from '../app/memory-host.ts';
import type { TokenStore } from '../app/token-store.ts';
import { memoryTokenStore, webTokenStore } from '../app/token-store.ts';

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
}

/** The page cannot run: office.js missing, or opened outside Excel without `?host=memory`. */
export class HostError extends Error {
  override name = 'HostError';
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
  if (memory) {
    const workbook = createMemoryWorkbook(win.__shedMemoryInit);
    win.__shedMemoryWorkbook = workbook;
    return { kind: 'memory', workbook, tokens };
  }
  if (!office) {
    throw new HostError('office.js did not load (it comes from appsforoffice.microsoft.com): check the network connection and open the add-in again.');
  }
  if (info?.host !== office.HostType.Excel) {
    throw new HostError(
      'This page is the Shed Sheets task pane: it runs inside Excel. Sideload manifest.xml (see docs/addin.md), ' +
        'or add ?host=memory to the address to try it on a sample workbook.',
    );
  }
  return { kind: 'excel', workbook: new ExcelWorkbook(), tokens };
}

/**
 * The add-in's storage (localStorage of its origin, under Office's partition key where it gives one:
 * not every Office partitions it), or memory when blocked.
 */
function tokenStore(win: Window): TokenStore {
  try {
    const storage = win.localStorage;
    storage.getItem('shed-sheets.probe');
    const partitionKey = typeof Office === 'undefined' ? undefined : (Office.context as { partitionKey?: string } | undefined)?.partitionKey;
    return webTokenStore(storage, partitionKey || undefined);
  } catch {
    return memoryTokenStore();
  }
}
