import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  defaultMirrorDir,
  findMirror,
  loadMirror,
  MirrorFileError,
  mirrorPath,
  saveMirror,
} from '../../../batch/mirror/index.ts';
import { WriteError } from '../../../batch/write/write-error.ts';
import { emptyMirror, MirrorError, type Mirror } from '../../../shared/sync/mirror.ts';

const WILLOW = { id: '5f0c6a7e-1d5b-4c1e-9a51-0c4a8f0e7a11', name: 'Willow Creek' };
const BANKSIA = { id: '6a1d7b8f-2e6c-4d2f-8b62-1d5b9f1f8b22', name: 'Banksia Downs' };

const tempDir = () => mkdtemp(join(tmpdir(), 'shed-mirror-'));
const withName = (m: Mirror, organisationName: string): Mirror => ({ ...m, organisationName });

describe('the mirror file', () => {
  it('saves as <dir>/<organisation id>/mirror.json and loads back equal', async () => {
    const dir = await tempDir();
    const mirror = { ...emptyMirror(WILLOW), syncedAt: '2026-03-01T00:00:00.000Z' };
    const path = await saveMirror(dir, mirror);
    expect(path).toBe(join(dir, WILLOW.id, 'mirror.json'));
    expect(await loadMirror(dir, WILLOW.id)).toEqual(mirror);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(mirror);
  });

  it('loads nothing when there is no mirror yet', async () => {
    expect(await loadMirror(await tempDir(), WILLOW.id)).toBeNull();
    expect(await loadMirror(join(await tempDir(), 'not', 'there'), WILLOW.id)).toBeNull();
  });

  it('keeps the old mirror whole when the save fails after the temporary file is written', async () => {
    const dir = await tempDir();
    const old = withName(emptyMirror(WILLOW), 'Old');
    await saveMirror(dir, old);
    const crash = saveMirror(dir, withName(emptyMirror(WILLOW), 'New'), {
      write: async (temp, text) => {
        await writeFile(temp, text);
        throw new Error('disk on fire');
      },
    });
    await expect(crash).rejects.toThrow('disk on fire');
    expect(await loadMirror(dir, WILLOW.id)).toEqual(old);
    expect(await readdir(join(dir, WILLOW.id))).toEqual(['mirror.json']);
  });

  it('keeps the old mirror whole when the process is killed mid-save, and saves again afterwards', async () => {
    const dir = await tempDir();
    const old = withName(emptyMirror(WILLOW), 'Old');
    await saveMirror(dir, old);
    const module = pathToFileURL(join(process.cwd(), 'batch/mirror/index.ts')).href;
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { saveMirror } = await import(${JSON.stringify(module)});
         const { appendFile } = await import('node:fs/promises');
         const mirror = JSON.parse(process.argv[1]);
         await saveMirror(process.argv[2], mirror, { write: async (temp, text) => {
           await appendFile(temp, text.slice(0, 20));
           console.log('half-written');
           await new Promise(() => setInterval(() => {}, 1000));
         } });`,
        JSON.stringify(withName(emptyMirror(WILLOW), 'New')),
        dir,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('half-written') && resolve());
      child.on('exit', (code) => reject(new Error(`child exited early with ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('close', resolve));
    const left = await readdir(join(dir, WILLOW.id));
    expect(left.filter((f) => f.endsWith('.tmp'))).toHaveLength(1); // the killed save's leftover
    expect(await loadMirror(dir, WILLOW.id)).toEqual(old);
    const fresh = withName(emptyMirror(WILLOW), 'Newer');
    await saveMirror(dir, fresh);
    expect(await loadMirror(dir, WILLOW.id)).toEqual(fresh);
    expect(await findMirror(dir, null)).toEqual(fresh); // the leftover is not taken for a mirror
  }, 20_000);

  it('refuses a file that is not JSON, or not a mirror, saying how to rebuild', async () => {
    const dir = await tempDir();
    const path = mirrorPath(dir, WILLOW.id);
    await mkdir(join(dir, WILLOW.id));
    await writeFile(path, '{"version":1,');
    await expect(loadMirror(dir, WILLOW.id)).rejects.toMatchObject({ code: 'mirror_unreadable', category: 'input' });
    await expect(loadMirror(dir, WILLOW.id)).rejects.toThrow(/shed sync --full/);
    await writeFile(path, JSON.stringify({ ...emptyMirror(WILLOW), receipts: [] }));
    await expect(loadMirror(dir, WILLOW.id)).rejects.toBeInstanceOf(MirrorError);
    await writeFile(path, JSON.stringify(emptyMirror(BANKSIA)));
    await expect(loadMirror(dir, WILLOW.id)).rejects.toMatchObject({ code: 'mirror_other_organisation' });
    await writeFile(path, JSON.stringify({ ...emptyMirror(WILLOW), version: 7 }));
    await expect(loadMirror(dir, WILLOW.id)).rejects.toMatchObject({ code: 'mirror_version' });
  });

  it('says where it cannot write', async () => {
    const dir = await tempDir();
    const blocker = join(dir, 'file');
    await writeFile(blocker, 'not a folder');
    const failure = await saveMirror(blocker, emptyMirror(WILLOW)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(WriteError);
    expect(failure).toMatchObject({ code: 'output_not_writable' });
  });

  it('takes only a UUID as the folder name, so no id can climb out of the folder', () => {
    for (const bad of ['../etc', '', 'Willow Creek', '5f0c6a7e/../../x']) {
      expect(() => mirrorPath('/m', bad)).toThrow(/UUID/);
    }
    expect(mirrorPath('/m', WILLOW.id.toUpperCase())).toBe(join('/m', WILLOW.id, 'mirror.json'));
  });

  it('finds the mirror for --offline by id, by name, or as the only one', async () => {
    const dir = await tempDir();
    await expect(findMirror(dir, null)).rejects.toMatchObject({ code: 'mirror_not_found', category: 'usage' });
    await expect(findMirror(join(dir, 'missing'), null)).rejects.toThrow(/shed sync/);
    await saveMirror(dir, emptyMirror(WILLOW));
    expect((await findMirror(dir, null)).organisationId).toBe(WILLOW.id);
    await saveMirror(dir, emptyMirror(BANKSIA));
    await expect(findMirror(dir, null)).rejects.toBeInstanceOf(MirrorFileError);
    await expect(findMirror(dir, null)).rejects.toMatchObject({ code: 'mirror_ambiguous' });
    expect((await findMirror(dir, 'banksia downs')).organisationId).toBe(BANKSIA.id);
    expect((await findMirror(dir, ` ${WILLOW.id} `)).organisationName).toBe('Willow Creek');
    await expect(findMirror(dir, 'Red Gum')).rejects.toThrow(/No mirror of an organisation named 'Red Gum'/);
    await expect(findMirror(dir, '99999999-9999-4999-8999-999999999999')).rejects.toMatchObject({
      code: 'mirror_not_found',
    });
  });

  it('defaults to SHED_MIRROR_DIR, else the user data folder', () => {
    expect(defaultMirrorDir({ SHED_MIRROR_DIR: '/data/m' })).toBe('/data/m');
    if (process.platform !== 'win32') {
      expect(defaultMirrorDir({ XDG_DATA_HOME: '/xdg' })).toBe(join('/xdg', 'shed-sheets', 'mirrors'));
      expect(defaultMirrorDir({})).toMatch(/\.local[\\/]share[\\/]shed-sheets[\\/]mirrors$/);
    }
  });
});
