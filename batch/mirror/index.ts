/**
 * The mirror on disk. For `--offline` in other commands:
 *
 * ```ts
 * const mirror = await findMirror(dir ?? defaultMirrorDir(io.env), flags.org ?? io.env.SHED_ORG ?? null);
 * const reference = mirrorReferenceData(mirror);               // storages, aliases, products
 * // or loadReferenceData(mirrorReferenceSource(mirror), mirror.organisationId)
 * Object.values(mirror.receipts), Object.values(mirror.returns) // records, line items included
 * ```
 */
export {
  defaultMirrorDir,
  findMirror,
  loadMirror,
  MIRROR_FILE_NAME,
  MirrorFileError,
  mirrorPath,
  saveMirror,
  type SaveMirrorOptions,
} from './mirror-file.ts';
export { mirrorReferenceData, mirrorReferenceSource } from '../../shared/sync/reference.ts';
export type { Mirror } from '../../shared/sync/mirror.ts';
