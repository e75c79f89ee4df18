/**
 * How many requests go to the service at once, by default: the one place these numbers are written
 * (the client, the CLI's import and export, its help text, the pane). No imports, so the CLI can
 * show them in its help without loading the client.
 */

/** Pages of one list fetched at once (after page 1). */
export const PAGE_CONCURRENCY = 4;

/**
 * Requests in flight of an adaptive import (no `--concurrency`): it starts at `initial` and adds one
 * per round of answers while their latency holds, up to `max` (shared/client/adaptive-limit.ts).
 */
export const ADAPTIVE_CONCURRENCY = { initial: 4, max: 32 } as const;
