/**
 * The sandbox in a process of its own, driven over IPC by bench/sandbox-process.ts: the service's
 * CPU then runs on another core than the client being measured, as it would on a real service.
 * Messages in: `{ id, op: 'start', seed, history, faults }`, `{ id, op: 'faults', faults }`,
 * `{ id, op: 'stats' }`, `{ id, op: 'reset' }`, `{ id, op: 'close' }`. Each is answered `{ id, ok, value?, error? }`.
 */
import { startSandbox, type FaultOptions, type RunningSandbox } from '../sandbox/index.ts';
import { bulkSeed } from './seed.ts';

/** How the child builds its data: the demo seed (with or without history), or bulk receipts. */
export type ChildSeed = { kind: 'demo'; history: boolean } | { kind: 'bulk'; receipts: number; lines: number };

interface Message {
  id: number;
  op: 'start' | 'faults' | 'stats' | 'reset' | 'close';
  seed?: ChildSeed;
  faults?: FaultOptions;
}

let sandbox: RunningSandbox | null = null;

async function handle(message: Message): Promise<unknown> {
  switch (message.op) {
    case 'start': {
      const seed = message.seed ?? { kind: 'demo', history: true };
      sandbox = await startSandbox({
        port: 0,
        quiet: true,
        seed: seed.kind === 'demo' ? 'demo' : bulkSeed(seed.receipts, seed.lines),
        history: seed.kind === 'demo' ? seed.history : false,
        faults: message.faults ?? {},
      });
      return { url: sandbox.url };
    }
    case 'faults':
      sandbox!.setFaults(message.faults ?? {});
      return null;
    case 'stats': {
      const { requests, writes, byRoute } = sandbox!.stats;
      return { requests, writes, byRoute: { ...byRoute } };
    }
    case 'reset':
      sandbox!.stats.reset();
      return null;
    case 'close':
      await sandbox?.close();
      setImmediate(() => process.exit(0));
      return null;
  }
}

process.on('message', (message: Message) => {
  handle(message).then(
    (value) => process.send!({ id: message.id, ok: true, value }),
    (error: Error) => process.send!({ id: message.id, ok: false, error: error.stack ?? String(error) }),
  );
});
