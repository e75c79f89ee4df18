/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, or `npm run bench -- --profile`): self time by
 * source file (packages grouped) and by function, largest first.
 *
 *   npx tsx bench/profile.ts bench/tmp/profiles/read-ours-….cpuprofile [top=25]
 *
 * Line numbers of TypeScript files run through tsx read 0 (no source maps in the profile).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time in microseconds per node id. */
function selfTimes(profile: Profile): Map<number, number> {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  return self;
}

/** A source location without the machine's checkout path; packages as `nm/<name>`. */
function place(url: string): string {
  return url
    .replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+).*$/, 'nm/$1')
    .replace(/^file:\/\/.*?\/(shared|batch|sandbox|addin|bench|test)\//, '$1/');
}

/** The top `top` lines of self time by file and by function, as text. */
export function summariseProfile(profile: Profile, top = 25): string {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfTimes(profile)) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame) continue;
    total += us;
    const file = place(frame.url) || frame.functionName;
    byFile.set(file, (byFile.get(file) ?? 0) + us);
    const name = `${frame.functionName || '(anonymous)'}  ${place(frame.url)}${frame.url ? `:${frame.lineNumber}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  }
  const lines = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(
        ([name, us]) =>
          `${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`,
      );
  return [
    `total ${(total / 1000).toFixed(0)} ms`,
    '',
    'by file:',
    ...lines(byFile),
    '',
    'by function:',
    ...lines(byFunction),
  ].join('\n');
}

const [path, top] = process.argv.slice(2);
if (!path) {
  process.stderr.write('usage: npx tsx bench/profile.ts FILE.cpuprofile [top]\n');
  process.exit(2);
}
process.stdout.write(
  `${summariseProfile(JSON.parse(readFileSync(path, 'utf8')) as Profile, top ? Number(top) : 25)}\n`,
);
