/**
 * `npm run release -- <patch|minor|major|X.Y.Z>`: bumps the version in package.json (and the root of
 * package-lock.json) and, in CHANGELOG.md (Keep a Changelog), moves what is under `## [Unreleased]` to a
 * new `## [X.Y.Z] - YYYY-MM-DD` heading below it, leaving Unreleased empty. Refuses, changing nothing,
 * when the Unreleased section is missing or empty (a release says what changed) or the version is not
 * above the current one. Commit and tag are left to the person releasing. Node only.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import semver from 'semver';
import { REPO_ROOT } from './build-cli.ts';

const UNRELEASED = /^## \[Unreleased\][^\n]*\n/m;

/**
 * The next version: `current` bumped by `how` (`patch`, `minor`, `major`) or `how` itself when it is a
 * version above `current`. Throws Error saying why for anything else.
 */
export function nextVersion(current: string, how: string): string {
  if (how === 'patch' || how === 'minor' || how === 'major') return semver.inc(current, how)!;
  const exact = semver.valid(how);
  if (!exact) throw new Error(`'${how}' is not patch, minor, major or a version like 1.2.3`);
  if (!semver.gt(exact, current)) throw new Error(`${exact} is not above the current version ${current}`);
  return exact;
}

/**
 * CHANGELOG.md's text with the Unreleased section's entries under a new heading
 * `## [version] - date` (date as YYYY-MM-DD) and an empty `## [Unreleased]` above it. Link
 * references at the end (`[Unreleased]: …compare/vA...HEAD`) are moved on when present.
 * Throws Error when there is no Unreleased heading or nothing under it.
 */
export function releaseChangelog(text: string, version: string, date: string): string {
  const heading = UNRELEASED.exec(text);
  if (!heading) throw new Error('CHANGELOG.md has no "## [Unreleased]" heading');
  const start = heading.index + heading[0].length;
  const next = text.slice(start).search(/^## \[/m);
  const end = next < 0 ? text.length : start + next;
  const entries = text.slice(start, end).trim();
  if (!entries) throw new Error('CHANGELOG.md has nothing under "## [Unreleased]": say what changed first');
  const released = `${heading[0]}\n## [${version}] - ${date}\n\n${entries}\n\n`;
  return relink(text.slice(0, heading.index) + released + text.slice(end), version);
}

/** Moves an `[Unreleased]: …/compare/vX...HEAD` link reference on to the new version, when there is one. */
function relink(text: string, version: string): string {
  return text.replace(
    /^\[Unreleased\]: (\S+\/compare\/)v?([^.\s][^\s]*?)\.\.\.HEAD$/m,
    (_all, base: string, previous: string) =>
      `[Unreleased]: ${base}v${version}...HEAD\n[${version}]: ${base}v${previous}...v${version}`,
  );
}

/** Does the release in `root`: package.json, package-lock.json and CHANGELOG.md. Returns the new version. */
export async function release(how: string, root: string = REPO_ROOT, today: Date = new Date()): Promise<string> {
  const pkgPath = join(root, 'package.json');
  const pkg = JSON.parse(await readFile(pkgPath, 'utf8')) as { version: string };
  const version = nextVersion(pkg.version, how);
  const changelogPath = join(root, 'CHANGELOG.md');
  const changelog = releaseChangelog(await readFile(changelogPath, 'utf8'), version, today.toISOString().slice(0, 10));
  const lockPath = join(root, 'package-lock.json');
  const lock = JSON.parse(await readFile(lockPath, 'utf8')) as {
    version: string;
    packages: Record<string, { version?: string }>;
  };
  lock.version = version;
  if (lock.packages['']) lock.packages[''].version = version;
  await writeFile(pkgPath, `${JSON.stringify({ ...pkg, version }, null, 2)}\n`);
  await writeFile(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  await writeFile(changelogPath, changelog);
  return version;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const version = await release(process.argv[2] ?? '');
    process.stdout.write(
      `Released ${version}: package.json, package-lock.json and CHANGELOG.md; commit and tag v${version}\n`,
    );
  } catch (error) {
    process.stderr.write(`release: ${(error as Error).message}\n`);
    process.exitCode = 2;
  }
}
