import { describe, expect, it } from 'vitest';
import { checkJournalServices, journalService, type JournalEntry } from '../../../../shared/import/engine/journal.ts';

const entry = (service?: string): JournalEntry => ({
  at: '2026-03-01T00:00:00Z',
  organisationId: 'org',
  kind: 'receipts',
  type: 'undone',
  recordId: 'r1',
  ...(service === undefined ? {} : { service }),
});

describe('journalService', () => {
  it('keeps origin and path: host case, default port, trailing slashes, query dropped', () => {
    expect(journalService('https://Inputs.Example.com:443/api/?x=1#y')).toBe('https://inputs.example.com/api');
    expect(journalService('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    expect(journalService('http://127.0.0.1:8080')).not.toBe(journalService('http://127.0.0.1:8081'));
    expect(journalService('https://a.example/one')).not.toBe(journalService('https://a.example/two'));
  });

  it('names the other services a journal records, and counts entries that record none', () => {
    const entries = [entry('http://127.0.0.1:1/'), entry('http://127.0.0.1:2'), entry(), entry('HTTP://127.0.0.1:1')];
    expect(checkJournalServices(entries, 'http://127.0.0.1:1')).toEqual({
      others: ['http://127.0.0.1:2'],
      unchecked: 1,
    });
    expect(checkJournalServices([entry()], 'http://127.0.0.1:1')).toEqual({ others: [], unchecked: 1 });
  });
});
