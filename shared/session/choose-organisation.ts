/** Picks the organisation to work in from those the token can access, by id or name, or the only one there is. */
import type { Organisation } from '../schemas/resources.ts';
import type { Remedy } from '../errors/remedy.ts';
import { ShedError, type ErrorCodes } from '../errors/shed-error.ts';

/** The organisation asked for is not among those the token can see, or more than one could be meant. */
export class OrganisationChoiceError extends ShedError {
  constructor(code: ErrorCodes['OrganisationChoiceError'], message: string, remedies?: Remedy[]) {
    super(code, code === 'no_organisations' ? 'authentication' : 'config', message, { remedies });
  }
}

/**
 * Picks the organisation to work in from those the token can access (spec section 5): by id, or by
 * name (case and spacing ignored); with nothing asked for, the only one there is.
 * @throws OrganisationChoiceError `organisation_not_found` (names the ones there are),
 *   `organisation_required` (several and none chosen), `no_organisations` (the token sees none).
 */
export function chooseOrganisation(organisations: readonly Organisation[], wanted: string | null): Organisation {
  const names = organisations.map((o) => `'${o.name}'`).join(', ');
  if (organisations.length === 0) {
    throw new OrganisationChoiceError(
      'no_organisations',
      'The token gives access to no organisation: check it with the service administrator',
    );
  }
  if (!wanted) {
    if (organisations.length === 1) return organisations[0]!;
    throw new OrganisationChoiceError(
      'organisation_required',
      `The token sees ${organisations.length} organisations (${names})`,
      [{ code: 'choose_organisation', names: organisations.map((o) => o.name) }],
    );
  }
  const fold = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  const found = organisations.find(
    (o) => o.id.toLowerCase() === wanted.toLowerCase().trim() || fold(o.name) === fold(wanted),
  );
  if (!found) {
    throw new OrganisationChoiceError(
      'organisation_not_found',
      `No organisation '${wanted}' for this token; it sees ${names}`,
    );
  }
  return found;
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../errors/shed-error.ts' {
  interface ErrorCodes {
    OrganisationChoiceError: 'organisation_not_found' | 'organisation_required' | 'no_organisations';
  }
}
