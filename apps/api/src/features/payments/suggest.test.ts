import { describe, expect, it } from 'vitest';
import { generatedLedger, heldBackAccuracy } from '../../test/ledger';
import { descriptionWords, normalName, SuggestionModel, type LearnedLink } from './suggest';

const link = (over: Partial<LearnedLink>): LearnedLink => ({
  counterpartyIban: null,
  counterpartyName: null,
  description: null,
  amountCents: -1000,
  ownAccount: null,
  initiativeId: 1,
  initiativeName: 'Buurtbarbecue',
  activityId: null,
  activityName: null,
  ...over,
});
const line = (over: Partial<LearnedLink>) => ({
  counterpartyIban: null,
  counterpartyName: null,
  description: null,
  amountCents: -777,
  ownAccount: null,
  ...over,
});

const BBQ = { initiativeId: 1, initiativeName: 'Buurtbarbecue' };
const GARDEN = { initiativeId: 2, initiativeName: 'Moestuin' };

describe('link suggestions', () => {
  it('proposes nothing without earlier links, or when none resembles the line', () => {
    expect(new SuggestionModel([]).suggest(line({ counterpartyName: 'Gamma' }))).toBeNull();
    const model = new SuggestionModel([link({ counterpartyName: 'Gamma', amountCents: -500 })]);
    expect(model.suggest(line({ counterpartyName: 'Praxis', amountCents: -900 }))).toBeNull();
  });

  it('names the initiative the same counterparty account went to, with how often', () => {
    const model = new SuggestionModel([
      ...[1, 2, 3].map(() => link({ ...BBQ, counterpartyIban: 'NL02TEST0000000001' })),
      link({ ...GARDEN, counterpartyName: 'Slagerij Bos' }),
    ]);
    const suggestion = model.suggest(
      line({ counterpartyIban: 'nl02 test 0000 0000 01', counterpartyName: 'Slagerij Bos' }),
    );
    expect(suggestion).toMatchObject({ ...BBQ, reason: { kind: 'iban', count: 3 } });
    expect(suggestion!.confidence).toBeGreaterThanOrEqual(0.75);
  });

  it('matches names without case, accents or legal form', () => {
    expect(normalName('Café De Plas B.V.')).toBe(normalName('cafe plas'));
    const model = new SuggestionModel([
      link({ ...GARDEN, counterpartyName: 'Café De Plas B.V.' }),
      link({ ...GARDEN, counterpartyName: 'CAFE DE PLAS' }),
    ]);
    expect(model.suggest(line({ counterpartyName: 'cafe plas' }))).toMatchObject({
      ...GARDEN,
      reason: { kind: 'counterparty', count: 2 },
    });
  });

  it('learns from description words, the rare ones most', () => {
    expect(descriptionWords('Factuur 2026-11 houtskool en worstjes')).toEqual([
      'houtskool',
      'worstjes',
    ]);
    const model = new SuggestionModel([
      link({ ...BBQ, description: 'houtskool zaal' }),
      link({ ...GARDEN, description: 'compost zaal' }),
      link({ ...GARDEN, description: 'zaden zaal' }),
    ]);
    expect(model.suggest(line({ description: 'Zaal en houtskool' }))).toMatchObject({
      ...BBQ,
      reason: { kind: 'words' },
    });
  });

  it('is never sure of one earlier link, nor of divided evidence', () => {
    const once = new SuggestionModel([link({ ...BBQ, counterpartyIban: 'NL1' })]);
    expect(once.suggest(line({ counterpartyIban: 'NL1' }))!.confidence).toBeLessThan(0.75);
    const divided = new SuggestionModel([
      ...[1, 2, 3].map(() => link({ ...BBQ, counterpartyIban: 'NL1' })),
      ...[1, 2].map(() => link({ ...GARDEN, counterpartyIban: 'NL1' })),
    ]);
    const suggestion = divided.suggest(line({ counterpartyIban: 'NL1' }))!;
    expect(suggestion.initiativeId).toBe(1);
    expect(suggestion.confidence).toBeLessThan(0.75);
  });

  it('breaks a tie by the initiative with most links, and is then unsure', () => {
    const model = new SuggestionModel([
      link({ ...BBQ, counterpartyIban: 'NL1' }),
      link({ ...GARDEN, counterpartyIban: 'NL1' }),
      link({ ...GARDEN, counterpartyIban: 'NL9', amountCents: -3 }),
    ]);
    const suggestion = model.suggest(line({ counterpartyIban: 'NL1' }))!;
    expect(suggestion.initiativeId).toBe(2);
    expect(suggestion.confidence).toBeLessThan(0.4);
    // The other way round, the tie goes the other way: no hidden preference for an id.
    const mirrored = new SuggestionModel([
      link({ ...BBQ, counterpartyIban: 'NL1' }),
      link({ ...GARDEN, counterpartyIban: 'NL1' }),
      link({ ...BBQ, counterpartyIban: 'NL9', amountCents: -3 }),
    ]);
    expect(mirrored.suggest(line({ counterpartyIban: 'NL1' }))!.initiativeId).toBe(1);
  });

  it('proposes an activity only when the deciding links agree on it', () => {
    const agreed = new SuggestionModel(
      [5, 5, 5, null].map((activityId) =>
        link({ ...BBQ, counterpartyIban: 'NL1', activityId, activityName: 'Inkoop' }),
      ),
    );
    expect(agreed.suggest(line({ counterpartyIban: 'NL1' }))).toMatchObject({
      activityId: 5,
      activityName: 'Inkoop',
    });
    const split = new SuggestionModel(
      [5, 6, null].map((activityId) => link({ ...BBQ, counterpartyIban: 'NL1', activityId })),
    );
    expect(split.suggest(line({ counterpartyIban: 'NL1' }))).toMatchObject({ activityId: null });
  });

  it('falls back on the usual initiative of the bank account', () => {
    const model = new SuggestionModel([
      link({ ...GARDEN, ownAccount: 'NL07OWN' }),
      link({ ...GARDEN, ownAccount: 'NL07OWN' }),
      link({ ...BBQ, ownAccount: 'NL08OWN' }),
    ]);
    expect(model.suggest(line({ ownAccount: 'NL07OWN' }))).toMatchObject({
      ...GARDEN,
      reason: { kind: 'account', count: 2 },
    });
  });

  it('gets at least 80% of a held-back tenth of a generated ledger right', () => {
    const { accuracy, total } = heldBackAccuracy(generatedLedger(3000));
    expect(total).toBe(300);
    expect(accuracy).toBeGreaterThanOrEqual(0.8);
  });
});
