/**
 * Which organisation an undo works in when its journal holds several (one file imported with `--org A`,
 * then `--org B`), and how the steps of the others are named so they can be undone in turn.
 */
import type { Organisation } from '../../../shared/schemas/resources.ts';
import { chooseOrganisation } from '../../../shared/session/choose-organisation.ts';

/**
 * The organisation to undo in: the one asked for (`--org`), else the journal's when it holds one, else
 * the session's (the saved or environment choice), else the only one of the journal's the token sees,
 * else the only one the token sees.
 * @param journalOrganisations the organisations of the journal's steps (ids, at least one).
 * @param asked the `--org` given for this undo (id or name), or null.
 * @param session the session's organisation (flag, environment or saved), or null.
 * @throws OrganisationChoiceError when the one wanted is not among those the token sees, or several
 *   could be meant and none is chosen (it names them).
 */
export function undoOrganisation(
  journalOrganisations: readonly string[],
  organisations: readonly Organisation[],
  asked: string | null,
  session: string | null,
): Organisation {
  if (asked) return chooseOrganisation(organisations, asked);
  if (journalOrganisations.length === 1) return chooseOrganisation(organisations, journalOrganisations[0]!);
  if (session) return chooseOrganisation(organisations, session);
  // One file imported by two bookkeepers, each with a token of their own: the one this token sees.
  const seen = organisations.filter((o) => journalOrganisations.some((id) => sameId(id, o.id)));
  return chooseOrganisation(seen.length === 1 ? seen : organisations, null);
}

/** Changes of a journal in an organisation other than the one undone: left as they are. */
export interface OtherOrganisation {
  organisationId: string;
  /** Its name, when the token sees it. */
  name: string | null;
  /** How many records of it the journal would take back. */
  changes: number;
}

/** The journal's other organisations with their count of changes, in the journal's order. */
export function otherOrganisations(
  pending: readonly { organisationId: string }[],
  undoneIn: string,
  organisations: readonly Organisation[],
): OtherOrganisation[] {
  const counts = new Map<string, number>();
  for (const { organisationId } of pending) {
    if (sameId(organisationId, undoneIn)) continue;
    counts.set(organisationId, (counts.get(organisationId) ?? 0) + 1);
  }
  return [...counts].map(([organisationId, changes]) => ({
    organisationId,
    name: organisations.find((o) => sameId(o.id, organisationId))?.name ?? null,
    changes,
  }));
}

/** `1 change in Banksia Downs Trust, not undone here: undo it with --org 'Banksia Downs Trust'`. */
export function describeOther(other: OtherOrganisation): string {
  const count = `${other.changes} ${other.changes === 1 ? 'change' : 'changes'}`;
  const them = other.changes === 1 ? 'it' : 'them';
  return other.name
    ? `The journal also holds ${count} in ${other.name}, not undone here: undo ${them} with --org '${other.name}'`
    : `The journal also holds ${count} in organisation ${other.organisationId}, which this token does not see, not undone here: undo ${them} with --org ${other.organisationId} and a token of that organisation`;
}

/** Whether two organisation (or record) ids are the same (ids are compared without case). */
export function sameId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
