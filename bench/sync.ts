/**
 * Bench 4, sync: a sandbox (own process) holding 20,000 receipts × 5 lines; `syncCommand` builds the
 * mirror (first sync), then 1% of the records change (180 receipts updated, 20 deleted, with no
 * latency), then with 50 ms latency an incremental sync is measured against a full re-sync of the
 * same state (`full: true`): requests and wall time. Both must end with the same mirror counts.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { syncCommand, type SyncSummary } from '../batch/commands/sync/index.ts';
import { memoryIO } from '../batch/ui/io.ts';
import { createServiceClient } from '../shared/client/index.ts';
import { WILLOW, WILLOW_NAME, WILLOW_TOKEN } from './catalogue.ts';
import { BENCH_TMP, figure, log, phaseMs, recordRequests, timed, type Figure } from './measure.ts';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process.ts';

export const SYNC_RECEIPTS = 20_000;
export const SYNC_LINES = 5;
export const UPDATED = 180;
export const DELETED = 20;
export const LATENCY_MS = 50;

async function syncOnce(sandbox: SandboxProcess, dir: string, full: boolean) {
  const recorder = recordRequests();
  try {
    const { ms, value } = await timed(() =>
      syncCommand({
        baseUrl: sandbox.url,
        token: WILLOW_TOKEN,
        org: WILLOW_NAME,
        dir,
        full,
        io: memoryIO({ SHED_CONFIG: join(dir, 'no-config.json') }),
      }),
    );
    return {
      ms,
      summary: value,
      requests: recorder.requests.length,
      requestMs: phaseMs(recorder.requests, () => true),
    };
  } finally {
    recorder.stop();
  }
}

/** Changes 1% of the records: the first UPDATED receipts get new notes, the next DELETED are deleted. */
async function changeOnePercent(sandbox: SandboxProcess, summary: SyncSummary): Promise<void> {
  const org = createServiceClient({ baseUrl: sandbox.url, token: WILLOW_TOKEN }).forOrganisation(WILLOW);
  const { records } = await org.listReceipts({});
  const limit = pLimit(16);
  await Promise.all([
    ...records
      .slice(0, UPDATED)
      .map((r) => limit(() => org.updateReceipt(r.id, { notes: `bench change ${summary.syncedAt}` }))),
    ...records.slice(UPDATED, UPDATED + DELETED).map((r) => limit(() => org.deleteReceipt(r.id))),
  ]);
}

/** Runs bench 4 and returns its figures. */
export async function benchSync(): Promise<{ figures: Figure[]; details: Record<string, unknown> }> {
  const dir = join(BENCH_TMP, 'mirrors');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  log(`sync: sandbox with ${SYNC_RECEIPTS} receipts × ${SYNC_LINES} lines, first sync…`);
  const sandbox = await startSandboxProcess(
    { kind: 'bulk', receipts: SYNC_RECEIPTS, lines: SYNC_LINES },
    { latencyMs: LATENCY_MS },
  );
  try {
    const first = await syncOnce(sandbox, dir, false);
    await sandbox.setFaults({});
    log(
      `sync: ${UPDATED} receipts updated and ${DELETED} deleted (1%), then incremental and full sync at ${LATENCY_MS} ms…`,
    );
    await changeOnePercent(sandbox, first.summary);
    await sandbox.setFaults({ latencyMs: LATENCY_MS });
    const incremental = await syncOnce(sandbox, dir, false);
    const full = await syncOnce(sandbox, dir, true);
    const inc = incremental.summary.resources.receipts;
    if (incremental.summary.mode !== 'incremental' || full.summary.mode !== 'full')
      throw new Error('sync: the modes are not incremental and full');
    if (inc.changed !== UPDATED || inc.deleted !== DELETED || inc.total !== full.summary.resources.receipts.total) {
      throw new Error(
        `sync: incremental saw ${JSON.stringify(inc)}, full ${JSON.stringify(full.summary.resources.receipts)}`,
      );
    }
    const figures: Figure[] = [
      figure({
        bench: 'sync',
        case: 'sync after 1% changed: requests, incremental vs full',
        measured: incremental.summary.requests,
        unit: 'requests',
        baseline: full.summary.requests,
        baselineLabel: 'full re-sync requests',
        target: null,
        note: `${UPDATED} updated + ${DELETED} deleted of ${SYNC_RECEIPTS.toLocaleString('en-AU')} receipts`,
      }),
      figure({
        bench: 'sync',
        case: 'sync after 1% changed: time, incremental vs full',
        measured: incremental.ms,
        unit: 'ms',
        baseline: full.ms,
        baselineLabel: 'full re-sync time',
        target: null,
        note: `requests alone: ${Math.round(incremental.requestMs)} vs ${Math.round(full.requestMs)} ms; the rest is loading and saving the mirror`,
      }),
    ];
    const brief = (s: typeof first) => ({
      ms: s.ms,
      requestMs: s.requestMs,
      requests: s.summary.requests,
      recorded: s.requests,
      mode: s.summary.mode,
      receipts: s.summary.resources.receipts,
    });
    return { figures, details: { first: brief(first), incremental: brief(incremental), full: brief(full) } };
  } finally {
    await sandbox.close();
  }
}
