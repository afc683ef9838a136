import { describe, expect, it } from 'vitest';
import * as e from './enums';

const catalogue: [string, readonly string[], Record<string, string>, e.SelectOption[]][] = [
  ['financingMethods', e.financingMethods, e.financingMethodLabels, e.financingMethodOptions],
  ['certifications', e.certifications, e.certificationLabels, e.certificationOptions],
  ['locationTypes', e.locationTypes, e.locationTypeLabels, e.locationTypeOptions],
  ['registrationRoles', e.registrationRoles, e.registrationRoleLabels, e.registrationRoleOptions],
  ['sortOrders', e.sortOrders, e.sortOrderLabels, e.sortOrderOptions],
  ['itemLifecycles', e.itemLifecycles, e.itemLifecycleLabels, e.itemLifecycleOptions],
  ['reviewStatuses', e.reviewStatuses, e.reviewStatusLabels, e.reviewStatusOptions],
  ['activityStatuses', e.activityStatuses, e.activityStatusLabels, e.activityStatusOptions],
  ['currencies', e.currencies, e.currencyLabels, e.currencyOptions],
  ['prospectStates', e.prospectStates, e.prospectStateLabels, e.prospectStateOptions],
  ['leadStages', e.leadStages, e.leadStageLabels, e.leadStageOptions],
  ['pipelineStages', e.pipelineStages, e.pipelineStageLabels, e.pipelineStageOptions],
  [
    'selectablePipelineStages',
    e.selectablePipelineStages,
    e.pipelineStageLabels,
    e.selectablePipelineStageOptions,
  ],
  ['priorities', e.priorities, e.priorityLabels, e.priorityOptions],
  ['teamMemberRoles', e.teamMemberRoles, e.teamMemberRoleLabels, e.teamMemberRoleOptions],
  [
    'prospectingRolePreferences',
    e.prospectingRolePreferences,
    e.prospectingRolePreferenceLabels,
    e.prospectingRolePreferenceOptions,
  ],
  ['missionTypes', e.missionTypes, e.missionTypeLabels, e.missionTypeOptions],
  ['missionStatuses', e.missionStatuses, e.missionStatusLabels, e.missionStatusOptions],
  ['applicationStatuses', e.applicationStatuses, e.applicationStatusLabels, e.applicationStatusOptions],
  ['userTypes', e.userTypes, e.userTypeLabels, e.userTypeOptions],
  ['subscriptionStatuses', e.subscriptionStatuses, e.subscriptionStatusLabels, e.subscriptionStatusOptions],
  ['colorSchemes', e.colorSchemes, e.colorSchemeLabels, e.colorSchemeOptions],
  ['activityActions', e.activityActions, e.activityActionLabels, e.activityActionOptions],
];

describe('enumerations', () => {
  it.each(catalogue)(
    '%s: every value has a label and an option, in order',
    (_name, values, labels, options) => {
      expect(new Set(values).size).toBe(values.length);
      for (const value of values) expect(labels[value]?.trim()).toBeTruthy();
      expect(options).toEqual(values.map((value) => ({ value, label: labels[value] })));
    },
  );

  it.each(catalogue.filter(([name]) => name !== 'selectablePipelineStages'))(
    '%s: no label for a value outside the list',
    (_name, values, labels) => {
      expect(Object.keys(labels).sort()).toEqual([...values].sort());
    },
  );

  it('uses the labels of the spec', () => {
    expect(e.financingMethodLabels).toEqual({
      cash: 'Paiement direct',
      cpf: 'CPF',
      opco: 'Opco',
      online: 'En ligne',
    });
    expect(e.locationTypeLabels).toEqual({
      online: 'En ligne',
      physical: 'Physique',
      both: 'En ligne et physique',
    });
    expect(e.prospectStateLabels).toEqual({
      do_not_disturb: 'Ne pas déranger',
      follow_up: 'Suivi',
      no_response: 'Pas de réponse',
      not_interested: 'Pas intéressé',
      prospecting: 'Prospection',
      rejected: 'Rejeté',
      success: 'Succès',
      waiting_for_response: 'En attente de réponse',
    });
    expect(e.priorityLabels).toEqual({ low: 'Faible', medium: 'Moyen', high: 'Élevé' });
    expect(e.teamMemberRoleLabels).toEqual({
      creator: 'Créateur',
      admin: 'Administrateur',
      member: 'Membre',
    });
    expect(e.prospectingRolePreferenceLabels.setter_closer).toBe('Setter & Closer');
    expect(e.prospectingRolePreferenceLabels.all).toBe('Tous');
    expect(e.userTypeLabels.unknown).toBe('Utilisateur');
    expect(e.currencies).toEqual(['USD', 'EUR', 'GBP', 'JPY', 'CNY']);
    expect(e.reviewStatuses).toEqual(['not_submitted', 'pending_review', 'approved', 'rejected']);
    expect(e.activityStatuses).toEqual(['active', 'under_review', 'paused']);
    expect(e.leadStages).toEqual([
      'qualified',
      'contact',
      'demo',
      'proposal',
      'negotiation',
      'closed',
      'lost',
    ]);
    expect(e.registrationRoles).toEqual(['setter', 'closer', 'infopreneur', 'setter-closer']);
  });

  it('stores R2 as Role and offers only the open stages for selection', () => {
    expect(e.pipelineStageLabels.Role).toBe('R2');
    expect(e.pipelineStages).toEqual([
      'Prospecting',
      'Qualification',
      'Closing',
      'Role',
      'Onboarding',
      'FollowUp',
      'Closed',
      'Lost',
    ]);
    expect(e.selectablePipelineStageOptions.map((o) => o.label)).toEqual([
      'Prospection',
      'Qualification',
      'Closing',
      'R2',
      'Onboarding',
      'Suivi',
    ]);
  });

  it('has the activity labels given by the spec and one for every other action', () => {
    expect(e.activityActionLabels.login).toBe('Connecté');
    expect(e.activityActionLabels.register).toBe('Enregistré');
    expect(e.activityActionLabels.update).toBe('Profil mis à jour');
    expect(e.activityActionLabels.change_password).toBe('Mot de passe changé');
    expect(e.activityActionLabels.logout).toBe('Déconnecté');
    expect(e.activityActions).toHaveLength(17);
    for (const action of [
      'forgot-password',
      'reset-password',
      'email-verified',
      'email-verification',
      'update-profile-picture',
      'update-banner',
      'update-password',
      'update-email',
      'update-username',
      'update-first-name',
      'update-last-name',
      'update-bio',
    ]) {
      expect(e.activityActions).toContain(action);
    }
  });
});

describe('labelOf', () => {
  it('answers the label, else the raw value', () => {
    expect(e.labelOf(e.prospectStateLabels, 'follow_up')).toBe('Suivi');
    expect(e.labelOf(e.prospectStateLabels, 'legacy_state')).toBe('legacy_state');
    expect(e.labelOf(e.prospectStateLabels, 'toString')).toBe('toString');
    expect(e.labelOf(e.prospectStateLabels, null)).toBe('');
  });
});
