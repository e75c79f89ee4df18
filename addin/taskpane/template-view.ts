/** The Template screen's DOM: kind, Add template sheet, status. Logic: addin/app/template.ts. */
import { parseImportKind } from '../../shared/kinds/index.ts';
import type { TemplateController } from '../app/template.ts';
import { byId, showStatus } from './dom.ts';

/** Binds the Template panel to its controller. */
export function templateView(controller: TemplateController, connected: () => boolean): { render(): void } {
  const panel = byId('panel-template');
  const create = byId<HTMLButtonElement>('template');
  const status = byId('template-status');
  const kinds = [...panel.querySelectorAll<HTMLInputElement>('input[name="template-kind"]')];

  for (const input of kinds) {
    input.addEventListener('change', () => {
      const chosen = parseImportKind(input.value);
      if (chosen) controller.setKind(chosen);
    });
  }
  create.addEventListener('click', () => void controller.create());

  const render = () => {
    const state = controller.store.get();
    const ready = connected();
    for (const note of panel.querySelectorAll<HTMLElement>('.needs-session')) note.hidden = ready;
    for (const input of kinds) {
      input.checked = input.value === state.kind;
      input.disabled = state.busy;
    }
    create.disabled = state.busy || !ready;
    showStatus(status, state.status);
  };
  controller.store.subscribe(render);
  render();
  return { render };
}
