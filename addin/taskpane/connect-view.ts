/** The Connect screen's DOM: the form, the organisation choice, the status. Logic: addin/app/connect.ts. */
import type { ConnectController, ConnectState } from '../app/connect.ts';
import { byId, el, showStatus } from './dom.ts';

/** Binds the Connect panel to its controller. */
export function connectView(controller: ConnectController): void {
  const form = byId<HTMLFormElement>('connect-form');
  const baseUrl = byId<HTMLInputElement>('base-url');
  const token = byId<HTMLInputElement>('token');
  const connect = byId<HTMLButtonElement>('connect');
  const forget = byId<HTMLButtonElement>('forget-token');
  const organisations = byId<HTMLFieldSetElement>('organisations');
  const list = byId('organisation-list');
  const status = byId('connect-status');
  const badge = byId('connection-badge');
  const welcome = byId('welcome');

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const typed = token.value;
    token.value = '';
    void controller.connect(baseUrl.value, typed);
  });
  forget.addEventListener('click', () => controller.forgetToken());
  list.addEventListener('change', (event) => {
    const input = event.target as HTMLInputElement;
    if (input.name === 'organisation') void controller.selectOrganisation(input.value);
  });

  let shownOrganisations: ConnectState['organisations'] | null = null;
  let refocusChoice = false;
  const render = (state: ConnectState) => {
    if (document.activeElement !== baseUrl && baseUrl.value !== state.baseUrl) baseUrl.value = state.baseUrl;
    token.placeholder = state.tokenSaved ? 'Saved on this computer' : '';
    connect.disabled = state.busy;
    forget.disabled = state.busy || !state.tokenSaved;
    // The first-run screen, until a token is saved on this computer (and again after signing out).
    welcome.hidden = state.tokenSaved || state.session !== null;
    organisations.hidden = state.organisations.length < 2;
    // Disabling the choice while it loads takes the focus from the radio just chosen: give it back after.
    if (state.busy && organisations.contains(document.activeElement)) refocusChoice = true;
    organisations.disabled = state.busy;
    if (shownOrganisations !== state.organisations) {
      shownOrganisations = state.organisations;
      list.replaceChildren(
        ...state.organisations.map((o) =>
          el('label', { class: 'radio' }, el('input', { type: 'radio', name: 'organisation', value: o.id }), o.name),
        ),
      );
    }
    for (const input of list.querySelectorAll<HTMLInputElement>('input[name="organisation"]'))
      input.checked = input.value === state.organisationId;
    if (refocusChoice && !state.busy) {
      refocusChoice = false;
      const chosen =
        list.querySelector<HTMLInputElement>('input[name="organisation"]:checked') ??
        list.querySelector<HTMLInputElement>('input[name="organisation"]');
      if (chosen && !organisations.hidden) chosen.focus();
    }
    showStatus(status, state.status);
    const session = state.session;
    badge.textContent = session ? session.organisation.name : state.busy ? 'Connecting…' : 'Not connected';
    badge.classList.toggle('connected', session !== null);
    badge.title = session ? `${session.organisation.name} at ${session.baseUrl}` : '';
  };
  controller.store.subscribe(render);
  render(controller.store.get());
}
