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
   * `fresh: true` loads it again (the Connect screen does; an import loads its own snapshot).
   * Rejects with the client's typed errors (e.g. EntitlementError for no shed subscription).
   */
  reference(options?: { fresh?: boolean }): Promise<ReferenceData>;
  /** A resolver over {@link reference} (same caching). */
  resolver(options?: { fresh?: boolean }): Promise<Resolver>;
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
  const load = (fresh: boolean) =>
    loading && !fresh ? loading : keep(loadReferenceData(org, organisation.id).then(withResolver));
  return {
    baseUrl,
    client,
    organisation,
    org,
    reference: async (options = {}) => (await load(options.fresh ?? false)).data,
    resolver: async (options = {}) => (await load(options.fresh ?? false)).resolver,
  };
}
