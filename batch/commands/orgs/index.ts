/** `shed orgs`: the organisations the token can access. */
import type { Organisation } from '../../../shared/schemas/resources.ts';
import type { ConnectionFlags } from '../../config/connection.ts';
import { connect, openClient } from '../../session/open-session.ts';
import type { CommandIO } from '../../ui/io.ts';

/** Options of `shed orgs`. */
export interface OrgsOptions extends ConnectionFlags {
  json?: boolean;
  io: CommandIO;
}

/**
 * `shed orgs`: the organisations the token can access (spec section 4, Organisations), one per line
 * as `id  name`, or as JSON with `--json`.
 * @throws ConfigError (exit 2); AuthenticationError, NetworkError (exit 3).
 */
export async function orgsCommand(options: OrgsOptions): Promise<Organisation[]> {
  const client = openClient(await connect(options, options.io), options.io);
  const organisations = await client.listOrganisations();
  if (options.json) {
    options.io.out(JSON.stringify(organisations, null, 2));
  } else {
    for (const o of organisations) options.io.out(`${o.id}  ${o.name}`);
    if (organisations.length === 0) options.io.err('The token gives access to no organisation.');
  }
  return organisations;
}
