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
   * The organisation's reference data (four lists, every page), for the screens (an import loads its
   * own snapshot). Loaded on first use and kept; a failed load is tried again at the next call.
   * Rejects with the client's typed errors (e.g. EntitlementError for no shed subscription).
   */
  reference(): Promise<ReferenceData>;
  /** A resolver over {@link reference} (same caching). */
  resolver(): Promise<Resolver>;
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
  const load = () => loading ?? keep(loadReferenceData(org, organisation.id).then(withResolver));
  return {
    baseUrl,
    client,
    organisation,
    org,
    reference: async () => (await load()).data,
    resolver: async () => (await load()).resolver,
  };
}
