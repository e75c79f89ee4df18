/**
 * The E-invoices screen's DOM (issue 22): a file chooser for .xml e-invoices (several at once), the
 * storage their lines go to, the preview of each file read (and each refused, with the core's words),
 * a Save button for each PDF an invoice embeds, Validate and Import, status, problems and warnings. Logic: addin/app/einvoice-import.ts. Styles: the
 * `.einvoices` block of suppliers.css.
 */
import type { EInvoiceController } from '../app/einvoice-import.ts';
import type { Session } from '../app/session.ts';
import { base64Bytes, byId, el, fillSelect, saveDownload, showLines, showStatus } from './dom.ts';

/** Binds the E-invoices panel to its controller; `session` gives the storages to choose from. */
export function einvoiceView(controller: EInvoiceController, session: () => Session | null): { render(): void } {
  const panel = byId('panel-einvoices');
  const chooser = byId<HTMLInputElement>('einvoice-files');
  const storage = byId<HTMLSelectElement>('einvoice-storage');
  const previews = byId('einvoice-previews');
  const validate = byId<HTMLButtonElement>('einvoice-validate');
  const start = byId<HTMLButtonElement>('einvoice-import');
  const status = byId('einvoice-status');
  const problems = byId('einvoice-problems');
  const warnings = byId('einvoice-warnings');
  let storages: string[] = [];

  chooser.addEventListener('change', () => {
    const files = [...(chooser.files ?? [])].map((file) => ({
      name: file.name,
      size: file.size,
      bytes: async () => new Uint8Array(await file.arrayBuffer()),
    }));
    void controller.choose(files);
  });
  storage.addEventListener('change', () => controller.setStorage(storage.value));
  validate.addEventListener('click', () => void controller.validate());
  start.addEventListener('click', () => void controller.start());

  const loadStorages = async () => {
    const open = session();
    storages = open ? ((await open.reference().catch(() => null))?.storages.map((s) => s.name) ?? []) : [];
    render();
  };

  const render = () => {
    const state = controller.store.get();
    const ready = session() !== null;
    for (const note of panel.querySelectorAll<HTMLElement>('.needs-session')) note.hidden = ready;
    fillSelect(
      storage,
      [{ value: '', label: 'As each supplier’s recipe says' }, ...storages.map((s) => ({ value: s, label: s }))],
      state.storage,
    );
    previews.replaceChildren(
      ...state.previews.map((p) =>
        el(
          'li',
          {},
          el('strong', { text: p.file }),
          ` ${p.text}`,
          ...p.notes.map((n) => el('span', { class: 'help', text: n })),
          ...p.pdfs.map((pdf) => {
            const save = el('button', { type: 'button', class: 'save-pdf', text: `Save PDF (${pdf.name})` });
            save.addEventListener('click', () =>
              saveDownload(new Blob([base64Bytes(pdf.base64)], { type: 'application/pdf' }), pdf.name),
            );
            return save;
          }),
        ),
      ),
      ...state.refused.map((r) => el('li', { class: 'refused', text: r })),
    );
    validate.disabled = start.disabled = state.busy || !ready || state.previews.length === 0;
    chooser.disabled = state.busy;
    showStatus(status, state.status);
    showLines(problems, state.problems);
    showLines(warnings, state.warnings);
  };
  controller.store.subscribe(render);
  render();
  return {
    render: () => {
      render();
      void loadStorages();
    },
  };
}
