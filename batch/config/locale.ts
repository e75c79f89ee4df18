/**
 * The CLI's locale (shared/locale): `--locale` beats `SHED_LOCALE`, which beats the saved config's
 * `locale`; en-AU when none is given. Never the machine's own language settings (LANG, Intl's
 * default): a scheduled job on a server set to en-US still writes an Australian farm's dates day first.
 */
import { DEFAULT_LOCALE, LOCALES, parseLocale, type Locale } from '../../shared/locale/locale.ts';
import { UsageError } from '../../shared/errors/usage-error.ts';
import { configPath, loadConfig } from './config-file.ts';

/**
 * The user's locale from the flag, the environment and the saved config, in that order.
 * @throws UsageError (exit 2) when the one that decides names none of the four locales.
 * @throws ConfigError when the config must be read and cannot be.
 */
export async function userLocale(flag: string | undefined, env: NodeJS.ProcessEnv): Promise<Locale> {
  const [given, where] =
    flag !== undefined
      ? [flag, '`--locale`']
      : env.SHED_LOCALE
        ? [env.SHED_LOCALE, 'SHED_LOCALE']
        : [(await loadConfig(configPath(env))).locale, `the config file's locale`];
  if (given === undefined) return DEFAULT_LOCALE;
  const locale = parseLocale(given);
  if (!locale) throw new UsageError(`Expected ${where} to be ${LOCALES.join(', ')}, got '${given}'`);
  return locale;
}
