/**
 * The locale choice on the Connect tab: Office's language (the default) or one of the four locales,
 * for how dates are written and read. Logic: addin/app/locale.ts.
 */
import { LOCALES } from '../../shared/locale/locale.ts';
import { LOCALE_TITLES, type LocaleController, type LocaleState } from '../app/locale.ts';
import { byId, fillSelect } from './dom.ts';

/** Binds the locale select (`#pane-locale`) to its controller. */
export function localeView(controller: LocaleController): void {
  const select = byId<HTMLSelectElement>('pane-locale');
  select.addEventListener('change', () => void controller.choose(select.value));
  const render = (state: LocaleState) => {
    const options = [
      { value: '', label: `Office’s language: ${LOCALE_TITLES[state.office]}` },
      ...LOCALES.map((l) => ({ value: l, label: LOCALE_TITLES[l] })),
    ];
    fillSelect(select, options, state.chosen ?? '');
  };
  controller.store.subscribe(render);
  render(controller.store.get());
}
