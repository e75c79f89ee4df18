import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { userLocale } from '../../../batch/config/locale.ts';

describe("the CLI's locale", () => {
  it('is --locale, else SHED_LOCALE, else the saved config, else en-AU; never the machine language', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-locale-'));
    const config = join(dir, 'config.json');
    await writeFile(config, JSON.stringify({ locale: 'en-GB' }));
    const none = { SHED_CONFIG: join(dir, 'absent.json'), LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8' };
    expect(await userLocale(undefined, none)).toBe('en-AU');
    expect(await userLocale(undefined, { SHED_CONFIG: config })).toBe('en-GB');
    expect(await userLocale(undefined, { SHED_CONFIG: config, SHED_LOCALE: 'en-nz' })).toBe('en-NZ');
    expect(await userLocale('en-US', { SHED_CONFIG: config, SHED_LOCALE: 'en-NZ' })).toBe('en-US');
  });

  it('refuses a locale it does not know, naming where it came from (exit 2)', async () => {
    const env = { SHED_CONFIG: '/nonexistent/config.json' };
    await expect(userLocale('fr-FR', env)).rejects.toMatchObject({
      code: 'usage',
      message: expect.stringContaining('`--locale`'),
    });
    await expect(userLocale(undefined, { ...env, SHED_LOCALE: 'de' })).rejects.toThrow(/SHED_LOCALE .*got 'de'/);
  });
});
