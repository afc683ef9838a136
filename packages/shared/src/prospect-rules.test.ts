import { describe, expect, it } from 'vitest';
import { leadStages, prospectStates } from './enums';
import { acceptsSeveralColumns, prospectStatusConflict, prospectStatusError } from './prospect-rules';
import { prospectImportFields } from './schemas/prospect';
import { validationMessageFr } from './validation';

describe('the prospect status rule', () => {
  it('refuses "Succès" with "Perdu" and a refusal with "Conclu", nothing else', () => {
    const refused = prospectStates.flatMap((state) =>
      leadStages.filter((stage) => prospectStatusConflict(state, stage)).map((stage) => `${state}/${stage}`),
    );
    expect(refused.sort()).toEqual(['not_interested/closed', 'rejected/closed', 'success/lost']);
    expect(prospectStatusConflict(null, 'lost')).toBe(false);
    expect(prospectStatusConflict('success', undefined)).toBe(false);
  });

  it('answers the 422 item on leadStage, in English for the API and French for the form', () => {
    expect(prospectStatusError({ state: 'follow_up', leadStage: 'demo' })).toBeNull();
    const item = prospectStatusError({ state: 'success', leadStage: 'lost' });
    expect(item).toEqual({
      field: 'leadStage',
      rule: 'leadStageState',
      message: 'The selected leadStage contradicts the contact status success',
      meta: { state: 'success' },
    });
    expect(validationMessageFr(item!)).toBe('Cette qualification contredit le statut de contact');
  });
});

describe('the import targets several columns may fill', () => {
  it('are the links, the observations and "ignore"; a field or a custom field takes one column', () => {
    const several = [...prospectImportFields, 'ignore', 'customFields.Source'].filter(acceptsSeveralColumns);
    expect(several).toEqual(['observations', 'contactLinks', 'ignore']);
  });
});
