import { afterAll, beforeAll } from 'vitest';
import {
  readDemoCatalogue,
  startSandbox,
  type RunningSandbox,
  type SandboxOptions,
  type SeedData,
} from '../../sandbox/index.ts';

/** Ids and tokens of examples/demo-catalogue.json. */
export const WILLOW = 'ede38da7-48e1-5f55-9b3c-e4a7e07af966';
export const RED_GUM = 'b9d73a5d-b174-5a5a-9a48-91513f113e3c';
export const BANKSIA = '267b3e75-431a-5c08-b3f2-483f29088262';
export const WILLOW_TOKEN = 'demo-token-willow';
export const BANKSIA_TOKEN = 'demo-token-banksia';
export const MAIN_SHED = '92f93d06-6c75-5c01-b79a-8f620b1bdb3c';
export const SEED_SHED = '3b26365a-f3bf-5170-bf99-211ac2ca919c';
export const OLD_SHEARING_SHED = '66540ae1-ed0e-58f2-becf-4277a82957a8';
export const MACHINERY_SHED = '5f4a6abc-86e2-5870-803e-1e6f40dc6e65';
export const CHEM_STORE = 'ed24fe83-4b7d-53d6-b0b5-db7e861ef8dc';
export const GLYPHOSATE = '827a10fa-4e56-59a3-8e3d-edcf06fc6686';
export const PARAQUAT = 'f2ef6eb5-7f84-586c-b3ac-463e989aac9e';
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Starts a quiet sandbox for the tests of one file and closes it afterwards. */
export function useSandbox(options: SandboxOptions = {}): { readonly sb: RunningSandbox } {
  const holder = {} as { sb: RunningSandbox };
  beforeAll(async () => {
    holder.sb = await startSandbox({ quiet: true, ...options });
  });
  afterAll(async () => {
    await holder.sb?.close();
  });
  return holder;
}

/** A parsed answer: status, headers, and the JSON body (null when empty). */
export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** Sends one request and reads the whole answer. */
export async function request(
  base: string,
  method: string,
  path: string,
  options: {
    token?: string | null;
    body?: unknown;
    raw?: string;
    contentType?: string | null;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? WILLOW_TOKEN : options.token;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (options.raw !== undefined || options.body !== undefined) {
    payload = options.raw ?? JSON.stringify(options.body);
    const type = options.contentType === undefined ? 'application/json' : options.contentType;
    if (type !== null) headers['Content-Type'] = type;
  }
  const response = await fetch(`${base}${path}`, { method, headers, body: payload });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
}

/** A client bound to one sandbox and token. */
export function client(sb: { readonly sb: RunningSandbox }, token: string | null = WILLOW_TOKEN) {
  const send = (method: string, path: string, body?: unknown) => request(sb.sb.url, method, path, { token, body });
  return {
    get: (path: string) => send('GET', path),
    post: (path: string, body: unknown) => send('POST', path, body),
    patch: (path: string, body: unknown) => send('PATCH', path, body),
    delete: (path: string) => send('DELETE', path),
  };
}

/** Path of an organisation's shed resource. */
export const orgPath = (orgId: string, resource: string) => `/api/shed/organisations/${orgId}/${resource}`;

/** A valid receipt body for Willow Creek's Main Chemical Shed. */
export function receiptBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    storage_id: MAIN_SHED,
    received_at: '2026-03-02T09:30:00+11:00',
    supplier: 'Farmco Rural Supplies',
    order_number: 'PO-9001',
    line_items: [
      { product_id: GLYPHOSATE, quantity: '4', pack_size_value: '20', pack_size_unit: 'l', pack_cost: '179.00' },
      { product_id: PARAQUAT, quantity: '2', pack_size_value: '20', pack_size_unit: 'l', pack_cost: '0' },
    ],
    ...overrides,
  };
}

/** A valid return body for Willow Creek's Main Chemical Shed. */
export function returnBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    storage_id: MAIN_SHED,
    product_id: GLYPHOSATE,
    returned_at: '2026-02-12T10:00:00+11:00',
    supplier: 'Farmco Rural Supplies',
    amount_value: '20',
    amount_unit: 'l',
    reference: 'CN-7781',
    ...overrides,
  };
}

/** The demo catalogue without history, for tests that build their own seed. */
export function catalogue(): SeedData {
  return readDemoCatalogue(undefined, () => {});
}

/** Every record of a paginated list, following pages until total_pages. */
export async function listPagesRaw(
  get: (path: string) => Promise<Answer>,
  path: string,
): Promise<{ data: any[]; included: Record<string, Record<string, any>> }> {
  const data: any[] = [];
  const included: Record<string, Record<string, any>> = {};
  const sep = path.includes('?') ? '&' : '?';
  for (let page = 1; ; page++) {
    const answer = await get(`${path}${sep}page=${page}&page_size=200`);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    data.push(...answer.body.data);
    for (const [key, records] of Object.entries(answer.body.included ?? {}))
      Object.assign((included[key] ??= {}), records);
    if (page >= answer.body.meta.total_pages) return { data, included };
  }
}

/** A mutable clock for tests: `clock.now()` reads it, `clock.set()` and `clock.advance()` move it. */
export function testClock(start: string) {
  let ms = Date.parse(start);
  return {
    now: () => new Date(ms),
    set: (iso: string) => {
      ms = Date.parse(iso);
    },
    advance: (days: number) => {
      ms += days * 86_400_000;
    },
  };
}
