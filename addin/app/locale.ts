/**
 * The pane's locale (issue 25): how it shows and writes dates, and how an import reads an ambiguous
 * date when no order was chosen. Office's display language (else its content language) decides,
 * through the core's rule (shared/locale paneLocale); the bookkeeper may choose another on the Connect
 * tab, kept in the workbook's settings. Never the browser's or the machine's default.
 */
import { LOCALES, officeLocale, paneLocale, parseLocale, type Locale } from '../../shared/locale/locale.ts';
import type { OfficeLanguages } from '../../shared/locale/locale.ts';
import type { WorkbookPort } from '../excel/workbook-port.ts';
import { Store } from './store.ts';
import { SETTING_KEYS } from './workbook-settings.ts';

/** What the locale choice shows. */
export interface LocaleState {
  /** The locale in force. */
  locale: Locale;
  /** The one the bookkeeper chose in the pane, or null when Office's language decides. */
  chosen: Locale | null;
  /** The one Office's languages give (what "Office's language" means in the choice). */
  office: Locale;
}

/** How the choice names each locale. */
export const LOCALE_TITLES: Readonly<Record<Locale, string>> = {
  'en-AU': 'Australia (3/02/2026 is 3 February)',
  'en-NZ': 'New Zealand (3/02/2026 is 3 February)',
  'en-GB': 'United Kingdom (03/02/2026 is 3 February)',
  'en-US': 'United States (2/3/2026 is February 3)',
};

/** The pane's locale: Office's language, or the bookkeeper's choice saved in the workbook. */
export class LocaleController {
  readonly store: Store<LocaleState>;

  /**
   * @param workbook where the choice is kept (`shed.locale`).
   * @param languages Office's `displayLanguage` and `contentLanguage` (empty outside Office: en-AU).
   */
  constructor(
    private readonly workbook: WorkbookPort,
    languages: OfficeLanguages,
  ) {
    const office = officeLocale(languages);
    this.store = new Store<LocaleState>({ locale: office, chosen: null, office });
  }

  /** The locale in force now. */
  current(): Locale {
    return this.store.get().locale;
  }

  /** Reads the choice saved in the workbook (none, or one that names no locale: Office's language decides). */
  async restore(): Promise<void> {
    const saved = await this.workbook.getSetting(SETTING_KEYS.locale);
    this.show(parseLocale(saved) ?? null);
  }

  /**
   * Chooses a locale (`en-US`, ...), or '' to follow Office's language again; saved in the workbook.
   * @throws RangeError for a value that names none of the four locales (the select offers only those).
   */
  async choose(value: string): Promise<void> {
    const chosen = value === '' ? null : parseLocale(value);
    if (chosen === undefined) throw new RangeError(`'${value}' is not one of ${LOCALES.join(', ')}`);
    this.show(chosen);
    await this.workbook.setSetting(SETTING_KEYS.locale, chosen ?? '');
  }

  private show(chosen: Locale | null): void {
    const { office } = this.store.get();
    this.store.set({ chosen, locale: paneLocale(chosen, { displayLanguage: office }) });
  }
}
