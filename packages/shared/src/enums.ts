/**
 * Every enumeration of spec §4 and PRODUCT.md: the values, their type, French labels and
 * `{ value, label }` options for selects.
 */

export interface SelectOption<T extends string = string> {
  value: T;
  label: string;
}

/**
 * Builds select options from a list of values and their labels, keeping the list's order. Pure
 * (the annotation tells the bundler): the options no page imports are left out of the web's chunks.
 */
/* @__NO_SIDE_EFFECTS__ */
export function toOptions<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
): SelectOption<T>[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** The label of `value`, or the raw value when it has none (unknown or null-ish values give ''). */
export function labelOf(labels: Record<string, string>, value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return Object.hasOwn(labels, value) ? (labels[value] ?? value) : value;
}

export const financingMethods = ['cash', 'cpf', 'opco', 'online'] as const;
export type FinancingMethod = (typeof financingMethods)[number];
export const financingMethodLabels: Record<FinancingMethod, string> = {
  cash: 'Paiement direct',
  cpf: 'CPF',
  opco: 'Opco',
  online: 'En ligne',
};
export const financingMethodOptions = toOptions(financingMethods, financingMethodLabels);

export const certifications = ['qualiopi', 'icpf'] as const;
export type Certification = (typeof certifications)[number];
export const certificationLabels: Record<Certification, string> = { qualiopi: 'Qualiopi', icpf: 'ICPF' };
export const certificationOptions = toOptions(certifications, certificationLabels);

export const locationTypes = ['online', 'physical', 'both'] as const;
export type LocationType = (typeof locationTypes)[number];
export const locationTypeLabels: Record<LocationType, string> = {
  online: 'En ligne',
  physical: 'Physique',
  both: 'En ligne et physique',
};
export const locationTypeOptions = toOptions(locationTypes, locationTypeLabels);

export const registrationRoles = ['setter', 'closer', 'infopreneur', 'setter-closer'] as const;
export type RegistrationRole = (typeof registrationRoles)[number];
export const registrationRoleLabels: Record<RegistrationRole, string> = {
  setter: 'Setter',
  closer: 'Closer',
  infopreneur: 'Infopreneur',
  'setter-closer': 'Setter & Closer',
};
export const registrationRoleOptions = toOptions(registrationRoles, registrationRoleLabels);

export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];
export const sortOrderLabels: Record<SortOrder, string> = { asc: 'Croissant', desc: 'Décroissant' };
export const sortOrderOptions = toOptions(sortOrders, sortOrderLabels);

export const itemLifecycles = ['draft', 'published', 'archived', 'deleted'] as const;
export type ItemLifecycle = (typeof itemLifecycles)[number];
export const itemLifecycleLabels: Record<ItemLifecycle, string> = {
  draft: 'Brouillon',
  published: 'Publié',
  archived: 'Archivé',
  deleted: 'Supprimé',
};
export const itemLifecycleOptions = toOptions(itemLifecycles, itemLifecycleLabels);

export const reviewStatuses = ['not_submitted', 'pending_review', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];
export const reviewStatusLabels: Record<ReviewStatus, string> = {
  not_submitted: 'Non soumis',
  pending_review: 'En attente de validation',
  approved: 'Approuvé',
  rejected: 'Refusé',
};
export const reviewStatusOptions = toOptions(reviewStatuses, reviewStatusLabels);

export const activityStatuses = ['active', 'under_review', 'paused'] as const;
export type ActivityStatus = (typeof activityStatuses)[number];
export const activityStatusLabels: Record<ActivityStatus, string> = {
  active: 'Actif',
  under_review: 'En cours de vérification',
  paused: 'En pause',
};
export const activityStatusOptions = toOptions(activityStatuses, activityStatusLabels);

export const currencies = ['USD', 'EUR', 'GBP', 'JPY', 'CNY'] as const;
export type Currency = (typeof currencies)[number];
export const currencyLabels: Record<Currency, string> = {
  USD: 'Dollar américain (USD)',
  EUR: 'Euro (EUR)',
  GBP: 'Livre sterling (GBP)',
  JPY: 'Yen japonais (JPY)',
  CNY: 'Yuan chinois (CNY)',
};
export const currencyOptions = toOptions(currencies, currencyLabels);

export const prospectStates = [
  'do_not_disturb',
  'follow_up',
  'no_response',
  'not_interested',
  'prospecting',
  'rejected',
  'success',
  'waiting_for_response',
] as const;
export type ProspectState = (typeof prospectStates)[number];
export const prospectStateLabels: Record<ProspectState, string> = {
  do_not_disturb: 'Ne pas déranger',
  follow_up: 'Suivi',
  no_response: 'Pas de réponse',
  not_interested: 'Pas intéressé',
  prospecting: 'Prospection',
  rejected: 'Rejeté',
  success: 'Succès',
  waiting_for_response: 'En attente de réponse',
};
export const prospectStateOptions = toOptions(prospectStates, prospectStateLabels);

export const leadStages = [
  'qualified',
  'contact',
  'demo',
  'proposal',
  'negotiation',
  'closed',
  'lost',
] as const;
export type LeadStage = (typeof leadStages)[number];
export const leadStageLabels: Record<LeadStage, string> = {
  qualified: 'Qualifié',
  contact: 'Contact',
  demo: 'Démo',
  proposal: 'Proposition',
  negotiation: 'Négociation',
  closed: 'Conclu',
  lost: 'Perdu',
};
export const leadStageOptions = toOptions(leadStages, leadStageLabels);

export const pipelineStages = [
  'Prospecting',
  'Qualification',
  'Closing',
  'Role',
  'Onboarding',
  'FollowUp',
  'Closed',
  'Lost',
] as const;
export type PipelineStage = (typeof pipelineStages)[number];
export const pipelineStageLabels: Record<PipelineStage, string> = {
  Prospecting: 'Prospection',
  Qualification: 'Qualification',
  Closing: 'Closing',
  Role: 'R2',
  Onboarding: 'Onboarding',
  FollowUp: 'Suivi',
  Closed: 'Gagné',
  Lost: 'Perdu',
};
export const pipelineStageOptions = toOptions(pipelineStages, pipelineStageLabels);
/** The stages offered by the stage picker: the open ones (Closed and Lost are reached by Gagné / Perdu). */
export const selectablePipelineStages = [
  'Prospecting',
  'Qualification',
  'Closing',
  'Role',
  'Onboarding',
  'FollowUp',
] as const satisfies readonly PipelineStage[];
export type SelectablePipelineStage = (typeof selectablePipelineStages)[number];
export const selectablePipelineStageOptions = toOptions(selectablePipelineStages, pipelineStageLabels);

export const priorities = ['low', 'medium', 'high'] as const;
export type Priority = (typeof priorities)[number];
export const priorityLabels: Record<Priority, string> = { low: 'Faible', medium: 'Moyen', high: 'Élevé' };
export const priorityOptions = toOptions(priorities, priorityLabels);

export const teamMemberRoles = ['creator', 'admin', 'member'] as const;
export type TeamMemberRole = (typeof teamMemberRoles)[number];
export const teamMemberRoleLabels: Record<TeamMemberRole, string> = {
  creator: 'Créateur',
  admin: 'Administrateur',
  member: 'Membre',
};
export const teamMemberRoleOptions = toOptions(teamMemberRoles, teamMemberRoleLabels);

export const prospectingRolePreferences = ['setter', 'closer', 'setter_closer', 'all'] as const;
export type ProspectingRolePreference = (typeof prospectingRolePreferences)[number];
export const prospectingRolePreferenceLabels: Record<ProspectingRolePreference, string> = {
  setter: 'Setter',
  closer: 'Closer',
  setter_closer: 'Setter & Closer',
  all: 'Tous',
};
export const prospectingRolePreferenceOptions = toOptions(
  prospectingRolePreferences,
  prospectingRolePreferenceLabels,
);

export const missionTypes = ['setter', 'closer', 'setter_closer'] as const;
export type MissionType = (typeof missionTypes)[number];
export const missionTypeLabels: Record<MissionType, string> = {
  setter: 'Setter',
  closer: 'Closer',
  setter_closer: 'Setter & Closer',
};
export const missionTypeOptions = toOptions(missionTypes, missionTypeLabels);

export const missionStatuses = ['open', 'in_progress', 'filled', 'closed'] as const;
export type MissionStatus = (typeof missionStatuses)[number];
export const missionStatusLabels: Record<MissionStatus, string> = {
  open: 'Ouverte',
  in_progress: 'En cours',
  filled: 'Pourvue',
  closed: 'Fermée',
};
export const missionStatusOptions = toOptions(missionStatuses, missionStatusLabels);

export const applicationStatuses = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  pending: 'En attente',
  accepted: 'Acceptée',
  declined: 'Refusée',
  withdrawn: 'Retirée',
};
export const applicationStatusOptions = toOptions(applicationStatuses, applicationStatusLabels);

export const userTypes = ['setter', 'closer', 'infopreneur', 'setter_closer', 'unknown'] as const;
export type UserType = (typeof userTypes)[number];
export const userTypeLabels: Record<UserType, string> = {
  setter: 'Setter',
  closer: 'Closer',
  infopreneur: 'Infopreneur',
  setter_closer: 'Setter & Closer',
  unknown: 'Utilisateur',
};
export const userTypeOptions = toOptions(userTypes, userTypeLabels);

/** A subscription's state, as Stripe names it (`incomplete`: the first payment is not confirmed yet). */
export const subscriptionStatuses = ['incomplete', 'active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  incomplete: 'En attente de paiement',
  active: 'Active',
  past_due: 'Paiement en retard',
  canceled: 'Résiliée',
};
export const subscriptionStatusOptions = toOptions(subscriptionStatuses, subscriptionStatusLabels);

export const colorSchemes = ['system', 'light', 'dark'] as const;
export type ColorScheme = (typeof colorSchemes)[number];
export const colorSchemeLabels: Record<ColorScheme, string> = {
  system: 'Système',
  light: 'Clair',
  dark: 'Sombre',
};
export const colorSchemeOptions = toOptions(colorSchemes, colorSchemeLabels);

/** The user activity actions of spec §3, plus logout (also logged). */
export const activityActions = [
  'login',
  'logout',
  'register',
  'update',
  'change_password',
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
] as const;
export type ActivityAction = (typeof activityActions)[number];
export const activityActionLabels: Record<ActivityAction, string> = {
  login: 'Connecté',
  logout: 'Déconnecté',
  register: 'Enregistré',
  update: 'Profil mis à jour',
  change_password: 'Mot de passe changé',
  'forgot-password': 'Mot de passe oublié',
  'reset-password': 'Mot de passe réinitialisé',
  'email-verified': 'E-mail vérifié',
  'email-verification': "Vérification d'e-mail demandée",
  'update-profile-picture': 'Photo de profil mise à jour',
  'update-banner': 'Bannière mise à jour',
  'update-password': 'Mot de passe mis à jour',
  'update-email': 'E-mail mis à jour',
  'update-username': "Nom d'utilisateur mis à jour",
  'update-first-name': 'Prénom mis à jour',
  'update-last-name': 'Nom mis à jour',
  'update-bio': 'Bio mise à jour',
};
export const activityActionOptions = toOptions(activityActions, activityActionLabels);

export const teamInvitationStatuses = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type TeamInvitationStatus = (typeof teamInvitationStatuses)[number];
export const teamInvitationStatusLabels: Record<TeamInvitationStatus, string> = {
  pending: 'En attente',
  accepted: 'Acceptée',
  declined: 'Refusée',
  cancelled: 'Annulée',
};

/**
 * What a notification is about. Each type belongs to one category, and each user chooses per
 * category whether it also goes by e-mail (`notificationCategories`).
 */
export const notificationTypes = [
  'message',
  'application_received',
  'application_accepted',
  'application_declined',
  'application_withdrawn',
  'deal_handoff',
  'deal_refunded',
  'team_invitation',
  'team_invitation_accepted',
  'team_role_changed',
  'team_member_removed',
  'team_event',
  'service_approved',
  'service_rejected',
  'subscription_activated',
  'subscription_payment_failed',
  'subscription_canceled',
  'webinar_rescheduled',
  'webinar_canceled',
  'webinar_reminder',
  'webinar_replay',
  'webinar_lead',
  'webinar_registered',
  'post_comment',
  'report_resolved',
  'roadmap_shipped',
  'roadmap_suggestion_accepted',
  'roadmap_suggestion_declined',
  'support_reply',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

export const notificationCategories = [
  'messages',
  'applications',
  'deals',
  'teams',
  'services',
  'billing',
  'webinars',
  'community',
  'roadmap',
  'support',
] as const;
export type NotificationCategory = (typeof notificationCategories)[number];
export const notificationCategoryLabels: Record<NotificationCategory, string> = {
  messages: 'Nouveaux messages',
  applications: 'Candidatures et réponses',
  deals: 'Ventes transmises et remboursées',
  teams: 'Invitations et vie des équipes',
  services: 'Validation de mes formations',
  billing: 'Abonnement et paiements',
  webinars: 'Webinaires : rappels, changements et nouveaux inscrits',
  community: 'Communauté : commentaires et signalements',
  roadmap: 'Feuille de route : idées livrées et suivi de mes propositions',
  support: 'Support : réponses à mes demandes',
};
export const notificationCategoryOf: Record<NotificationType, NotificationCategory> = {
  message: 'messages',
  application_received: 'applications',
  application_accepted: 'applications',
  application_declined: 'applications',
  application_withdrawn: 'applications',
  deal_handoff: 'deals',
  deal_refunded: 'deals',
  team_invitation: 'teams',
  team_invitation_accepted: 'teams',
  team_role_changed: 'teams',
  team_member_removed: 'teams',
  team_event: 'teams',
  service_approved: 'services',
  service_rejected: 'services',
  subscription_activated: 'billing',
  subscription_payment_failed: 'billing',
  subscription_canceled: 'billing',
  webinar_rescheduled: 'webinars',
  webinar_canceled: 'webinars',
  webinar_reminder: 'webinars',
  webinar_replay: 'webinars',
  webinar_lead: 'webinars',
  webinar_registered: 'webinars',
  post_comment: 'community',
  report_resolved: 'community',
  roadmap_shipped: 'roadmap',
  roadmap_suggestion_accepted: 'roadmap',
  roadmap_suggestion_declined: 'roadmap',
  support_reply: 'support',
};
/**
 * E-mail by default for everything but direct messages: a conversation is read in the app, and
 * a mail per message would drown the inbox (one can turn it on in the settings).
 */
export const defaultEmailNotifications: Record<NotificationCategory, boolean> = {
  messages: false,
  applications: true,
  deals: true,
  teams: true,
  services: true,
  billing: true,
  webinars: true,
  community: true,
  roadmap: true,
  support: true,
};

/** The commission ledger (responses/deals.ts): a line's role and its status as answered. */
export const commissionRoles = ['setter', 'closer', 'seller'] as const;
export type CommissionRole = (typeof commissionRoles)[number];
/** `due`: unpaid and its due date has come (stored as pending; computed on read). */
export const commissionStatuses = ['pending', 'due', 'paid', 'clawed_back'] as const;
export type CommissionStatus = (typeof commissionStatuses)[number];

/** How the sales pages and the accountant's CSV name a line's role and status. */
export const commissionRoleLabels: Record<CommissionRole, string> = {
  setter: 'Setter',
  closer: 'Closer',
  seller: 'Vendeur',
};
export const commissionStatusLabels: Record<CommissionStatus, string> = {
  pending: 'En attente',
  due: 'Due',
  paid: 'Payée',
  clawed_back: 'Reprise',
};

/*
 * The sorts and roles of the marketplace's searches (`GET /missions`, `/jobs`, `/freelancers`;
 * schemas/marketplace.ts): here, without Zod, for the web's reading of its addresses.
 */
export const missionSortFields = ['newest', 'price', 'commissionAmount', 'commissionRate', 'match'] as const;
export type MissionSortField = (typeof missionSortFields)[number];

export const jobSortFields = ['commissionAmount', 'commissionRate', 'price', 'newest'] as const;
export type JobSortField = (typeof jobSortFields)[number];

export const freelancerRoles = ['setter', 'closer', 'setter_closer', 'all'] as const;
export type FreelancerRole = (typeof freelancerRoles)[number];
