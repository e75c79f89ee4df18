/**
 * The local mirror of one organisation: storages, product aliases, receipts with
 * their line items, returns, the products seen sideloaded, and one pair of cursors per resource.
 * Plain JSON, versioned, checked with zod when read back.
 */
import { z } from 'zod';
import { ShedError, type ErrorCodes } from '../errors/shed-error.ts';
import { Id, Timestamp } from '../schemas/common.ts';
import { Product, ProductAlias, Receipt, Return, Storage } from '../schemas/resources.ts';

/** The resources a sync fetches, in the spec's names (spec section 4: each has a list and a `/deleted` list). */
export const SYNC_RESOURCES = ['storages', 'product_aliases', 'receipts', 'returns'] as const;
export type SyncResource = (typeof SYNC_RESOURCES)[number];

/** The record type of each resource. */
export interface SyncRecords {
  storages: Storage;
  product_aliases: ProductAlias;
  receipts: Receipt;
  returns: Return;
}

/** The mirror's field holding each resource's records. */
export const MIRROR_FIELD = {
  storages: 'storages',
  product_aliases: 'productAliases',
  receipts: 'receipts',
  returns: 'returns',
} as const satisfies Record<SyncResource, string>;

/** The mirror format written by this version. */
export const MIRROR_VERSION = 1;

/**
 * Where the last sync of one resource got to, in service timestamps (never the local clock, spec
 * "Updated-records filter"): `updatedAfter` is the newest `updated_at` seen, `deletedAfter` the newest
 * `deleted_at` seen. Null: nothing seen yet, or the records carry no `updated_at` (the example storage
 * fields, gaps row 20), so the next sync fetches that resource whole. The overlap that makes ties safe
 * is applied when asking (see sync.ts), not stored.
 */
export const SyncCursor = z.object({ updatedAfter: Timestamp.nullable(), deletedAfter: Timestamp.nullable() });
export type SyncCursor = z.infer<typeof SyncCursor>;

/**
 * A mirror, version 1. Records are keyed by id and kept in the client's parsed shape
 * (`shared/schemas/resources.ts`) without any `included` key. `syncedAt` is the local clock at the
 * end of the last sync: it only measures how long ago that was (the 60-day rule, retention.ts);
 * cursors never come from it.
 */
export const Mirror = z.object({
  version: z.literal(MIRROR_VERSION),
  organisationId: Id,
  organisationName: z.string(),
  syncedAt: Timestamp,
  cursors: z.object({
    storages: SyncCursor,
    product_aliases: SyncCursor,
    receipts: SyncCursor,
    returns: SyncCursor,
  }),
  storages: z.record(z.string(), Storage),
  productAliases: z.record(z.string(), ProductAlias),
  receipts: z.record(z.string(), Receipt),
  returns: z.record(z.string(), Return),
  products: z.record(z.string(), Product),
});
export type Mirror = z.infer<typeof Mirror>;

/** A mirror that cannot be used: not this format, a newer version, or another organisation's. Category `input` (exit 2). */
export class MirrorError extends ShedError {
  constructor(code: ErrorCodes['MirrorError'], message: string) {
    // A mirror that cannot be read is rebuilt by fetching everything again.
    super(
      code,
      'input',
      message,
      code === 'mirror_other_organisation' ? {} : { remedies: [{ code: 'rebuild_mirror' }] },
    );
  }
}

/** An empty mirror of `organisation` with no cursors (the next sync is a full one). `syncedAt` is the epoch. */
export function emptyMirror(organisation: { id: string; name: string }): Mirror {
  const cursor = (): SyncCursor => ({ updatedAfter: null, deletedAfter: null });
  return {
    version: MIRROR_VERSION,
    organisationId: organisation.id,
    organisationName: organisation.name,
    syncedAt: new Date(0).toISOString(),
    cursors: { storages: cursor(), product_aliases: cursor(), receipts: cursor(), returns: cursor() },
    storages: {},
    productAliases: {},
    receipts: {},
    returns: {},
    products: {},
  };
}

/**
 * Checks parsed JSON as a mirror (e.g. the contents of a mirror file; `where` names it in messages).
 * @throws MirrorError `mirror_version` (another format version: rebuild with a full sync),
 *   `mirror_invalid` (not a mirror, or damaged), `mirror_other_organisation` (when `organisationId`
 *   is given and differs).
 */
export function parseMirror(json: unknown, where: string, organisationId?: string): Mirror {
  const version = (json as { version?: unknown } | null)?.version;
  if (json !== null && typeof json === 'object' && version !== undefined && version !== MIRROR_VERSION) {
    throw new MirrorError(
      'mirror_version',
      `${where} is a mirror of format version ${JSON.stringify(version)}; this shed reads version ${MIRROR_VERSION}.`,
    );
  }
  const parsed = Mirror.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new MirrorError(
      'mirror_invalid',
      `${where} is not a usable mirror (${issue?.message ?? 'unexpected shape'}${at}).`,
    );
  }
  if (organisationId !== undefined && parsed.data.organisationId.toLowerCase() !== organisationId.toLowerCase()) {
    throw new MirrorError(
      'mirror_other_organisation',
      `${where} mirrors organisation ${parsed.data.organisationId} (${parsed.data.organisationName}), not ${organisationId}.`,
    );
  }
  return parsed.data;
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../errors/shed-error.ts' {
  interface ErrorCodes {
    MirrorError: 'mirror_invalid' | 'mirror_version' | 'mirror_other_organisation';
  }
}
