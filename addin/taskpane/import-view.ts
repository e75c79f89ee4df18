/**
 * The Import screen's DOM: kind and sheet pickers, the editable mapping table, reading options,
 * Validate / Import / Cancel, progress, status and problem lines. Logic: addin/app/import.ts.
 */
import { columnLetter } from '../../shared/sheet/grid.ts';
import type { MappedField } from '../../shared/sheet/mapping.ts';
import type { DateOrder } from '../../shared/sheet/values/index.ts';
import type { ImportController, ImportState } from '../app/import.ts';
import { parseImportKind } from '../../shared/kinds/index.ts';
import { PICKER_KINDS } from '../app/import-kinds.ts';
import { byId, el, fillSelect, showLines, showProgress, showStatus } from './dom.ts';

/** Binds the Import panel to its controller; `connected()` says whether a session is open. */
// eslint-disable-next-line max-lines-per-function -- one screen's bindings: the elements it looks up and the handlers that share them
export function importView(
  controller: ImportController,
  connected: () => boolean,
  showImport: () => void = () => {},
): { render(): void } {
  const kind = byId<HTMLSelectElement>('import-kind');
  const sheet = byId<HTMLSelectElement>('import-sheet');
  const reread = byId<HTMLButtonElement>('import-reread');
  const box = byId<HTMLDetailsElement>('mapping-box');
  const summary = byId('mapping-summary');
  const help = byId('mapping-help');
  const rows = byId('mapping-rows');
  const reset = byId<HTMLButtonElement>('mapping-reset');
  const dateOrder = byId<HTMLSelectElement>('date-order');
  const timeZone = byId<HTMLInputElement>('time-zone');
  const allowDuplicates = byId<HTMLInputElement>('allow-duplicates');
  const includeHidden = byId<HTMLInputElement>('include-hidden');
  const pricesIncludeGst = byId<HTMLInputElement>('prices-include-gst');
  const problem = byId('mapping-problem');
  const headerRowBox = byId('header-row-box');
  const headerRow = byId<HTMLInputElement>('header-row');
  const headerRowUse = byId<HTMLButtonElement>('header-row-use');
  const validate = byId<HTMLButtonElement>('validate');
  const start = byId<HTMLButtonElement>('import');
  const cancel = byId<HTMLButtonElement>('import-cancel');
  const progressBox = byId('import-progress-box');
  const progress = byId<HTMLProgressElement>('import-progress');
  const status = byId('import-status');
  const problems = byId('import-problems');
  const warnings = byId('import-warnings');
  const placeAgain = byId<HTMLButtonElement>('import-place-again');
  const panel = byId('panel-import');
  const allSheets = byId<HTMLInputElement>('import-all-sheets');
  const pending = byId('import-pending');
  const pendingText = byId('import-pending-text');
  const finish = byId<HTMLButtonElement>('import-finish');

  fillSelect(
    kind,
    PICKER_KINDS.map((k) => ({ value: k.kind, label: k.pickerTitle })),
    'receipts',
  );
  kind.addEventListener('change', () => {
    const chosen = parseImportKind(kind.value);
    if (chosen) void controller.setKind(chosen);
  });
  sheet.addEventListener('change', () => void controller.setSheet(sheet.value));
  reread.addEventListener('click', () => void controller.refresh());
  reset.addEventListener('click', () => void controller.resetMapping());
  headerRowUse.addEventListener('click', () => void controller.setHeaderRow(Number(headerRow.value)));
  rows.addEventListener('change', (event) => {
    const select = event.target as HTMLSelectElement;
    const field = select.dataset.field as MappedField | undefined;
    if (field) void controller.setColumn(field, select.value === '' ? null : Number(select.value));
  });
  dateOrder.addEventListener('change', () => void controller.setDateOrder(dateOrder.value as DateOrder));
  timeZone.addEventListener('change', () => {
    // A zone that is refused does not stay in the field: it shows the zone dates are read in.
    void controller.setTimeZone(timeZone.value).then(() => {
      timeZone.value = controller.store.get().timeZone;
    });
  });
  allowDuplicates.addEventListener('change', () => controller.setAllowDuplicates(allowDuplicates.checked));
  includeHidden.addEventListener('change', () => controller.setIncludeHidden(includeHidden.checked));
  pricesIncludeGst.addEventListener('change', () => controller.setPricesIncludeGst(pricesIncludeGst.checked));
  validate.addEventListener('click', () => void controller.validate());
  start.addEventListener('click', () => void controller.start());
  cancel.addEventListener('click', () => controller.cancel());
  allSheets.addEventListener('change', () => controller.setAllSheets(allSheets.checked));
  finish.addEventListener('click', () => {
    showImport();
    void controller.finishPending();
  });
  problems.addEventListener('click', (event) => {
    const line = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-line]');
    if (line) void controller.showProblem(Number(line.dataset.line));
  });
  placeAgain.addEventListener('click', () => void controller.placeResultsAgain());

  let shownFields: ImportState['fields'] | null = null;
  const render = () => {
    const state = controller.store.get();
    const busy = state.phase !== 'idle';
    const ready = connected();
    panel.classList.toggle('has-session', ready);
    for (const note of panel.querySelectorAll<HTMLElement>('.needs-session')) note.hidden = ready;
    fillSelect(
      kind,
      PICKER_KINDS.map((k) => ({ value: k.kind, label: k.pickerTitle })),
      state.kind,
    );
    fillSelect(
      sheet,
      state.sheets.map((s) => ({ value: s, label: s })),
      state.sheet ?? '',
    );
    for (const control of [
      kind,
      sheet,
      reread,
      reset,
      dateOrder,
      timeZone,
      allowDuplicates,
      includeHidden,
      pricesIncludeGst,
      allSheets,
    ])
      control.disabled = busy;
    allSheets.checked = state.allSheets;
    // An import that stopped before its results were written: said on every screen, with "Finish it".
    pending.hidden = state.pending === null;
    pendingText.textContent = state.pending?.text ?? '';
    // An e-invoice's run is imported again on its own tab (the notice says so): no "Finish it" here.
    finish.hidden = (state.pending?.einvoice ?? null) !== null;
    finish.disabled = busy || !ready;
    finish.title = ready ? '' : 'Connect to the service first (Connect tab).';
    if (shownFields !== state.fields) {
      shownFields = state.fields;
      renderMapping(rows, state);
    }
    for (const select of rows.querySelectorAll('select')) select.disabled = busy;
    const mapped = state.fields.filter((f) => f.column !== null).length;
    summary.textContent = state.mapping
      ? `· ${mapped} of ${state.fields.length} fields, header row ${state.mapping.headerRowNumber}`
      : '';
    help.textContent = state.mapping
      ? `Read from row ${state.mapping.headerRowNumber} of '${state.sheet ?? ''}'. ${state.mappingSaved ? 'Saved in this workbook.' : state.profileUsed ? 'The mapping kept on this computer for sheets with these headers; a change is saved in this workbook.' : `Detected from the headers${byValues(state)}; a change is saved in this workbook.`}`
      : '';
    if (state.mappingProblem && !box.open && !busy) box.open = state.mapping !== null;
    problem.hidden = !state.mappingProblem;
    // A sheet whose headers the add-in does not know: the bookkeeper says which row holds them.
    headerRowBox.hidden = state.mapping !== null || !state.mappingProblem || state.sheet === null;
    headerRowUse.disabled = busy;
    problem.textContent = state.mappingProblem ?? '';
    if (dateOrder.value !== state.dateOrder) dateOrder.value = state.dateOrder;
    if (document.activeElement !== timeZone) timeZone.value = state.timeZone;
    allowDuplicates.checked = state.allowDuplicates;
    includeHidden.checked = state.includeHidden;
    pricesIncludeGst.checked = state.pricesIncludeGst;
    const usable = ready && state.mapping !== null && !state.mappingProblem;
    validate.disabled = busy || !usable;
    start.disabled = busy || !usable;
    // Cancel goes away once the run can no longer be stopped: its focus goes to the status line, not the page body.
    const cancelHadFocus = document.activeElement === cancel;
    cancel.hidden = !state.cancellable;
    // Results that could not be placed (their rows changed or moved among rows alike): offered again.
    placeAgain.hidden = state.unplaced === 0;
    placeAgain.disabled = busy;
    if (cancelHadFocus && cancel.hidden) status.focus();
    showProgress(progressBox, progress, state.phase === 'sending' ? state.progress : null);
    const written = state.resultColumns && !busy ? ` Results are in columns ${state.resultColumns}.` : '';
    showStatus(
      status,
      state.status && { ...state.status, text: `${state.status.text}${state.status.tone === 'info' ? '' : written}` },
    );
    showProblems(problems, state);
    showLines(warnings, state.warnings);
  };
  controller.store.subscribe(render);
  render();
  return { render };
}

/** One row per field: its label (required ones marked) and a column picker. Keeps focus on the picker in use. */
function renderMapping(rows: HTMLElement, state: ImportState): void {
  const focused = (document.activeElement as HTMLElement | null)?.dataset?.field;
  const options = [
    { value: '', label: '(not in this sheet)' },
    ...state.choices.map((c) => ({ value: String(c.column), label: c.label })),
  ];
  rows.replaceChildren(
    ...state.fields.map((f) => {
      const id = `map-${f.field}`;
      const select = el('select', {
        id,
        'data-field': f.field,
        'aria-describedby': f.required && f.column === null ? 'mapping-problem' : undefined,
      });
      select.replaceChildren(...options.map((o) => el('option', { value: o.value, text: o.label })));
      select.value = f.column === null ? '' : String(f.column);
      const how = state.evidence.find((e) => e.field === f.field && e.column === f.column);
      const why = how
        ? ` · ${how.by === 'content' ? `found by its values: ${how.detail ?? ''}` : `header${how.detail ? `; ${how.detail}` : ''}`} (${how.confidence})`
        : '';
      const label = el(
        'label',
        { for: id, title: f.column === null ? '' : `Column ${columnLetter(f.column)}${why}` },
        f.label,
      );
      if (f.required) label.append(el('span', { class: 'required', 'aria-label': ' (required)', text: ' *' }));
      // A column placed by its values (or whose values do not look like its header) is a judgement: shown, not only on hover.
      if (how && how.confidence !== 'high') {
        label.append(
          el('span', {
            class: `found-by ${how.confidence}`,
            text: how.by === 'content' ? ' · by its values' : ' · check',
          }),
        );
      }
      return el(
        'tr',
        { class: f.required && f.column === null ? 'missing' : undefined },
        el('td', {}, label),
        el('td', {}, select),
      );
    }),
  );
  if (focused) (rows.querySelector(`[data-field="${focused}"]`) as HTMLElement | null)?.focus();
}

/** The problem lines, each a button that selects its cell in the sheet (its tooltip says which). */
function showProblems(list: HTMLElement, state: ImportState): void {
  list.replaceChildren(
    ...state.problems.map((line, i) => {
      const cell = state.problemCells[i];
      if (!cell) return el('li', { text: line });
      const where = `Select ${columnLetter(cell.column)}${cell.rowNumber} on '${cell.sheet}'`;
      return el(
        'li',
        {},
        el('button', { type: 'button', class: 'line-link', 'data-line': String(i), title: where, text: line }),
      );
    }),
  );
}

/** `' and, for 2 columns, their values'` when content placed any column. */
function byValues(state: ImportState): string {
  const count = state.evidence.filter((e) => e.by === 'content').length;
  return count === 0
    ? ''
    : ` and, for ${count} column${count === 1 ? '' : 's'}, ${count === 1 ? 'its' : 'their'} values`;
}
