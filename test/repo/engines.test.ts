// `npm ci` must not warn about engines: every installed package supports the oldest Node this project
// says it runs on (package.json `engines`).
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<
    string,
    { engines?: { node?: string } | string[]; optional?: boolean; os?: string[]; cpu?: string[] }
  >;
};

describe('engines', () => {
  it('every locked package runs on the oldest Node that package.json allows', () => {
    const oldest = semver.minVersion(pkg.engines.node)!.version;
    expect(oldest).toBe('20.19.0');
    const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!path || !range || (entry.optional && (entry.os || entry.cpu))) return [];
      return semver.satisfies(oldest, range) ? [] : [`${path}: node ${range}`];
    });
    expect(refusing).toEqual([]);
  });
});
