/**
 * Offline validation of the add-in manifest against the XML schemas kept in `office-manifest-xsd/`
 * (`office-addin-manifest validate` needs a remote service). Runs libxml2's xmllint compiled to
 * WebAssembly (xmllint-wasm), so no system package is needed. Node only (reads the schema files).
 *
 * CLI: `npx tsx addin/manifest/validate-manifest.ts [FILE]` (default `manifest.xml`); exit status 0
 * when valid, 1 when not (errors on standard error).
 */
import { readFile, readdir } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/** The folder of the patched schemas, at the repository root. */
export const SCHEMA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../office-manifest-xsd');

/** The root schema; it imports the other `.xsd` files of the folder. */
export const ROOT_SCHEMA = 'OfficeAppManifestV1_1.xsd';

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
 * @param schemaDir the folder holding {@link ROOT_SCHEMA} and the schemas it imports.
 * @returns `valid: false` with xmllint's errors for a manifest that breaks the schema or is not
 *   well-formed XML.
 * @throws Error when the schema folder cannot be read or a schema does not compile.
 */
export async function validateManifest(xml: string, schemaDir: string = SCHEMA_DIR): Promise<ManifestValidation> {
  const names = (await readdir(schemaDir)).filter((name) => name.endsWith('.xsd'));
  if (!names.includes(ROOT_SCHEMA)) throw new Error(`${ROOT_SCHEMA} is missing from ${schemaDir}.`);
  const files = await Promise.all(names.map(async (fileName) => ({ fileName, contents: await readFile(join(schemaDir, fileName), 'utf8') })));
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
  const outcome = await validateManifest(await readFile(file, 'utf8'));
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
