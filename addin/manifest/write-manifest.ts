/**
 * Build step for production: writes `dist/manifest.xml` with every URL rebased from the development
 * server to `ADDIN_BASE_URL`, and checks the result against the manifest schemas of the team kit.
 * Where the kit is absent (a clone without it) the manifest is still written, and a line on standard
 * error says plainly that it was NOT checked against the schemas: writing is this step's job (the
 * rewrite has its own checks, manifest-url.ts), and `npm run manifest:check` is the check that fails.
 *
 * CLI: `ADDIN_BASE_URL=https://addin.example.com/shed/ npx tsx addin/manifest/write-manifest.ts
 *   [--base-url URL] [--in manifest.xml] [--out dist/manifest.xml]` (the flag beats the environment).
 * Exit status 0 written (checked, or said not to be); 2 no or bad base URL, unreadable input, or a
 * result that fails the schema.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { BASE_URL_ENV, ManifestUrlError, rewriteManifestBaseUrl } from './manifest-url.ts';
import { findManifestSchemas, notCheckedMessage, validateManifest } from './validate-manifest.ts';

/** Where and what to write. */
export interface WriteManifestOptions {
  /** The repository's manifest (development URLs). */
  input: string;
  /** Where the production manifest goes; its folder is created. */
  output: string;
  /** The production base URL. */
  baseUrl: string;
}

/** What was written: checked against the schemas, or not, with the sentence that says why not. */
export type WrittenManifest = { checked: true } | { checked: false; notChecked: string };

/**
 * Reads `input`, rebases its URLs to `baseUrl`, validates it when the schemas are there, writes `output`.
 *
 * @returns whether the written manifest was checked against the schemas (not when the kit is absent).
 * @throws ManifestUrlError for a bad base URL or a manifest without development URLs;
 *   Error when the rewritten manifest fails the schema (nothing is written then).
 */
export async function writeManifest(options: WriteManifestOptions): Promise<WrittenManifest> {
  const xml = rewriteManifestBaseUrl(await readFile(options.input, 'utf8'), options.baseUrl);
  const schemas = findManifestSchemas();
  if (schemas.present) {
    const outcome = await validateManifest(xml, schemas.dir);
    if (!outcome.valid) throw new Error(`The rewritten manifest is not valid:\n${outcome.errors.join('\n')}`);
  }
  await mkdir(dirname(options.output), { recursive: true });
  await writeFile(options.output, xml, 'utf8');
  return schemas.present
    ? { checked: true }
    : { checked: false, notChecked: notCheckedMessage(options.output, schemas.missing) };
}

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'base-url': { type: 'string' },
      in: { type: 'string', default: 'manifest.xml' },
      out: { type: 'string', default: 'dist/manifest.xml' },
    },
    strict: true,
  });
  const baseUrl = values['base-url'] ?? process.env[BASE_URL_ENV];
  if (baseUrl === undefined) {
    throw new ManifestUrlError(
      'invalid_addin_base_url',
      `Set ${BASE_URL_ENV} (or --base-url) to the add-in's https base URL.`,
    );
  }
  const written = await writeManifest({ input: values.in, output: values.out, baseUrl });
  process.stdout.write(`Wrote ${values.out} for ${baseUrl}.\n`);
  if (!written.checked) process.stderr.write(`${written.notChecked}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  });
}
