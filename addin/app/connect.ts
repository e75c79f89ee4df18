/**
 * The Connect screen's logic: base URL and token in, the organisations the token sees out, one
 * chosen. The token goes to the add-in's storage (token-store.ts), the base URL and organisation
 * into the workbook's settings; the token is never part of the state, a message or a setting.
 */
import { ADAPTIVE_CONCURRENCY } from '../../shared/client/concurrency.ts';
import type { ServiceClient, ServiceClientOptions } from '../../shared/client/index.ts';
import { createServiceClient } from '../../shared/client/index.ts';
import type { Organisation } from '../../shared/schemas/resources.ts';
import { chooseOrganisation } from '../../shared/session/choose-organisation.ts';
import type { WorkbookPort } from '../excel/workbook-port.ts';
import { describeFailure, type Failure } from './errors.ts';
import type { Session } from './session.ts';
import { openSession } from './session.ts';
import { Store } from './store.ts';
import type { TokenStore } from './token-store.ts';
import { SETTING_KEYS } from './workbook-settings.ts';

/** A line for the status region: what happened, and how it went. */
export interface StatusLine {
  /** `warning`: done in part (some records refused, or cancelled). */
  tone: 'info' | 'success' | 'warning' | 'error';
  text: string;
  /** The technical line (the request and the service's answer), shown behind "Details". */
  detail?: string;
}

/** What the Connect screen shows. */
export interface ConnectState {
  /** The base URL as saved in the workbook (or last typed). */
  baseUrl: string;
  /** Whether a token is saved for {@link baseUrl} in the add-in's storage. */
  tokenSaved: boolean;
  /** Organisations the token sees (after a successful connect). */
  organisations: Organisation[];
  /** The organisation chosen (its session opens once its reference data has loaded). */
  organisationId: string | null;
  busy: boolean;
  status: StatusLine | null;
  /** The open session, or null until an organisation is chosen and reachable. */
  session: Session | null;
}

/** What the controller works with. */
export interface ConnectDeps {
  workbook: WorkbookPort;
  tokens: TokenStore;
  /** Default: `createServiceClient`. */
  createClient?: (options: ServiceClientOptions) => ServiceClient;
  /** Extra client options (e.g. `fetch`, `timeoutMs`) for every client made. */
  clientOptions?: Partial<Omit<ServiceClientOptions, 'baseUrl' | 'token'>>;
  /** The task pane's origin, for the CORS hint of connection errors. */
  origin?: string;
}

/** The connection check answers quickly: one retry, 15 s per attempt (imports use the defaults). */
export const PROBE_OPTIONS = { retries: 1, timeoutMs: 15_000 } as const;

/** Connects to the service and picks the organisation. */
export class ConnectController {
  readonly store = new Store<ConnectState>({
    baseUrl: '',
    tokenSaved: false,
    organisations: [],
    organisationId: null,
    busy: false,
    status: null,
    session: null,
  });
  private client: ServiceClient | null = null;

  constructor(private readonly deps: ConnectDeps) {}

  /** The open session, or null. */
  session(): Session | null {
    return this.store.get().session;
  }

  /**
   * Reads the workbook's base URL and organisation; when the add-in's storage holds a token for
   * that URL, connects with it (failures are shown in the status, not thrown).
   */
  async restore(): Promise<void> {
    const baseUrl = (await this.deps.workbook.getSetting(SETTING_KEYS.baseUrl)) ?? '';
    const tokenSaved = baseUrl !== '' && this.deps.tokens.get(baseUrl) !== null;
    this.store.set({ baseUrl, tokenSaved });
    if (tokenSaved) await this.connect(baseUrl, '');
  }

  /**
   * Checks the token against the service (`GET /api/organisations`) and, when it works, saves the
   * token (add-in storage) and the base URL (workbook). A blank `token` uses the saved one. With one
   * organisation, or the workbook's saved one among them, that organisation is chosen at once.
   * Never throws: the outcome is in the state's `status`.
   */
  async connect(baseUrlInput: string, tokenInput: string): Promise<void> {
    const baseUrl = baseUrlInput.trim().replace(/\/+$/, '');
    const token = tokenInput.trim() || (baseUrl ? this.deps.tokens.get(baseUrl) : null) || '';
    if (baseUrl === '') return this.fail('Enter the service’s base URL, e.g. https://inputs.example.com.');
    if (token === '') return this.fail('Enter the API token the service gave you.');
    this.store.set({
      baseUrl,
      busy: true,
      session: null,
      organisationId: null,
      organisations: [],
      status: { tone: 'info', text: `Connecting to ${baseUrl}…` },
    });
    let organisations: Organisation[];
    try {
      const probe = this.makeClient(baseUrl, token, PROBE_OPTIONS);
      organisations = await probe.listOrganisations();
      this.client = this.makeClient(baseUrl, token, {});
    } catch (error) {
      return this.fail(describeFailure(error, { origin: this.deps.origin }));
    }
    this.deps.tokens.set(baseUrl, token);
    await this.deps.workbook.setSetting(SETTING_KEYS.baseUrl, baseUrl);
    this.store.set({ organisations, tokenSaved: true });
    if (organisations.length === 0) {
      return this.fail('The token gives access to no organisation: check it with the service administrator.');
    }
    const saved = await this.deps.workbook.getSetting(SETTING_KEYS.organisationId);
    const preferred =
      organisations.find((o) => o.id === saved) ?? (organisations.length === 1 ? organisations[0] : undefined);
    if (preferred) return this.selectOrganisation(preferred.id);
    this.store.set({
      busy: false,
      status: { tone: 'info', text: `The token sees ${organisations.length} organisations: choose one.` },
    });
  }

  /**
   * Chooses an organisation by id (or name) among those the token sees, saves it in the workbook and
   * loads its reference data, which also checks the shed subscription. Never throws.
   */
  async selectOrganisation(idOrName: string): Promise<void> {
    const { organisations, baseUrl } = this.store.get();
    if (!this.client) return this.fail('Connect first.');
    let organisation: Organisation;
    try {
      organisation = chooseOrganisation(organisations, idOrName);
    } catch (error) {
      return this.fail(describeFailure(error));
    }
    this.store.set({
      busy: true,
      session: null,
      organisationId: organisation.id,
      status: { tone: 'info', text: `Loading ${organisation.name}…` },
    });
    const session = openSession(baseUrl, this.client, organisation);
    try {
      const reference = await session.reference();
      await this.deps.workbook.setSetting(SETTING_KEYS.organisationId, organisation.id);
      const text =
        `Connected to ${organisation.name}: ${count(reference.storages.length, 'storage')}, ` +
        `${count(reference.productAliases.length, 'product alias', 'product aliases')}.`;
      this.store.set({ busy: false, session, status: { tone: 'success', text } });
    } catch (error) {
      this.store.set({ organisationId: null });
      const failure = describeFailure(error, { origin: this.deps.origin });
      this.fail({ ...failure, text: `${organisation.name}: ${failure.text}` });
    }
  }

  /** Signs out: forgets the token of the current base URL (the workbook keeps the URL) and closes the session. */
  forgetToken(): void {
    const { baseUrl } = this.store.get();
    if (baseUrl) this.deps.tokens.remove(baseUrl);
    this.client = null;
    this.store.set({
      tokenSaved: false,
      organisations: [],
      organisationId: null,
      session: null,
      busy: false,
      status: { tone: 'info', text: 'Signed out: the token is forgotten on this computer.' },
    });
  }

  private makeClient(baseUrl: string, token: string, extra: Partial<ServiceClientOptions>): ServiceClient {
    const create = this.deps.createClient ?? createServiceClient;
    return create({ adaptive: PANE_REQUESTS, ...this.deps.clientOptions, ...extra, baseUrl, token });
  }

  private fail(failure: string | Failure): void {
    const { text, detail } = typeof failure === 'string' ? { text: failure, detail: undefined } : failure;
    this.store.set({ busy: false, status: { tone: 'error', text, ...(detail ? { detail } : {}) } });
  }
}

/**
 * Requests in flight of the pane's client: they follow the service as the CLI's do without
 * `--concurrency` (shared/client/adaptive-limit.ts), from where the CLI starts up to 6, the connections a browser
 * opens to one host.
 */
export const PANE_REQUESTS = { initial: ADAPTIVE_CONCURRENCY.initial, max: 6 } as const;

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
