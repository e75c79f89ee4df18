/**
 * Offline validation of the add-in manifest against the XML schemas of the team kit's
 * `office-manifest-xsd/` (public material, not kept in the repository; scripts/kit.ts finds it,
 * `SHED_KIT_DIR` moves it). `office-addin-manifest validate` needs a remote service. Runs libxml2's
 * xmllint compiled to WebAssembly (xmllint-wasm), so no system package is needed. Node only.
 *
 * CLI (`npm run manifest:check`): `npx tsx addin/manifest/validate-manifest.ts [FILE]` (default
 * `manifest.xml`); exit status 0 when valid, 1 when not (errors on standard error), 2 when it could
 * not be checked: the schemas are absent (a clone without the kit) or the file is unreadable. A check
 * that did not run never exits 0, so a script or CI step relying on it does not pass unchecked.
 */
import { readFile, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { validateXML } from 'xmllint-wasm';
import { ShedError } from '../../shared/errors/shed-error.ts';
import { findKitPart, type KitPart } from '../../scripts/kit.ts';

/** The root schema; it imports the other `.xsd` files of the folder. */
export const ROOT_SCHEMA = 'OfficeAppManifestV1_1.xsd';

/** The schemas' folder in the team kit. */
export const SCHEMA_FOLDER = 'office-manifest-xsd';

/**
 * The manifest schemas in the team kit: present with their folder, or absent with one line saying
 * what is missing and where it was looked for.
 */
export function findManifestSchemas(): KitPart {
  return findKitPart(SCHEMA_FOLDER, [ROOT_SCHEMA]);
}

/**
 * What a face says when the schemas are absent.
 * @param manifest the manifest, as the sentence's subject (`dist/manifest.xml`).
 * @param missing the kit's one line ({@link findManifestSchemas}).
 */
export function notCheckedMessage(manifest: string, missing: string): string {
  return `${manifest} was NOT checked against the add-in manifest schemas: they are absent, ${missing}.`;
}

/** The manifest schemas are not where they were looked for: the manifest was not checked. */
export class ManifestSchemasMissingError extends ShedError {
  constructor(missing: string) {
    super('manifest_schemas_missing', 'config', notCheckedMessage('The manifest', missing));
  }
}

/** The outcome of one validation: `valid`, and xmllint's messages with their line numbers. */
export interface ManifestValidation {
  valid: boolean;
  /** One line each, as `LINE: message` (line in the manifest, when xmllint gave one). */
  errors: string[];
}

/**
 * Validates manifest XML against the add-in manifest schemas (version 1.1 base manifest,
 * VersionOverrides 1.0).
 *
 * @param xml the manifest's text (UTF-8).
 * @param schemaDir the folder holding {@link ROOT_SCHEMA} and the schemas it imports (default: the
 *   team kit's, {@link findManifestSchemas}).
 * @returns `valid: false` with xmllint's errors for a manifest that breaks the schema or is not
 *   well-formed XML.
 * @throws ManifestSchemasMissingError `manifest_schemas_missing` when no schema folder was given and
 *   the kit's is absent; Error when a given folder cannot be read or a schema does not compile.
 */
export async function validateManifest(xml: string, schemaDir?: string): Promise<ManifestValidation> {
  if (schemaDir === undefined) {
    const schemas = findManifestSchemas();
    if (!schemas.present) throw new ManifestSchemasMissingError(schemas.missing);
    schemaDir = schemas.dir;
  }
  const names = (await readdir(schemaDir)).filter((name) => name.endsWith('.xsd'));
  if (!names.includes(ROOT_SCHEMA)) throw new Error(`${ROOT_SCHEMA} is missing from ${schemaDir}.`);
  const files = await Promise.all(
    names.map(async (fileName) => ({ fileName, contents: await readFile(join(schemaDir, fileName), 'utf8') })),
  );
  const root = files.filter((file) => file.fileName === ROOT_SCHEMA);
  const result = await validateXML({
    xml: [{ fileName: 'manifest.xml', contents: xml }],
    schema: root,
    preload: files.filter((file) => file.fileName !== ROOT_SCHEMA),
  });
  return {
    valid: result.valid,
    errors: result.errors.map((error) => (error.loc ? `${error.loc.lineNumber}: ${error.message}` : error.message)),
  };
}

async function main(argv: string[]): Promise<number> {
  const file = argv[0] ?? 'manifest.xml';
  const schemas = findManifestSchemas();
  if (!schemas.present) {
    process.stderr.write(`${notCheckedMessage(file, schemas.missing)}\n`);
    return 2;
  }
  const outcome = await validateManifest(await readFile(file, 'utf8'), schemas.dir);
  if (outcome.valid) {
    process.stdout.write(`${basename(file)} is valid against ${ROOT_SCHEMA}.\n`);
    return 0;
  }
  process.stderr.write(`${file} is not a valid add-in manifest:\n${outcome.errors.map((e) => `  ${e}\n`).join('')}`);
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(2);
    },
  );
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../../shared/errors/shed-error.ts' {
  interface ErrorCodes {
    ManifestSchemasMissingError: 'manifest_schemas_missing';
  }
}
