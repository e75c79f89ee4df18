/**
 * Where the service is and who we are to it: the connection settings from flags, then the environment, then the
 * saved config.
 */
import { ConfigError } from './config-error.ts';
import type { SavedConfig } from './config-file.ts';

/** Connection flags as the CLI receives them (`--base-url`, `--token`, `--org`). */
export interface ConnectionFlags {
  baseUrl?: string;
  token?: string;
  org?: string;
  /** `--locale`: how dates and numbers are shown (batch/config/locale.ts). */
  locale?: string;
}

/** Where the service is and who we are to it; `org` may still be unknown (one organisation: not needed). */
export interface Connection {
  baseUrl: string;
  token: string;
  org: string | null;
  auth?: { header: string; scheme: string | null };
}

/**
 * Connection settings from flags, then environment (`SHED_BASE_URL`, `SHED_TOKEN`, `SHED_ORG`,
 * `SHED_AUTH_HEADER`, `SHED_AUTH_SCHEME`), then the saved config (PRODUCT.md: flags beat environment,
 * environment beats the saved config).
 * @throws ConfigError `missing_base_url` / `missing_token` / `invalid_base_url`, saying how to set them.
 */
export function resolveConnection(flags: ConnectionFlags, env: NodeJS.ProcessEnv, saved: SavedConfig): Connection {
  const baseUrl = flags.baseUrl || env.SHED_BASE_URL || saved.baseUrl;
  const token = flags.token || env.SHED_TOKEN || saved.token;
  const org = flags.org || env.SHED_ORG || saved.org || null;
  if (!baseUrl) {
    throw new ConfigError(
      'missing_base_url',
      "No service URL: pass --base-url URL, set SHED_BASE_URL, or run 'shed login --base-url URL'",
    );
  }
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw new ConfigError('invalid_base_url', `The service URL '${baseUrl}' is not an http(s) URL`);
  }
  if (!token) {
    throw new ConfigError('missing_token', "No API token: run 'shed login', set SHED_TOKEN, or pass --token");
  }
  const header = env.SHED_AUTH_HEADER || saved.authHeader;
  const scheme = env.SHED_AUTH_SCHEME !== undefined ? env.SHED_AUTH_SCHEME || null : saved.authScheme;
  const connection: Connection = { baseUrl: baseUrl.replace(/\/+$/, ''), token, org };
  if (header) connection.auth = { header, scheme: scheme ?? null };
  return connection;
}
