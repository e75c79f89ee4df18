/**
 * An open connection of the task pane: the service client, the organisation chosen, and its
 * reference data (storages, product aliases, products), loaded once and shared by the screens.
 */
import type { OrgClient, ServiceClient } from '../../shared/client/index.ts';
import type { ReferenceData, Resolver } from '../../shared/resolve/index.ts';
import { createResolver, loadReferenceData } from '../../shared/resolve/index.ts';
import type { Organisation } from '../../shared/schemas/resources.ts';

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
}

/** Opens a session on an organisation the client can see. Nothing is fetched until {@link Session.reference}. */
export function openSession(baseUrl: string, client: ServiceClient, organisation: Organisation): Session {
  const org = client.forOrganisation(organisation.id);
  let loading: Promise<{ data: ReferenceData; resolver: Resolver }> | null = null;
  const load = (fresh: boolean) => {
    if (!loading || fresh) {
      const attempt = loadReferenceData(org, organisation.id).then((data) => ({ data, resolver: createResolver(data) }));
      // A failed load is not kept: the next call tries again.
      attempt.catch(() => {
        if (loading === attempt) loading = null;
      });
      loading = attempt;
    }
    return loading;
  };
  return {
    baseUrl,
    client,
    organisation,
    org,
    reference: async (options = {}) => (await load(options.fresh ?? false)).data,
    resolver: async (options = {}) => (await load(options.fresh ?? false)).resolver,
  };
}
