/**
 * The tab list (WAI-ARIA tabs pattern, automatic activation): arrow keys move between tabs and
 * show their panel, Home and End go to the first and last, only the selected tab is in the Tab order.
 */

/** Wires the tabs of `tablist`; `onShow` runs after a panel is shown (e.g. to read the sheet again). */
export function setUpTabs(tablist: HTMLElement, onShow: (panelId: string) => void): { select(tabId: string): void } {
  const tabs = [...tablist.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const select = (tab: HTMLButtonElement, focus: boolean) => {
    for (const other of tabs) {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(other.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !selected;
    }
    if (focus) tab.focus();
    onShow(tab.getAttribute('aria-controls') ?? '');
  };
  for (const tab of tabs) {
    tab.addEventListener('click', () => select(tab, false));
    tab.addEventListener('keydown', (event) => {
      const i = tabs.indexOf(tab);
      const next =
        event.key === 'ArrowRight'
          ? tabs[(i + 1) % tabs.length]
          : event.key === 'ArrowLeft'
            ? tabs[(i - 1 + tabs.length) % tabs.length]
            : event.key === 'Home'
              ? tabs[0]
              : event.key === 'End'
                ? tabs[tabs.length - 1]
                : undefined;
      if (!next) return;
      event.preventDefault();
      select(next, true);
    });
  }
  return {
    select(tabId) {
      const tab = tabs.find((t) => t.id === tabId);
      if (tab) select(tab, false);
    },
  };
}
