/**
 * `ADDIN_BASE_URL=https://addin.example.com/shed/ npm run addin:package`: the add-in ready to host, in
 * one folder, dist/addin/: the built task pane (taskpane.html, support.html, assets/) and manifest.xml
 * with every URL rebased to that base URL and checked against the manifest schemas (when the kit's
 * schemas are there). Copy the folder to the web server that answers at the base URL, and give
 * manifest.xml to Microsoft 365 admin centre's integrated apps (or AppSource). The base URL is checked
 * before anything is built. Node only.
 *
 * Exit status 0 written; 2 no or bad base URL, a build that fails, or a manifest that fails the schema.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { ADDIN_OUT_DIR, REPO_ROOT, addinConfig } from '../vite/addin-config.ts';
import { BASE_URL_ENV, ManifestUrlError, normaliseBaseUrl } from './manifest-url.ts';
import { writeManifest, type WrittenManifest } from './write-manifest.ts';

/**
 * Builds the pane into `outDir` (emptied first) and writes `outDir/manifest.xml` for `baseUrl`.
 * @throws ManifestUrlError `invalid_addin_base_url` before building, for a base URL Office cannot load from;
 *   Error from Vite when the pane does not build, or when the manifest fails the schema.
 */
export async function packageAddin(baseUrl: string, outDir: string = ADDIN_OUT_DIR): Promise<WrittenManifest> {
  const base = normaliseBaseUrl(baseUrl);
  await build({ configFile: false, logLevel: 'warn', ...(await addinConfig('build', { outDir })) });
  return writeManifest({ input: join(REPO_ROOT, 'manifest.xml'), output: join(outDir, 'manifest.xml'), baseUrl: base });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const baseUrl = process.env[BASE_URL_ENV];
    if (baseUrl === undefined) {
      throw new ManifestUrlError(
        'invalid_addin_base_url',
        `Set ${BASE_URL_ENV} to the https URL the add-in will be served from, e.g. ${BASE_URL_ENV}=https://addin.example.com/shed/ npm run addin:package`,
      );
    }
    const written = await packageAddin(baseUrl);
    process.stdout.write(
      `Wrote ${ADDIN_OUT_DIR}: the task pane and manifest.xml for ${normaliseBaseUrl(baseUrl)}. Host the folder there.\n`,
    );
    if (!written.checked) process.stderr.write(`${written.notChecked}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  }
}
