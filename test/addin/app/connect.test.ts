/** The Connect screen's logic against the sandbox over real HTTP, with an in-memory workbook. */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectController } from '../../../addin/app/connect.ts';
import { createMemoryWorkbook } from '../../../addin/app/memory-host.ts';
import { memoryTokenStore } from '../../../addin/app/token-store.ts';
import { SETTING_KEYS } from '../../../addin/app/workbook-settings.ts';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function setUp() {
  const workbook = createMemoryWorkbook({ sheets: [{ name: 'Sheet1', rows: [] }] });
  const tokens = memoryTokenStore();
  const controller = new ConnectController({
    workbook,
    tokens,
    origin: 'https://localhost:3000',
    clientOptions: { minRetryDelayMs: 10 },
  });
  return { workbook, tokens, controller };
}

describe('Connect', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('lists the organisations the token sees, then opens the chosen one; token in the add-in storage only', async () => {
    const { workbook, tokens, controller } = setUp();
    await controller.connect(`${sandbox.url}/`, '  demo-token-willow ');
    let state = controller.store.get();
    expect(state.organisations.map((o) => o.name).sort()).toEqual(['Red Gum Grazing', 'Willow Creek Pastoral Co']);
    expect(state.session).toBeNull();
    expect(state.status).toEqual({ tone: 'info', text: 'The token sees 2 organisations: choose one.' });
    expect(tokens.get(sandbox.url)).toBe('demo-token-willow');
    await controller.selectOrganisation('willow creek pastoral co');
    state = controller.store.get();
    expect(state.session?.organisation.id).toBe(WILLOW);
    expect(state.organisationId).toBe(WILLOW);
    expect(state.status?.tone).toBe('success');
    expect(await workbook.getSetting(SETTING_KEYS.baseUrl)).toBe(sandbox.url);
    expect(await workbook.getSetting(SETTING_KEYS.organisationId)).toBe(WILLOW);
    expect(JSON.stringify([...workbook.settings])).not.toContain('demo-token');
    expect(JSON.stringify(state.status)).not.toContain('demo-token');
  });

  it('an organisation without a shed subscription says so and opens no session', async () => {
    const { controller } = setUp();
    await controller.connect(sandbox.url, 'demo-token-willow');
    await controller.selectOrganisation('Red Gum Grazing');
    const state = controller.store.get();
    expect(state.session).toBeNull();
    expect(state.organisationId).toBeNull();
    expect(state.status?.tone).toBe('error');
    expect(state.status?.text).toMatch(/^Red Gum Grazing: .*no active shed subscription/);
  });

  it('a token that sees one organisation opens it at once', async () => {
    const { controller } = setUp();
    await controller.connect(sandbox.url, 'demo-token-banksia');
    expect(controller.session()?.organisation.name).toBe('Banksia Downs Trust');
  });

  it('a refused token is not saved, and the message says what to do here (not `shed login`)', async () => {
    const { tokens, controller, workbook } = setUp();
    await controller.connect(sandbox.url, 'wrong-token');
    const state = controller.store.get();
    expect(state.status).toMatchObject({
      tone: 'error',
      text: 'The service did not accept the API token. Paste it again and connect.',
    });
    expect(state.status?.detail).toMatch(/401/);
    // The details behind the disclosure name no command either.
    expect(state.status?.detail).not.toMatch(/shed login|--token|SHED_/);
    expect(tokens.get(sandbox.url)).toBeNull();
    expect(await workbook.getSetting(SETTING_KEYS.baseUrl)).toBeNull();
    expect(state.busy).toBe(false);
  });

  it('an unreachable service is reported quickly, in plain words with the origin, the request behind Details', async () => {
    const { controller } = setUp();
    const started = Date.now();
    await controller.connect(`http://127.0.0.1:${await closedPort()}`, 'demo-token-willow');
    expect(Date.now() - started).toBeLessThan(5_000);
    const { text, detail } = controller.store.get().status ?? { text: '' };
    expect(text).toMatch(/^Cannot reach the service\. Check the service address/);
    expect(text).toContain('from this add-in (https://localhost:3000)');
    expect(detail).toMatch(/^Could not reach the service/);
    expect(`${text}${detail}`).not.toContain('demo-token');
  });

  it('refuses empty and malformed input before any request', async () => {
    const { controller } = setUp();
    const before = sandbox.stats.requests;
    await controller.connect('', 'x');
    expect(controller.store.get().status?.text).toMatch(/^Enter the service’s base URL/);
    await controller.connect(sandbox.url, '   ');
    expect(controller.store.get().status?.text).toBe('Enter the API token the service gave you.');
    await controller.connect('inputs.example.com', 'x');
    expect(controller.store.get().status?.text).toMatch(/is not a URL/);
    await controller.connect('ftp://inputs.example.com', 'x');
    expect(controller.store.get().status?.text).toMatch(/must start with http:\/\/ or https:\/\//);
    await controller.connect(sandbox.url, 'two\nlines');
    expect(controller.store.get().status?.text).toMatch(/line break/);
    expect(sandbox.stats.requests).toBe(before);
    await controller.selectOrganisation('Willow');
    expect(controller.store.get().status?.text).toBe('Connect first.');
  });

  it('choosing an organisation the token does not see is refused', async () => {
    const { controller } = setUp();
    await controller.connect(sandbox.url, 'demo-token-willow');
    await controller.selectOrganisation('Banksia Downs Trust');
    expect(controller.store.get().status?.text).toMatch(/^No organisation 'Banksia Downs Trust' for this token/);
    expect(controller.session()).toBeNull();
  });

  it('restores: the workbook names the service and organisation, the add-in storage holds the token', async () => {
    const { workbook, tokens, controller } = setUp();
    await workbook.setSetting(SETTING_KEYS.baseUrl, sandbox.url);
    await workbook.setSetting(SETTING_KEYS.organisationId, WILLOW);
    tokens.set(sandbox.url, 'demo-token-willow');
    await controller.restore();
    expect(controller.session()?.organisation.id).toBe(WILLOW);
    expect(controller.store.get().tokenSaved).toBe(true);
  });

  it('restores nothing without a saved token, and connects with the saved one when the field is left empty', async () => {
    const { workbook, tokens, controller } = setUp();
    await workbook.setSetting(SETTING_KEYS.baseUrl, sandbox.url);
    const before = sandbox.stats.requests;
    await controller.restore();
    expect(controller.store.get()).toMatchObject({
      baseUrl: sandbox.url,
      tokenSaved: false,
      session: null,
      status: null,
    });
    expect(sandbox.stats.requests).toBe(before);
    tokens.set(sandbox.url, 'demo-token-banksia');
    await controller.connect(sandbox.url, '');
    expect(controller.session()?.organisation.name).toBe('Banksia Downs Trust');
  });

  it('forgets the token', async () => {
    const { tokens, controller } = setUp();
    await controller.connect(sandbox.url, 'demo-token-banksia');
    controller.forgetToken();
    expect(tokens.get(sandbox.url)).toBeNull();
    expect(controller.store.get()).toMatchObject({ session: null, organisations: [], tokenSaved: false });
  });
});
