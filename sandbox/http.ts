/**
 * The sandbox's HTTP kit shared by the routes: its hono types, route registration with counts, the standard
 * refusals, authentication and the organisation or record a request acts on.
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context, Hono } from 'hono';
import { AUTH_HEADER, FORBIDDEN, NOT_FOUND, UNAUTHORIZED, VALIDATION_STATUS } from '../shared/service/gaps.ts';
import type { FaultInjector } from './faults.ts';
import type { ValidationBody } from './movements.ts';
import { listMeta } from './present.ts';
import { parseListQuery, pathId } from './request.ts';
import type { ListResource, SandboxStore } from './store.ts';
import type { OrganisationRecord, SandboxStats, Variants } from './types.ts';

/** Hono environment of the sandbox: Node bindings, and the organisations the request's token may see. */
export type SandboxEnv = { Bindings: HttpBindings; Variables: { orgIds: ReadonlySet<string> } };
/** The sandbox's hono app. */
export type SandboxApp = Hono<SandboxEnv>;
/** The context of one sandbox request. */
export type SandboxContext = Context<SandboxEnv>;

/** What the routes work on. `variants()` is read per request, so switches apply at once. */
export interface AppDeps {
  store: SandboxStore;
  faults: FaultInjector;
  stats: SandboxStats;
  variants: () => Required<Variants>;
  log: (line: string) => void;
  /** Keep write requests in `stats.writeLog`. */
  recordWrites?: boolean;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Registers a route and counts the requests that reach it under `METHOD path` in `stats.byRoute`. */
export function route(
  app: SandboxApp,
  deps: AppDeps,
  method: Method,
  path: string,
  handler: (c: SandboxContext) => Response | Promise<Response>,
): void {
  const key = `${method} ${path}`;
  app.on(method, path, (c) => {
    deps.stats.byRoute[key] = (deps.stats.byRoute[key] ?? 0) + 1;
    return handler(c);
  });
}

/** 404 `{error: 'not_found'}` (gaps rows 3 and 7). */
export const notFound = (c: SandboxContext) => c.json(NOT_FOUND.body, NOT_FOUND.status);
/** 403 `{error: 'forbidden', message}` (gaps row 4). */
export const forbidden = (c: SandboxContext) => c.json(FORBIDDEN.body, FORBIDDEN.status);
/** 422 `{errors: ...}` (gaps row 6). */
export const invalid = (c: SandboxContext, body: ValidationBody) => c.json(body, VALIDATION_STATUS);

/**
 * The token of a request, from `Authorization: Bearer <token>` (gaps row 1; scheme case-insensitive)
 * or, tolerated, `X-Api-Key: <token>`. Null when neither is there.
 */
export function requestToken(c: SandboxContext): string | null {
  const header = c.req.header(AUTH_HEADER.name);
  if (header) {
    const match = /^(\S+)\s+(\S+)\s*$/.exec(header);
    return match && match[1]!.toLowerCase() === AUTH_HEADER.scheme.toLowerCase() ? match[2]! : null;
  }
  return c.req.header('x-api-key')?.trim() || null;
}

/** Middleware: an unknown or missing token is 401 `{error: 'unauthorized'}` (gaps row 2). */
export function authenticate(store: SandboxStore) {
  return async (c: SandboxContext, next: () => Promise<void>) => {
    const token = requestToken(c);
    const record = token === null ? undefined : store.tokens.get(token);
    if (!record) {
      c.header('WWW-Authenticate', `${AUTH_HEADER.scheme} realm="shed sandbox"`);
      return c.json(UNAUTHORIZED.body, UNAUTHORIZED.status);
    }
    c.set('orgIds', new Set(record.organisation_ids));
    await next();
  };
}

/**
 * The organisation a request acts on, or the refusal: 404 when the id is not a UUID, unknown, or
 * not visible to the token (checked first, gaps row 3: existence is not revealed), then 403 when a
 * shed endpoint is asked of an organisation without shed entitlement (gaps row 4).
 */
export function scopeOrganisation(
  c: SandboxContext,
  store: SandboxStore,
  rawId: string | undefined,
  shed: boolean,
): { org: OrganisationRecord } | { refusal: Response } {
  const id = pathId(rawId);
  const org = id === null ? undefined : store.organisations.get(id);
  if (!org || !c.get('orgIds').has(org.id)) return { refusal: notFound(c) };
  if (shed && !org.shed_entitlement) return { refusal: forbidden(c) };
  return { org };
}

/**
 * A record fetched by id alone (`/api/shed/<resource>/:id`): 404 when the id is not a UUID or
 * unknown, or the record's organisation is not visible to the token; 403 without entitlement.
 */
export function scopeRecord<T extends { organisation_id: string }>(
  c: SandboxContext,
  store: SandboxStore,
  map: ReadonlyMap<string, T>,
  rawId: string | undefined,
): { record: T } | { refusal: Response } {
  const id = pathId(rawId);
  const record = id === null ? undefined : map.get(id);
  if (!record) return { refusal: notFound(c) };
  const scoped = scopeOrganisation(c, store, record.organisation_id, true);
  return 'refusal' in scoped ? scoped : { record };
}

/**
 * A paginated list of an organisation's records (spec section 4): `{data, meta, included?}` with
 * `included` a sibling of `data` (gaps row 22). `present` turns the page's records into the body parts.
 */
export function sendList<T>(
  c: SandboxContext,
  deps: AppDeps,
  resource: ListResource,
  orgId: string,
  present: (records: T[]) => { data: unknown[]; included?: unknown },
): Response {
  const query = parseListQuery(c);
  if (!query.ok) return invalid(c, query.body);
  const { page, pageSize, updatedAfter } = query.value;
  const { records, total } = deps.store.page(resource, orgId, updatedAfter, page, pageSize);
  const { data, included } = present(records as T[]);
  const body: Record<string, unknown> = {
    data,
    meta: listMeta(resource, page, pageSize, total, deps.variants().countName),
  };
  if (included !== undefined) body.included = included;
  return c.json(body);
}
