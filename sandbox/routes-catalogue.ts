/** The sandbox's read-only routes: organisations, storages, product aliases, and the deleted endpoints. */
import { micros } from './clock.ts';
import { invalid, route, scopeOrganisation, scopeRecord, sendList, type AppDeps, type SandboxApp } from './http.ts';
import { presentDeletion, presentOrganisation, presentStorage } from './present.ts';
import { parseDeletedQuery, parseListQuery } from './request.ts';
import { DELETABLE_RESOURCES, type ProductAliasRecord, type StorageRecord } from './types.ts';

/**
 * Read-only routes (spec section 4): organisations, storages, product aliases, and the deleted
 * endpoints of all four shed resources.
 */
export function registerCatalogueRoutes(app: SandboxApp, deps: AppDeps): void {
  const { store } = deps;

  // Organisations: `{data}` only, no paging (gaps row 19); updated_after filters, order per gaps row 14.
  route(app, deps, 'GET', '/api/organisations', (c) => {
    const query = parseListQuery(c);
    if (!query.ok) return invalid(c, query.body);
    const after = query.value.updatedAfter;
    const visible = [...c.get('orgIds')]
      .map((id) => store.organisations.get(id))
      .filter((org) => org !== undefined)
      .map((org) => ({ org, us: micros(org.updated_at) }))
      .filter(({ us }) => after === null || us > after)
      .sort((a, b) => a.us - b.us || (a.org.id < b.org.id ? -1 : 1));
    return c.json({ data: visible.map(({ org }) => presentOrganisation(org)) });
  });

  route(app, deps, 'GET', '/api/organisations/:id', (c) => {
    const scoped = scopeOrganisation(c, store, c.req.param('id'), false);
    return 'refusal' in scoped ? scoped.refusal : c.json(presentOrganisation(scoped.org));
  });

  route(app, deps, 'GET', '/api/shed/organisations/:org_id/storages', (c) => {
    const scoped = scopeOrganisation(c, store, c.req.param('org_id'), true);
    if ('refusal' in scoped) return scoped.refusal;
    const fields = deps.variants().storageFields;
    return sendList<StorageRecord>(c, deps, 'storages', scoped.org.id, (records) => ({
      data: records.map((s) => presentStorage(s, fields, true)),
    }));
  });

  route(app, deps, 'GET', '/api/shed/storages/:id', (c) => {
    const scoped = scopeRecord(c, store, store.storages, c.req.param('id'));
    if ('refusal' in scoped) return scoped.refusal;
    return c.json(presentStorage(scoped.record, deps.variants().storageFields, false));
  });

  route(app, deps, 'GET', '/api/shed/organisations/:org_id/product_aliases', (c) => {
    const scoped = scopeOrganisation(c, store, c.req.param('org_id'), true);
    if ('refusal' in scoped) return scoped.refusal;
    return sendList<ProductAliasRecord>(c, deps, 'product_aliases', scoped.org.id, (records) => ({
      data: records.map((alias) => ({ ...alias })),
    }));
  });

  route(app, deps, 'GET', '/api/shed/product_aliases/:id', (c) => {
    const scoped = scopeRecord(c, store, store.productAliases, c.req.param('id'));
    return 'refusal' in scoped ? scoped.refusal : c.json({ ...scoped.record });
  });

  // Deleted endpoints: `{data}` only, oldest first; deleted_after and ids[] combine by AND (gaps row 17).
  for (const resource of DELETABLE_RESOURCES) {
    route(app, deps, 'GET', `/api/shed/organisations/:org_id/${resource}/deleted`, (c) => {
      const scoped = scopeOrganisation(c, store, c.req.param('org_id'), true);
      if ('refusal' in scoped) return scoped.refusal;
      const query = parseDeletedQuery(c);
      if (!query.ok) return invalid(c, query.body);
      const records = store.deletedRecords(resource, scoped.org.id, query.value.deletedAfter, query.value.ids);
      return c.json({ data: records.map(presentDeletion) });
    });
  }
}
