/**
 * The memory host's bar (taskpane.html?host=memory only): a file picker that opens a workbook of the
 * user's own in the page's memory workbook (read in the browser by addin/app/memory-xlsx.ts, which
 * loads exceljs only then), so anyone can try the pane on their file without Excel.
 */
import { openMemoryInit } from '../app/memory-host.ts';
import { memoryInitFromXlsx } from '../app/memory-xlsx.ts';
import type { MemoryWorkbook } from '../excel/memory-workbook.ts';
import { byId, showStatus } from './dom.ts';

/**
 * Shows the bar and opens each file picked into `workbook` (the same object the pane's controllers
 * hold), then calls `opened` so the pane reads the new workbook.
 */
export function memoryBar(workbook: MemoryWorkbook, opened: () => Promise<void>): void {
  const bar = byId('memory-bar');
  const input = byId<HTMLInputElement>('memory-open');
  const status = byId('memory-status');
  bar.hidden = false;
  // Every failure is caught inside and shown, so the handler's promise is left to itself.
  input.addEventListener('change', () => void openChosen());
  async function openChosen(): Promise<void> {
    const file = input.files?.[0];
    if (!file) return;
    showStatus(status, { tone: 'info', text: `Opening ${file.name}…` });
    try {
      const init = await memoryInitFromXlsx(new Uint8Array(await file.arrayBuffer()), file.name);
      openMemoryInit(workbook, init);
      await opened();
      document.title = `Shed Sheets: ${file.name}`;
      showStatus(status, {
        tone: 'success',
        text: `Opened ${file.name} (${init.sheets.length} sheets) in this page; Excel is not involved.`,
      });
    } catch (error) {
      showStatus(status, { tone: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  }
}
