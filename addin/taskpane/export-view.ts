/** The Export screen's DOM: dataset, dates, storage, Export / Cancel, progress, status. Logic: addin/app/export.ts. */
import { DATASETS } from '../../shared/export/index.ts';
import { DATASET_TITLES, ExportController, type ExportState } from '../app/export.ts';
import { byId, fillSelect, showProgress, showStatus } from './dom.ts';

/** Binds the Export panel to its controller. */
export function exportView(controller: ExportController, connected: () => boolean): { render(): void } {
  const dataset = byId<HTMLSelectElement>('export-dataset');
  const filters = byId<HTMLFieldSetElement>('export-filters');
  const from = byId<HTMLInputElement>('export-from');
  const to = byId<HTMLInputElement>('export-to');
  const storage = byId<HTMLSelectElement>('export-storage');
  const stocktakeField = byId('export-stocktake-field');
  const stocktake = byId<HTMLSelectElement>('export-stocktake');
  const run = byId<HTMLButtonElement>('export');
  const cancel = byId<HTMLButtonElement>('export-cancel');
  const progressBox = byId('export-progress-box');
  const progress = byId<HTMLProgressElement>('export-progress');
  const status = byId('export-status');
  const panel = byId('panel-export');

  const datasets = DATASETS.map((d) => ({ value: d, label: DATASET_TITLES[d] }));
  dataset.addEventListener('change', () => controller.setDataset(dataset.value));
  const range = () => controller.setRange(from.value, to.value);
  from.addEventListener('change', range);
  to.addEventListener('change', range);
  storage.addEventListener('change', () => controller.setStorage(storage.value));
  stocktake.addEventListener('change', () => controller.setStocktakeSheet(stocktake.value));
  run.addEventListener('click', () => void controller.run());
  cancel.addEventListener('click', () => controller.cancel());

  const render = () => {
    const state: ExportState = controller.store.get();
    const ready = connected();
    for (const note of panel.querySelectorAll<HTMLElement>('.needs-session')) note.hidden = ready;
    fillSelect(dataset, datasets, state.dataset);
    const dated = ExportController.isDated(state.dataset);
    filters.disabled = state.busy || !dated;
    filters.title = dated ? '' : 'This dataset is not dated: it is exported whole.';
    if (from.value !== state.from) from.value = state.from;
    if (to.value !== state.to) to.value = state.to;
    fillSelect(
      storage,
      [{ value: '', label: 'Every storage' }, ...state.storages.map((s) => ({ value: s.id, label: s.name }))],
      state.storageId,
    );
    stocktakeField.hidden = state.dataset !== 'ledger';
    fillSelect(
      stocktake,
      [{ value: '', label: '(no stocktake)' }, ...state.sheets.map((s) => ({ value: s, label: s }))],
      state.stocktakeSheet,
    );
    dataset.disabled = state.busy;
    run.disabled = state.busy || !ready;
    cancel.hidden = !state.busy;
    showProgress(progressBox, progress, state.progress);
    showStatus(status, state.status);
  };
  controller.store.subscribe(render);
  render();
  return { render };
}
