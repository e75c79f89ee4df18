/**
 * An open connection of the task pane: the service client, the organisation chosen, and its
 * reference data (storages, product aliases, products), loaded once and shared by the screens.
 */
import { loadImportSnapshot, type ImportSnapshot as CoreSnapshot } from '../../shared/import/snapshot.ts';
import type { OrgClient, ServiceClient } from '../../shared/client/index.ts';
import type { ReferenceData, Resolver } from '../../shared/resolve/index.ts';
import { createResolver, loadReferenceData } from '../../shared/resolve/index.ts';
import type { Organisation } from '../../shared/schemas/resources.ts';

/** What an import needs of the organisation, fetched at its start (the core's snapshot), with its resolver. */
export type ImportSnapshot = CoreSnapshot & { resolver: Resolver };

/** One organisation of one service, ready to use. */
export interface Session {
  /** The service's base URL as saved in the workbook. */
  baseUrl: string;
  client: ServiceClient;
  organisation: Organisation;
  org: OrgClient;
  /**
   * The organisation's reference data (four lists, every page). Loaded on first use and kept;
   * `fresh: true` loads it again (an import does, so a storage locked since is seen).
   * Rejects with the client's typed errors (e.g. EntitlementError for no shed subscription).
   */
  reference(options?: { fresh?: boolean }): Promise<ReferenceData>;
  /** A resolver over {@link reference} (same caching). */
  resolver(options?: { fresh?: boolean }): Promise<Resolver>;
  /**
   * Everything again, each list fetched once as the CLI's import does: the receipts and returns
   * lists sideload the products (which have no list endpoint) and are what duplicates are checked
   * against. Also refreshes {@link reference}.
   */
  snapshot(): Promise<ImportSnapshot>;
}

/** Opens a session on an organisation the client can see. Nothing is fetched until used. */
export function openSession(baseUrl: string, client: ServiceClient, organisation: Organisation): Session {
  const org = client.forOrganisation(organisation.id);
  type Loaded = { data: ReferenceData; resolver: Resolver };
  let loading: Promise<Loaded> | null = null;
  const keep = (attempt: Promise<Loaded>) => {
    // A failed load is not kept: the next call tries again.
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
    loading = attempt;
    return attempt;
  };
  const withResolver = (data: ReferenceData): Loaded => ({ data, resolver: createResolver(data) });
  const load = (fresh: boolean) => (loading && !fresh ? loading : keep(loadReferenceData(org, organisation.id).then(withResolver)));
  return {
    baseUrl,
    client,
    organisation,
    org,
    reference: async (options = {}) => (await load(options.fresh ?? false)).data,
    resolver: async (options = {}) => (await load(options.fresh ?? false)).resolver,
    async snapshot() {
      const loaded = loadImportSnapshot(org, organisation.id);
      const kept = await keep(loaded.then((snapshot) => withResolver(snapshot.reference)));
      return { ...(await loaded), resolver: kept.resolver };
    },
  };
}
