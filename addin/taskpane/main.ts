/**
 * The task pane's entry point: picks the host (Excel or the memory host), makes one controller per
 * screen (addin/app/) and binds the screens (this folder), then reconnects with the token saved on
 * this computer for the workbook's service, if any. `document.body.dataset.ready` is set when done.
 */
import { ConnectController } from '../app/connect.ts';
import { ExportController } from '../app/export.ts';
import { openPaneJournal } from '../app/pane-journal.ts';
import { ImportController } from '../app/import.ts';
import type { Session } from '../app/session.ts';
import { TemplateController } from '../app/template.ts';
import { connectView } from './connect-view.ts';
import { byId } from './dom.ts';
import { exportView } from './export-view.ts';
import { openHost } from './host.ts';
import { importView } from './import-view.ts';
import { memoryBar } from './memory-bar.ts';
import { setUpTabs } from './tabs.ts';
import { templateView } from './template-view.ts';
import { EInvoiceController } from '../app/einvoice-import.ts';
import { RecipesController } from '../app/recipes.ts';
import { einvoiceView } from './einvoice-view.ts';
import { recipesView } from './recipes-view.ts';
import { LocaleController } from '../app/locale.ts';
import { localeView } from './locale-view.ts';

/** A failure before the pane is ready, shown in its boot bar (there is no screen yet to show it). */
function showBootError(error: unknown): void {
  const bar = byId('boot-error');
  bar.textContent = error instanceof Error ? error.message : String(error);
  bar.hidden = false;
  document.body.dataset.ready = 'error';
}

async function main(): Promise<void> {
  let host;
  try {
    host = await openHost(window);
  } catch (error) {
    showBootError(error);
    return;
  }
  document.body.dataset.host = host.kind;
  const { workbook, tokens, profiles, recipes } = host;
  const origin = window.location.origin;
  // The pane's locale: Office's language, or the choice saved in the workbook (Connect tab).
  const locales = new LocaleController(workbook, host.languages);
  await locales.restore().catch(() => undefined);
  const locale = () => locales.current();
  const connect = new ConnectController({ workbook, tokens, origin });
  const session = () => connect.session();
  const connected = () => session() !== null;
  // The journal in the browser's IndexedDB: the ids of what an import sent survive closing the pane.
  const importer = new ImportController({
    workbook,
    session,
    origin,
    openJournal: (key) => openPaneJournal(window.indexedDB, key),
    profiles,
    recipes,
    locale,
  });
  const exporter = new ExportController({ workbook, session, origin, locale });
  const templates = new TemplateController({ workbook, session, origin, locale });
  const recipeScreen = new RecipesController(recipes);
  const einvoices = new EInvoiceController(
    { workbook, session, origin, openJournal: (key) => openPaneJournal(window.indexedDB, key), recipes },
    () => importer.store.get().timeZone,
  );

  connectView(connect);
  localeView(locales);
  importer.followLocale();
  locales.store.subscribe(() => importer.followLocale());
  if (host.memory) memoryBar(host.memory, () => importer.refresh());
  let tabs: ReturnType<typeof setUpTabs> | null = null;
  const views = [
    importView(importer, connected, () => tabs?.select('tab-import')),
    exportView(exporter, connected),
    templateView(templates, connected),
    einvoiceView(einvoices, session),
    recipesView(recipeScreen),
  ];
  let shownSession: Session | null = null;
  connect.store.subscribe((state) => {
    if (state.session === shownSession) return;
    shownSession = state.session;
    for (const view of views) view.render();
    void exporter.refresh();
  });
  tabs = setUpTabs(byId('tablist-main'), (panel) => {
    if (panel === 'panel-import') void importer.visit();
    if (panel === 'panel-export') void exporter.refresh();
    if (panel === 'panel-recipes') void recipeScreen.refresh();
  });
  // An import this workbook's journal holds unfinished is said at once, whichever tab opens.
  await importer.checkPending();
  await connect.restore();
  if (connected()) tabs.select('tab-import');
  document.body.dataset.ready = 'true';
}

// A failure after the host opened (reading the journal, reconnecting) is shown too, never left unhandled.
main().catch(showBootError);
