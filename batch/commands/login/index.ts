/** `shed login`: asks for the token, checks it against the service and saves the connection in the config file. */
import { configPath, loadConfig, saveConfig } from '../../config/config-file.ts';
import { ConfigError } from '../../config/config-error.ts';
import { openClient } from '../../session/open-session.ts';
import type { CommandIO } from '../../ui/io.ts';

/** Options of `shed login`. `readToken` asks for the token without echo (the CLI reads the terminal). */
export interface LoginOptions {
  baseUrl?: string;
  org?: string;
  io: CommandIO;
  readToken: () => Promise<string>;
}

/**
 * `shed login [--base-url URL]`: asks for the token (hidden input), checks it against
 * `GET /api/organisations`, and saves base URL and token in the user's config file with mode 0600.
 * The token is never printed.
 * @throws ConfigError `missing_base_url` / `empty_token` (exit 2); AuthenticationError (exit 3) when
 *   the service refuses the token (nothing is saved then).
 */
export async function loginCommand(options: LoginOptions): Promise<{ configFile: string; organisations: number }> {
  const path = configPath(options.io.env);
  const saved = await loadConfig(path);
  const baseUrl = (options.baseUrl || options.io.env.SHED_BASE_URL || saved.baseUrl)?.replace(/\/+$/, '');
  if (!baseUrl)
    throw new ConfigError(
      'missing_base_url',
      'Which service? Pass --base-url URL (e.g. the one `shed sandbox` prints)',
    );
  const token = (await options.readToken()).trim();
  if (!token) throw new ConfigError('empty_token', 'No token entered: nothing saved');
  const client = openClient({ baseUrl, token, org: null }, options.io);
  const organisations = await client.listOrganisations();
  await saveConfig(path, { ...saved, baseUrl, token, ...(options.org ? { org: options.org } : {}) });
  const names = organisations.map((o) => o.name).join(', ') || 'none';
  options.io.err(`Token accepted: ${organisations.length} organisation(s): ${names}. Saved to ${path}`);
  return { configFile: path, organisations: organisations.length };
}
