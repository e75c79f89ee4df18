// importSheet's set-up round trips go while the sheet is read (shared/import/import-sheet.ts): the
// connection and the snapshot's four lists, at once, observed on the sandbox over real HTTP; and a
// sheet refused meanwhile stops them and is refused with its own error, nothing left in flight.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../shared/client/index.ts';
import { UsageError } from '../../../shared/errors/usage-error.ts';
import { importSheet, type ImportChoices, type ImportPorts } from '../../../shared/import/import-sheet.ts';
import type { Grid } from '../../../shared/sheet/grid.ts';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
});
afterAll(async () => sandbox.close());

/** The requests the client made, as they start and end (or are aborted). */
function watchedFetch() {
  const started: string[] = [];
  const aborted: string[] = [];
  let inFlight = 0;
  let most = 0;
  const waiters: { paths: string[]; resolve: () => void }[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const path = new URL(String(input instanceof Request ? input.url : input)).pathname;
    started.push(path);
    most = Math.max(most, ++inFlight);
    for (const w of waiters.filter((w) => w.paths.every((p) => started.some((s) => s.endsWith(p))))) w.resolve();
    try {
      return await fetch(input, init);
    } catch (error) {
      if (init?.signal?.aborted) aborted.push(path);
      throw error;
    } finally {
      inFlight -= 1;
    }
  };
  /** Resolves once a request to each of `paths` (path endings) has started. */
  const startedAll = (paths: string[]) => new Promise<void>((resolve) => waiters.push({ paths, resolve }));
  return { fetchFn, started, aborted, startedAll, inFlight: () => inFlight, most: () => most };
}

const choices: ImportChoices = {
  kind: 'receipts',
  dateOrder: 'DMY',
  dateOrderGiven: false,
  timeZone: 'Australia/Sydney',
  concurrency: 8,
};

/** Ports whose sheet is refused once `refuseWhen` resolves; everything after the set-up is never reached. */
function ports(watch: ReturnType<typeof watchedFetch>, refuseWhen: Promise<void>, connected: string[]): ImportPorts {
  const client = createServiceClient({
    baseUrl: sandbox.url,
    token: 'demo-token-willow',
    fetch: watch.fetchFn,
    maxInFlight: 8,
  });
  return {
    sheet: {
      read: async (): Promise<Grid> => {
        await refuseWhen;
        throw new UsageError('the sheet cannot be read (this test refuses it)');
      },
    },
    connect: async (options) => {
      connected.push('connect');
      const organisations = await client.listOrganisations(options?.signal ? { signal: options.signal } : {});
      const organisation = organisations.find((o) => o.id === WILLOW)!;
      return { organisation, org: client.forOrganisation(organisation.id), client };
    },
    journal: () => {
      throw new Error('not reached');
    },
    results: () => {
      throw new Error('not reached');
    },
    words: { flag: () => '', control: () => '' } as unknown as ImportPorts['words'],
  };
}

describe('importSheet sets up while the sheet is read', () => {
  it('connects and requests the snapshot’s four lists at once before the sheet is read; the sheet’s error still wins', async () => {
    sandbox.setFaults({ latencyMs: 40 });
    try {
      const watch = watchedFetch();
      const connected: string[] = [];
      const lists = ['/receipts', '/returns', '/storages', '/product_aliases'];
      const run = importSheet(ports(watch, watch.startedAll(lists), connected), choices);
      await expect(run).rejects.toThrow(/this test refuses it/);
      expect(connected).toEqual(['connect']);
      expect(watch.started[0]).toBe('/api/organisations');
      expect(
        watch.started
          .slice(1)
          .map((p) => p.replace(/.*\//, '/'))
          .sort(),
      ).toEqual([...lists].sort());
      // The four lists were in flight together, and nothing was left in flight when the run threw.
      expect(watch.most()).toBe(4);
      expect(watch.inFlight()).toBe(0);
    } finally {
      sandbox.setFaults({});
    }
  });

  it('a sheet refused while the organisations are asked for stops that request and is refused at once', async () => {
    // Answers come after a minute: the refusal must not wait for one.
    sandbox.setFaults({ latencyMs: 60_000 });
    try {
      const watch = watchedFetch();
      const run = importSheet(ports(watch, watch.startedAll(['/api/organisations']), []), choices);
      await expect(run).rejects.toThrow(/this test refuses it/);
      expect(watch.aborted).toEqual(['/api/organisations']);
      expect(watch.inFlight()).toBe(0);
    } finally {
      sandbox.setFaults({});
    }
  });
});
