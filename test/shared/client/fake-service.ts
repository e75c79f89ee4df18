/**
 * A small scriptable fake of the farm-inputs service for the client tests: real HTTP on 127.0.0.1,
 * port 0 (hono + @hono/node-server). It serves lists with every `meta` variant of gaps row 21 and
 * answers scripted misbehaviour: error statuses with `Retry-After`, a dropped connection after the
 * request was read (drop-after-commit), a hang past the client's timeout.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Hono, type Context } from 'hono';
import { serve, type HttpBindings } from '@hono/node-server';

/**
 * One scripted answer. `drop`: read the request, then close the socket unanswered. `hang`: never
 * answer. `stall`: send the status and the first bytes of the body, then nothing more.
 */
export type Scripted =
  | { status: number; body?: unknown; text?: string; headers?: Record<string, string>; delayMs?: number }
  | { drop: true }
  | { hang: true }
  | { stall: true; status: number };

/** How `meta` is written for a list (gaps rows 19 and 21). */
export type MetaVariant = 'total_entries' | 'total_count' | 'both' | 'none' | 'no-meta';

export interface ListSetup {
  meta?: MetaVariant;
  /** Sideloads, per record id: plural name → objects to add to `included` when `include` is asked. */
  included?: (record: Record<string, unknown>) => Record<string, Record<string, unknown>>;
  /** Called after a page was served, e.g. to add or update records between pages. */
  afterPage?: (page: number, records: Record<string, unknown>[]) => void;
  /** Delay before answering each page, so parallel pages overlap. */
  delayMs?: number;
  /** A page past the last answers this status (default: 200 with no records). */
  pastEndStatus?: number;
  /** This page answers this status, every time. */
  failPage?: { page: number; status: number };
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string[]>;
  headers: Record<string, string>;
  body: unknown;
}

interface Auth {
  header: string;
  value: string;
}

export class FakeService {
  readonly requests: LoggedRequest[] = [];
  /** Highest number of requests being answered at once, per path. */
  readonly maxInFlight = new Map<string, number>();
  private readonly inFlight = new Map<string, number>();
  private readonly scripts = new Map<string, Scripted[]>();
  private readonly lists = new Map<string, { records: Record<string, unknown>[]; setup: ListSetup }>();
  private readonly releaseHangs: (() => void)[] = [];
  private server: Server | undefined;
  baseUrl = '';

  constructor(
    readonly token = 'tok_live_9f8e7d6c5b4a3210fedcba98',
    private auth: Auth = { header: 'authorization', value: `Bearer ${token}` },
  ) {}

  /** Accept the token in another header and scheme (gaps row 1). */
  acceptAuth(header: string, scheme: string | null): void {
    this.auth = { header: header.toLowerCase(), value: scheme ? `${scheme} ${this.token}` : this.token };
  }

  /** Answers for `METHOD path`, used in order; the last one keeps answering. */
  on(method: string, path: string, ...answers: Scripted[]): void {
    this.scripts.set(`${method} ${path}`, answers);
  }

  /** A paged list at `path` (GET), ordered by `updated_at` then `id` (gaps row 14). */
  list(path: string, records: Record<string, unknown>[], setup: ListSetup = {}): Record<string, unknown>[] {
    this.lists.set(path, { records, setup });
    return records;
  }

  /** Requests seen for `METHOD path`. */
  seen(method: string, path: string): LoggedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  async start(): Promise<this> {
    const app = new Hono<{ Bindings: HttpBindings }>();
    app.all('*', (c) => this.handle(c));
    await new Promise<void>((resolve) => {
      this.server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false }, () =>
        resolve(),
      ) as Server;
    });
    this.baseUrl = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const release of this.releaseHangs) release();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async handle(c: Context<{ Bindings: HttpBindings }>): Promise<Response> {
    const url = new URL(c.req.url);
    const text = await c.req.text();
    const query: Record<string, string[]> = {};
    for (const [key, value] of url.searchParams) (query[key] ??= []).push(value);
    this.requests.push({
      method: c.req.method,
      path: url.pathname,
      query,
      headers: Object.fromEntries(c.req.raw.headers),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    });
    const key = url.pathname;
    this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
    this.maxInFlight.set(key, Math.max(this.maxInFlight.get(key) ?? 0, this.inFlight.get(key)!));
    try {
      if (c.req.header(this.auth.header) !== this.auth.value) return c.json({ error: 'unauthorized' }, 401);
      const script = this.scripts.get(`${c.req.method} ${url.pathname}`);
      if (script && script.length > 0) {
        const answer = script.length > 1 ? script.shift()! : script[0]!;
        return await this.scripted(c, answer);
      }
      const list = this.lists.get(url.pathname);
      if (list && c.req.method === 'GET') return await this.page(url, list);
      return c.json({ error: 'not_found' }, 404);
    } finally {
      this.inFlight.set(key, (this.inFlight.get(key) ?? 1) - 1);
    }
  }

  private async scripted(c: Context<{ Bindings: HttpBindings }>, answer: Scripted): Promise<Response> {
    if ('drop' in answer) {
      // The request has been read in full (above): the service "committed", then the connection dies.
      c.env.incoming.socket.destroy();
      return new Promise<Response>(() => {});
    }
    if ('hang' in answer) {
      await new Promise<void>((resolve) => this.releaseHangs.push(resolve));
      return new Response(null, { status: 204 });
    }
    if ('stall' in answer) {
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(new TextEncoder().encode('{"id":')),
      });
      return new Response(body, { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    }
    if (answer.delayMs) await sleep(answer.delayMs);
    const body =
      answer.text ?? (answer.body === undefined || answer.status === 204 ? null : JSON.stringify(answer.body));
    const headers = { ...(answer.text === undefined ? { 'Content-Type': 'application/json' } : {}), ...answer.headers };
    return new Response(body, { status: answer.status, headers });
  }

  private async page(url: URL, list: { records: Record<string, unknown>[]; setup: ListSetup }): Promise<Response> {
    const { setup } = list;
    if (setup.delayMs) await sleep(setup.delayMs);
    const after = url.searchParams.get('updated_after');
    const ordered = list.records
      .filter((r) => after === null || Date.parse(String(r.updated_at)) > Date.parse(after))
      .sort(
        (a, b) =>
          Date.parse(String(a.updated_at)) - Date.parse(String(b.updated_at)) ||
          String(a.id).localeCompare(String(b.id)),
      );
    const pageSize = Math.min(200, Math.max(1, Number(url.searchParams.get('page_size') ?? 50)));
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const data = ordered.slice((page - 1) * pageSize, page * pageSize);
    const totalPages = Math.ceil(ordered.length / pageSize);
    const refused =
      setup.failPage?.page === page
        ? setup.failPage.status
        : page > Math.max(1, totalPages)
          ? setup.pastEndStatus
          : undefined;
    if (refused) {
      return new Response(JSON.stringify({ error: 'page refused' }), {
        status: refused,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const body: Record<string, unknown> = { data };
    const variant = setup.meta ?? 'total_count';
    if (variant !== 'no-meta') {
      const meta: Record<string, unknown> = { page, page_size: pageSize, total_pages: totalPages };
      if (variant === 'total_entries' || variant === 'both') meta.total_entries = ordered.length;
      if (variant === 'total_count' || variant === 'both') meta.total_count = ordered.length;
      body.meta = meta;
    }
    if (url.searchParams.get('include') && setup.included) {
      const included: Record<string, Record<string, unknown>> = {};
      for (const record of data) {
        for (const [plural, objects] of Object.entries(setup.included(record))) {
          Object.assign((included[plural] ??= {}), objects);
        }
      }
      body.included = included;
    }
    setup.afterPage?.(page, list.records);
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A deterministic UUID-shaped id: `uuid(7)` = `00000000-0000-4000-8000-000000000007`. */
export function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}
