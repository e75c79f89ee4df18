/**
 * The check that a journal belongs to the service a command connects to: its entries record the service's
 * base URL, and a journal of another service is refused before anything is sent or taken back.
 */
import type { JournalEntry } from '../../shared/import/engine/journal.ts';
import { checkJournalServices, journalService } from '../../shared/import/engine/journal.ts';
import { JournalError } from './journal-error.ts';

/**
 * Refuses a journal whose entries record another service than `baseUrl`; says, in words, when some
 * entries record none (journals of older versions of shed), so they could not be checked.
 * @param doing what the command was about to do with the journal (`undo`, `import`), for the message.
 * @returns the warning about unchecked entries, or null when every entry is this service's.
 * @throws JournalError `journal_other_service` (exit 2), naming both services: nothing changed.
 */
export function checkJournalService(
  path: string,
  entries: readonly JournalEntry[],
  baseUrl: string,
  doing: 'undo' | 'import',
): string | null {
  const service = journalService(baseUrl);
  const { others, unchecked } = checkJournalServices(entries, service);
  if (others.length) {
    const fix =
      doing === 'undo'
        ? `run the undo against ${others.join(' or ')} (--base-url or SHED_BASE_URL)`
        : `import into ${others.join(' or ')} (--base-url or SHED_BASE_URL), or give this run its own --results path`;
    throw new JournalError(
      'journal_other_service',
      path,
      `The journal ${path} records writes to the service ${others.join(', ')}, not to ${service} (the service this run connects to): nothing changed. Its records are that service's, so ${fix}`,
    );
  }
  if (!unchecked) return null;
  return `${unchecked} entries of the journal ${path} do not record their service (written by an older version of shed): they could not be checked against ${service}`;
}
