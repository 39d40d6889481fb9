import { describe, it } from 'vitest';
import { given } from '../shared/given-when-then';
import type { FairCreditsAdopted } from './adoption';
import { fairCreditsAdoption } from './adoption';

const at = '2026-11-28T05:00:00.000Z';
const adopted: FairCreditsAdopted = { type: 'FairCreditsAdopted', data: { at } };

describe('AdoptFairCredits', () => {
  it('marks the log once, at the time of the first start that knows the rules', () => {
    given(fairCreditsAdoption).when({ type: 'AdoptFairCredits', at }).then([adopted]);
  });

  it('writes nothing on a log that adopted them already', () => {
    given(fairCreditsAdoption, [adopted]).when({ type: 'AdoptFairCredits', at: '2026-12-01T00:00:00.000Z' }).then([]);
  });
});
