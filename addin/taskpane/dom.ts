/** Small DOM helpers of the task pane: find elements, make them, show a status line. */
import type { StatusLine } from '../app/connect.ts';

/** The element with this id. @throws Error when the page lacks it (a mismatch of taskpane.html and the code). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`taskpane.html has no element #${id}`);
  return found as T;
}

/** A new element with attributes (`text` sets its text) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (name === 'text') node.textContent = String(value);
    else node.setAttribute(name, value === true ? '' : value);
  }
  node.append(...children);
  return node;
}

/** Shows a status line in a message bar (`role=status`), or empties it; unchanged text is not re-announced. */
export function showStatus(node: HTMLElement, status: StatusLine | null): void {
  const text = status?.text ?? '';
  const detail = status?.detail ?? '';
  node.className = `message-bar${status ? ` ${status.tone}` : ''}`;
  const shown = `${text}\u0000${detail}`;
  if (node.dataset.shown === shown) return;
  node.dataset.shown = shown;
  // The technical line (request, service answer) waits behind "Details" for whoever needs it.
  const more = detail
    ? [el('details', { class: 'detail' }, el('summary', { text: 'Details' }), el('p', { text: detail }))]
    : [];
  node.replaceChildren(document.createTextNode(text), ...more);
}

/** Replaces a list's items with one `<li>` per line. */
export function showLines(list: HTMLElement, lines: readonly string[]): void {
  list.replaceChildren(...lines.map((line) => el('li', { text: line })));
}

/** Fills a `<select>` with options (value, label) and selects `value` when present. */
export function fillSelect(
  select: HTMLSelectElement,
  options: readonly { value: string; label: string; disabled?: boolean }[],
  value: string,
): void {
  const same =
    select.options.length === options.length &&
    options.every(
      (o, i) =>
        select.options[i]?.value === o.value &&
        select.options[i]?.text === o.label &&
        select.options[i]?.disabled === Boolean(o.disabled),
    );
  if (!same)
    select.replaceChildren(
      ...options.map((o) => el('option', { value: o.value, text: o.label, disabled: o.disabled })),
    );
  if (select.value !== value) select.value = value;
}

/** Sets a progress bar (null hides its box). */
export function showProgress(
  box: HTMLElement,
  bar: HTMLProgressElement,
  progress: { done: number; total: number } | null,
): void {
  box.hidden = progress === null;
  if (!progress) return;
  bar.max = Math.max(progress.total, 1);
  bar.value = Math.min(progress.done, bar.max);
  bar.setAttribute('aria-valuetext', `${progress.done} of ${progress.total}`);
}

/** Offers `blob` to the user as a download named `name` (the browser's or Office's save prompt). */
export function saveDownload(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = el('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The bytes of base64 text (an e-invoice's embedded document). */
export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
