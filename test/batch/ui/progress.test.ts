// The CLI progress bar's time left (batch/ui/progress.ts), through cli-progress's real estimator values.
import { describe, expect, it } from 'vitest';
import { timeLeftText } from '../../../batch/ui/progress.ts';

const options = { autopaddingChar: ' ' };

describe('timeLeftText', () => {
  it('says … while cli-progress cannot estimate yet (INF, NULL), not a cut word', () => {
    expect(timeLeftText('INF', options, 5)).toBe('…');
    expect(timeLeftText('NULL', options, 5)).toBe('…');
    expect(timeLeftText(Number.POSITIVE_INFINITY, options, 5)).toBe('…');
  });

  it('formats seconds as cli-progress does', () => {
    expect(timeLeftText(4, options, 5)).toBe(' 4s');
    expect(timeLeftText(95, options, 5)).toBe(' 1m35s');
  });
});
