import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nextVersion, release, releaseChangelog } from '../../../scripts/release/release.ts';

const CHANGELOG = `# Changelog

Intro.

## [Unreleased]

### Added
- \`shed --version\`.

## [0.1.0] - 2026-11-25

### Added
- The first version.
`;

describe('nextVersion', () => {
  it('bumps by patch, minor or major, or takes a higher version as written', () => {
    expect(nextVersion('0.1.0', 'patch')).toBe('0.1.1');
    expect(nextVersion('0.1.0', 'minor')).toBe('0.2.0');
    expect(nextVersion('0.1.0', 'major')).toBe('1.0.0');
    expect(nextVersion('0.1.0', '0.3.0')).toBe('0.3.0');
  });
  it('refuses a version not above the current one, or a word it does not know', () => {
    expect(() => nextVersion('0.2.0', '0.1.9')).toThrow('is not above the current version 0.2.0');
    expect(() => nextVersion('0.2.0', 'next')).toThrow("'next' is not patch, minor, major");
  });
});

describe('releaseChangelog', () => {
  it('moves the Unreleased entries under the new version heading and leaves Unreleased empty', () => {
    expect(releaseChangelog(CHANGELOG, '0.2.0', '2026-12-01')).toBe(`# Changelog

Intro.

## [Unreleased]

## [0.2.0] - 2026-12-01

### Added
- \`shed --version\`.

## [0.1.0] - 2026-11-25

### Added
- The first version.
`);
  });
  it('moves the compare links on when the changelog has them', () => {
    const linked = `${CHANGELOG}\n[Unreleased]: https://example.com/shed/compare/v0.1.0...HEAD\n`;
    expect(releaseChangelog(linked, '0.2.0', '2026-12-01')).toContain(
      '[Unreleased]: https://example.com/shed/compare/v0.2.0...HEAD\n[0.2.0]: https://example.com/shed/compare/v0.1.0...v0.2.0\n',
    );
  });
  it('refuses a release with nothing said under Unreleased, or no Unreleased heading', () => {
    const empty = releaseChangelog(CHANGELOG, '0.2.0', '2026-12-01');
    expect(() => releaseChangelog(empty, '0.3.0', '2026-12-02')).toThrow('nothing under "## [Unreleased]"');
    expect(() => releaseChangelog('# Changelog\n', '0.3.0', '2026-12-02')).toThrow('no "## [Unreleased]" heading');
  });
});

describe('release', () => {
  it('bumps package.json, package-lock.json and CHANGELOG.md together', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-release-'));
    await copyFile('package.json', join(dir, 'package.json'));
    await copyFile('package-lock.json', join(dir, 'package-lock.json'));
    await writeFile(join(dir, 'CHANGELOG.md'), CHANGELOG);
    const before = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
    const version = await release('minor', dir, new Date('2026-12-01T03:00:00Z'));
    const pkg = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { version: string; bin: unknown };
    const lock = JSON.parse(await readFile(join(dir, 'package-lock.json'), 'utf8')) as {
      version: string;
      packages: Record<string, { version: string }>;
    };
    expect(version).toBe(nextVersion(before.version, 'minor'));
    expect(pkg.version).toBe(version);
    expect(pkg.bin).toEqual({ shed: 'batch/bin/shed.js' });
    expect([lock.version, lock.packages['']!.version]).toEqual([version, version]);
    expect(await readFile(join(dir, 'CHANGELOG.md'), 'utf8')).toContain(
      `## [Unreleased]\n\n## [${version}] - 2026-12-01\n`,
    );
  });
});
