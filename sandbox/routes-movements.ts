/** The sandbox's routes of receipts and returns: list, get, create, update and delete. */
import { RECEIPT_PATHS } from '../shared/service/gaps.ts';
import {
  invalid,
  notFound,
  route,
  scopeOrganisation,
  scopeRecord,
  sendList,
  type AppDeps,
  type SandboxApp,
  type SandboxContext,
} from './http.ts';
import { createReceipt, createReturn, deleteMovement, updateReceipt, updateReturn, type Outcome } from './movements.ts';
import { buildIncluded, parseInclude } from './present.ts';
import { pathId, readJsonBody } from './request.ts';
import type { SandboxStore } from './store.ts';
import type { ReceiptRecord, ReturnRecord } from './types.ts';

/**
 * Receipts and returns (spec section 4; receipt paths per gaps row 5): list and get with `include`,
 * create (201), PATCH (200), DELETE (204, writes a deletion record).
 */

type Kind = 'receipts' | 'returns';
type Movement = ReceiptRecord | ReturnRecord;

const RULES: Record<
  Kind,
  {
    create: (store: SandboxStore, orgId: string, body: unknown) => Outcome<Movement>;
    update: (store: SandboxStore, orgId: string, id: string, body: unknown) => Outcome<Movement>;
  }
> = {
  receipts: { create: createReceipt, update: updateReceipt },
  returns: { create: createReturn, update: updateReturn },
};

function answer(c: SandboxContext, outcome: Outcome<Movement>, status: 200 | 201): Response {
  if (outcome.kind === 'not_found') return notFound(c);
  if (outcome.kind === 'invalid') return invalid(c, outcome.body);
  return c.json(outcome.record, status);
}

function registerKind(app: SandboxApp, deps: AppDeps, kind: Kind): void {
  const { store } = deps;
  const map = store.collection(kind) as Map<string, Movement>;
  const orgPath = `/api/shed/organisations/:org_id/${kind}`;

  // List: `included` is a sibling of `data` and `meta` (gaps row 22).
  route(app, deps, 'GET', orgPath, (c) => {
    const scoped = scopeOrganisation(c, store, c.req.param('org_id'), true);
    if ('refusal' in scoped) return scoped.refusal;
    const keys = parseInclude(c.req.query('include'), kind);
    return sendList<Movement>(c, deps, kind, scoped.org.id, (records) => ({
      data: records,
      included: keys.size > 0 ? buildIncluded(store, records, keys, deps.variants().storageFields) : undefined,
    }));
  });

  // Single get: `included` is a key inside the record (gaps row 22). Receipt path per gaps row 5.
  const getPath = kind === 'receipts' ? RECEIPT_PATHS.get(':id') : '/api/shed/returns/:id';
  route(app, deps, 'GET', getPath, (c) => {
    const scoped = scopeRecord(c, store, map, c.req.param('id'));
    if ('refusal' in scoped) return scoped.refusal;
    const keys = parseInclude(c.req.query('include'), kind);
    if (keys.size === 0) return c.json(scoped.record);
    return c.json({
      ...scoped.record,
      included: buildIncluded(store, [scoped.record], keys, deps.variants().storageFields),
    });
  });

  route(app, deps, 'POST', orgPath, async (c) => {
    const scoped = scopeOrganisation(c, store, c.req.param('org_id'), true);
    if ('refusal' in scoped) return scoped.refusal;
    const read = await readJsonBody(c);
    if (!read.ok) return c.json(read.refusal.body, read.refusal.status);
    return answer(c, RULES[kind].create(store, scoped.org.id, read.body), 201);
  });

  route(app, deps, 'PATCH', `${orgPath}/:id`, async (c) => {
    const scoped = scopeOrganisation(c, store, c.req.param('org_id'), true);
    if ('refusal' in scoped) return scoped.refusal;
    const id = pathId(c.req.param('id'));
    if (id === null) return notFound(c);
    const read = await readJsonBody(c);
    if (!read.ok) return c.json(read.refusal.body, read.refusal.status);
    return answer(c, RULES[kind].update(store, scoped.org.id, id, read.body), 200);
  });

  route(app, deps, 'DELETE', `${orgPath}/:id`, (c) => {
    const scoped = scopeOrganisation(c, store, c.req.param('org_id'), true);
    if ('refusal' in scoped) return scoped.refusal;
    const id = pathId(c.req.param('id'));
    if (id === null || !deleteMovement(store, kind, scoped.org.id, id)) return notFound(c);
    return c.body(null, 204);
  });
}

/** Registers the receipt and return routes. */
export function registerMovementRoutes(app: SandboxApp, deps: AppDeps): void {
  registerKind(app, deps, 'receipts');
  registerKind(app, deps, 'returns');
}
