/**
 * `shed template receipts|returns --out FILE`: a workbook to fill in and import,
 * with drop-down lists of the organisation's storages, product names and units.
 */
import { access } from 'node:fs/promises';
import { extname } from 'node:path';
import { loadReferenceData, type ReferenceData } from '../../../shared/resolve/index.ts';
import { mirrorReferenceData } from '../../../shared/sync/reference.ts';
import { buildTemplate, wordTemplate, type TemplateListName } from '../../../shared/template/index.ts';
import type { ImportKind } from '../../../shared/kinds/index.ts';
import { cliRemedy } from '../../cli/remedy-wording.ts';
import { EXIT } from '../../cli/exit-status.ts';
import type { ConnectionFlags } from '../../config/connection.ts';
import { defaultMirrorDir, findMirror } from '../../mirror/mirror-file.ts';
import { openSession } from '../../session/open-session.ts';
import type { CommandIO } from '../../ui/io.ts';
import { UsageError } from '../../../shared/errors/usage-error.ts';
import { writeTemplateWorkbook } from './write-workbook.ts';
import { userLocale } from '../../config/locale.ts';

/** Options of `shed template`. */
export interface TemplateOptions extends ConnectionFlags {
  kind: ImportKind;
  /** The .xlsx file to write. */
  out: string;
  /** Replace `out` if it exists (otherwise refused, so a filled-in workbook is never overwritten by mistake). */
  force?: boolean;
  /** Take the lists from the local mirror (`shed sync`) instead of the service. */
  offline?: boolean;
  /** Folder of mirrors for `offline`; default `defaultMirrorDir()`. */
  dir?: string;
  json?: boolean;
  io: CommandIO;
  /** The day printed on the Instructions sheet (tests); default now. */
  now?: () => Date;
}

/** What `shed template` wrote, as printed by `--json`. */
export interface TemplateSummary {
  kind: ImportKind;
  file: string;
  organisation: { id: string; name: string };
  /** Where the lists came from. */
  source: 'service' | 'mirror';
  /** Values in each drop-down list. */
  lists: Record<TemplateListName, number>;
  exitCode: number;
}

/**
 * Writes the template of `kind` to `out` for the organisation (`--org`, or the only one).
 * @returns the summary, `exitCode` 0.
 * @throws UsageError (exit 2) for a file name not ending in .xlsx or a file that exists without `force`;
 *   ConfigError, MirrorFileError (offline, no mirror) (exit 2); AuthenticationError, EntitlementError,
 *   NetworkError (exit 3); WriteError `output_not_writable` (exit 2).
 */
export async function templateCommand(options: TemplateOptions): Promise<TemplateSummary> {
  const { io } = options;
  if (extname(options.out).toLowerCase() !== '.xlsx') {
    throw new UsageError(
      `Expected --out to name an .xlsx file (the drop-down lists need a workbook), got '${options.out}'`,
    );
  }
  await refuseToOverwrite(options.out, Boolean(options.force));
  const { organisation, reference, source } = await referenceFor(options);
  const plan = buildTemplate(options.kind, reference, {
    organisationName: organisation.name,
    madeAt: (options.now ?? (() => new Date()))(),
    locale: await userLocale(options.locale, io.env),
  });
  await writeTemplateWorkbook(options.out, wordTemplate(plan, cliRemedy));
  const lists = Object.fromEntries(plan.lists.map((l) => [l.name, l.values.length])) as Record<
    TemplateListName,
    number
  >;
  const summary: TemplateSummary = {
    kind: options.kind,
    file: options.out,
    organisation,
    source,
    lists,
    exitCode: EXIT.ok,
  };
  if (options.json) io.out(JSON.stringify(summary, null, 2));
  else {
    io.err(
      `${options.out}: ${options.kind} template for ${organisation.name} with ${lists.storages} storages, ` +
        `${lists.products} product names and ${lists.units} units in the drop-down lists` +
        (source === 'mirror' ? ' (from the local mirror)' : ''),
    );
  }
  return summary;
}

async function referenceFor(
  options: TemplateOptions,
): Promise<{ organisation: { id: string; name: string }; reference: ReferenceData; source: 'service' | 'mirror' }> {
  if (options.offline) {
    const org = options.org ?? options.io.env.SHED_ORG ?? null;
    const mirror = await findMirror(options.dir ?? defaultMirrorDir(options.io.env), org);
    return {
      organisation: { id: mirror.organisationId, name: mirror.organisationName },
      reference: mirrorReferenceData(mirror),
      source: 'mirror',
    };
  }
  const session = await openSession(options, options.io);
  const reference = await loadReferenceData(session.org, session.organisation.id);
  return {
    organisation: { id: session.organisation.id, name: session.organisation.name },
    reference,
    source: 'service',
  };
}

/**
 * Refuses to write over a file that is there, unless `force`: a filled-in workbook is never
 * overwritten by mistake. @throws UsageError (exit 2).
 */
export async function refuseToOverwrite(path: string, force: boolean): Promise<void> {
  if (!force && (await exists(path)))
    throw new UsageError(`${path} already exists; choose another name, or add --force to replace it`);
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
