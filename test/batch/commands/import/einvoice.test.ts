// An e-invoice file too large is refused by its size before a byte of it is read (a 50 MB invoice).
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEInvoiceFile } from '../../../../batch/commands/import/einvoice.ts';
import { EInvoiceError } from '../../../../shared/einvoice/einvoice-error.ts';
import { XML_LIMITS } from '../../../../shared/einvoice/xml.ts';

describe('loadEInvoiceFile', () => {
  it('refuses a 50 MB e-invoice by its size, without reading it (its bytes are not even XML)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-einvoice-size-'));
    try {
      const file = join(dir, 'huge.xml');
      // A sparse file: 50 MB long, nothing written, so reading it would find no invoice either.
      const handle = await open(file, 'w');
      await handle.truncate(50 * 1024 * 1024);
      await handle.close();
      const error = await loadEInvoiceFile(file).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(EInvoiceError);
      expect((error as EInvoiceError).code).toBe('xml_too_large');
      expect((error as EInvoiceError).message).toBe(
        `huge.xml: the document is 52428800 bytes, over the ${XML_LIMITS.maxBytes}-byte limit of an e-invoice: not read`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
