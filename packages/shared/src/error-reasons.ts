import { type ErrorCode, errorCodes } from './api-types';

/** One reason a request is refused: its HTTP status, the envelope `code` it goes with, and its French wording. */
export interface ErrorReasonEntry {
  status: number;
  code: ErrorCode;
  /** The sentence the web shows (the API's `message` stays English). */
  fr: string;
}

const { conflict, forbidden, validation, emailNotVerified, onboardingRequired, paymentDeclined } = errorCodes;

/**
 * Why a request was refused, beside the envelope's generic `code` (`{ code, message, reason }`):
 * the one table the server throws from and the web words from. A reason is specific enough that
 * the web never looks at the status to word it.
 */
export const errorReasons = {
  // --- accounts and roles
  ACCOUNT_SUSPENDED: { status: 403, code: forbidden, fr: 'Votre compte est suspendu.' },
  INFOPRENEUR_ONLY: {
    status: 403,
    code: forbidden,
    fr: 'Seuls les infopreneurs peuvent faire cette action.',
  },
  PROFILE_INCOMPLETE: {
    status: 422,
    code: validation,
    fr: 'Votre profil est incomplet : remplissez les champs obligatoires avant de terminer.',
  },
  REQUEST_IN_PROGRESS: {
    status: 409,
    code: conflict,
    fr: 'Cette demande est déjà en cours de traitement : vérifiez son résultat avant de réessayer.',
  },

  // --- marketplace: offers, missions, applications, favorites
  OFFER_ALREADY_APPROVED: { status: 409, code: conflict, fr: 'Cette offre est déjà approuvée.' },
  OFFER_NOT_APPROVED: {
    status: 422,
    code: validation,
    fr: 'L’offre doit être approuvée par un administrateur avant d’y publier des missions.',
  },
  MISSION_ARCHIVED: {
    status: 409,
    code: conflict,
    fr: 'Une mission archivée ne peut pas être publiée à nouveau.',
  },
  OWN_MISSION: { status: 403, code: forbidden, fr: 'Vous ne pouvez pas postuler à votre propre mission.' },
  SELLER_ONLY: {
    status: 403,
    code: forbidden,
    fr: 'Seuls les setters, closers et setters-closers peuvent postuler aux missions.',
  },
  NOT_ELIGIBLE: {
    status: 422,
    code: validation,
    fr: 'Votre profil ne remplit pas les conditions de cette mission.',
  },
  ALREADY_APPLIED: { status: 409, code: conflict, fr: 'Vous avez déjà postulé à cette mission.' },
  MISSION_OWNER_ONLY: {
    status: 403,
    code: forbidden,
    fr: 'Seul l’infopreneur de la mission peut accepter ou refuser une candidature.',
  },
  APPLICANT_ONLY: { status: 403, code: forbidden, fr: 'Seul le candidat peut retirer sa candidature.' },
  APPLICATION_DECIDED: {
    status: 409,
    code: conflict,
    fr: 'Cette candidature n’est plus en attente : rechargez la page pour voir où elle en est.',
  },
  SELF_FAVORITE: {
    status: 422,
    code: validation,
    fr: 'Vous ne pouvez pas vous ajouter vous-même à vos favoris.',
  },

  // --- reference data (admin)
  IN_USE: {
    status: 409,
    code: conflict,
    fr: 'Cet élément est utilisé par des profils ou des offres : il ne peut pas être supprimé.',
  },

  // --- prospects
  PROSPECT_HAS_WON_DEAL: {
    status: 409,
    code: conflict,
    fr: 'Ce prospect a une vente gagnée, avec ses commissions : il ne peut pas être supprimé.',
  },

  // --- sales (deals and commissions)
  DEAL_READ_ONLY: {
    status: 403,
    code: forbidden,
    fr: 'L’infopreneur de l’offre suit cette vente en lecture seule.',
  },
  DEAL_OWNER_ONLY: {
    status: 403,
    code: forbidden,
    fr: 'Seul le propriétaire de la vente peut faire cette action.',
  },
  DEAL_WITH_CLOSER: {
    status: 403,
    code: forbidden,
    fr: 'Après le R2, la vente appartient à son closer : seul son propriétaire peut la modifier.',
  },
  SETTER_STAGE_LIMIT: {
    status: 403,
    code: forbidden,
    fr: 'Un setter fait avancer une vente jusqu’au R2 ; son closer la mène ensuite.',
  },
  DEAL_CLOSED: {
    status: 409,
    code: conflict,
    fr: 'Cette vente est déjà gagnée ou perdue : rechargez la page, et rouvrez-la pour la modifier.',
  },
  DEAL_OPEN: { status: 409, code: conflict, fr: 'Cette vente est déjà ouverte : rechargez la page.' },
  DEAL_NO_OFFER: {
    status: 409,
    code: conflict,
    fr: 'Cette vente n’a plus d’offre : elle ne peut pas être gagnée.',
  },
  DEAL_NOT_WON: { status: 409, code: conflict, fr: 'Seule une vente gagnée peut être remboursée.' },
  DEAL_REFUNDED: {
    status: 409,
    code: conflict,
    fr: 'Cette vente a été remboursée : elle ne peut être ni rouverte ni remboursée à nouveau.',
  },
  COMMISSIONS_PAID: {
    status: 409,
    code: conflict,
    fr: 'Des commissions de cette vente sont payées : déclarez plutôt un remboursement.',
  },
  HANDOFF_STAGE: {
    status: 409,
    code: conflict,
    fr: 'Une vente se transmet à un closer au stade R2 : passez-la d’abord en R2.',
  },
  COMMISSION_PAID: { status: 409, code: conflict, fr: 'Cette commission est déjà payée.' },
  COMMISSION_CLAWED_BACK: {
    status: 409,
    code: conflict,
    fr: 'Cette commission a été annulée après un remboursement.',
  },

  // --- teams
  ROLE_REQUIRED: {
    status: 403,
    code: forbidden,
    fr: 'Votre rôle dans l’équipe ne permet pas cette action.',
  },
  DEFAULT_CHAT: {
    status: 409,
    code: conflict,
    fr: 'La discussion générale de l’équipe ne peut pas être supprimée.',
  },
  CREATOR_BY_TRANSFER: {
    status: 409,
    code: conflict,
    fr: 'Le rôle de créateur se donne en transférant l’équipe.',
  },
  CREATOR_CANNOT_LEAVE: {
    status: 409,
    code: conflict,
    fr: 'Transférez l’équipe à un autre membre avant de la quitter.',
  },
  ALREADY_IN_TEAM: {
    status: 409,
    code: conflict,
    fr: 'Cette personne est déjà membre ou a déjà une invitation en attente.',
  },
  INVITATION_ANSWERED: {
    status: 409,
    code: conflict,
    fr: 'Cette invitation n’est plus en attente : rechargez la page.',
  },

  // --- messages
  EMAIL_NOT_VERIFIED: {
    status: 403,
    code: emailNotVerified,
    fr: 'Vérifiez votre adresse e-mail pour utiliser la messagerie.',
  },
  ONBOARDING_REQUIRED: {
    status: 403,
    code: onboardingRequired,
    fr: 'Terminez votre inscription pour utiliser la messagerie.',
  },
  SELF_MESSAGE: { status: 422, code: validation, fr: 'Vous ne pouvez pas vous écrire à vous-même.' },

  // --- billing
  CARD_DECLINED: {
    status: 402,
    code: paymentDeclined,
    fr: 'Votre carte a été refusée. Essayez une autre carte.',
  },
  INSUFFICIENT_FUNDS: {
    status: 402,
    code: paymentDeclined,
    fr: 'Fonds insuffisants sur cette carte : le paiement n’a pas abouti.',
  },
  CHECKOUT_CLOSED: {
    status: 409,
    code: conflict,
    fr: 'Ce paiement est déjà terminé ou a expiré : recommencez depuis la page des offres.',
  },
  NO_SUBSCRIPTION: {
    status: 409,
    code: conflict,
    fr: 'Vous n’avez pas d’abonnement en cours.',
  },
  ALREADY_SUBSCRIBED: {
    status: 409,
    code: conflict,
    fr: 'Vous avez déjà cette offre : changez-la depuis « Gérer mon abonnement ».',
  },
  // --- webinars (issue 21)
  WEBINAR_IN_PAST: {
    status: 422,
    code: validation,
    fr: 'La date de début doit être dans le futur.',
  },
  WEBINAR_ALREADY_REGISTERED: {
    status: 409,
    code: conflict,
    fr: 'Vous êtes déjà inscrit à ce webinaire.',
  },
  WEBINAR_REGISTRATION_CLOSED: {
    status: 422,
    code: validation,
    fr: 'Les inscriptions à ce webinaire sont fermées.',
  },
  WEBINAR_FULL: { status: 422, code: validation, fr: 'Ce webinaire est complet : il ne reste aucune place.' },
  WEBINAR_OVER: {
    status: 422,
    code: validation,
    fr: 'Ce webinaire est terminé : il n’accepte plus d’inscriptions.',
  },
  WEBINAR_FREE: {
    status: 422,
    code: validation,
    fr: 'Ce webinaire est gratuit : inscrivez-vous directement, sans paiement.',
  },
  WEBINAR_PAYMENT_REQUIRED: {
    status: 422,
    code: validation,
    fr: 'Ce webinaire est payant : l’inscription passe par le paiement de sa place.',
  },
  WEBINAR_NOT_REGISTERED: {
    status: 404,
    code: errorCodes.notFound,
    fr: 'Vous n’êtes pas inscrit à ce webinaire.',
  },
  WEBINAR_REPLAY_REGISTRANTS_ONLY: {
    status: 403,
    code: forbidden,
    fr: 'Le replay est réservé aux inscrits de ce webinaire : inscrivez-vous au prochain pour ne rien manquer.',
  },
  WEBINAR_REPLAY_UNAVAILABLE: {
    status: 404,
    code: errorCodes.notFound,
    fr: 'Aucun replay n’est disponible pour ce webinaire.',
  },
  WEBINAR_SERVICE_NOT_OWNED: {
    status: 422,
    code: validation,
    fr: 'Choisissez une de vos offres approuvées.',
  },

  // --- community feed and moderation (issue 21)
  CONTENT_ALREADY_REPORTED: {
    status: 409,
    code: conflict,
    fr: 'Vous avez déjà signalé ce contenu : l’équipe de modération s’en occupe.',
  },
  CONTENT_UNSAFE: {
    status: 422,
    code: validation,
    fr: 'Le contenu contient des éléments non autorisés (images externes, scripts) : retirez-les et réessayez.',
  },
  REPORT_ALREADY_RESOLVED: { status: 409, code: conflict, fr: 'Ce signalement a déjà été traité.' },

  // --- articles: blog and tutorials (issue 22)
  ARTICLE_NOT_FOUND: {
    status: 404,
    code: errorCodes.notFound,
    fr: 'Cet article est introuvable : il a été retiré ou n’est pas encore publié sur le site.',
  },
  ARTICLE_SLUG_TAKEN: {
    status: 409,
    code: conflict,
    fr: 'Cette adresse est déjà utilisée par un autre article : choisissez-en une autre.',
  },
  ARTICLE_CATEGORY_MISMATCH: {
    status: 422,
    code: validation,
    fr: 'Cette catégorie n’existe pas pour ce type d’article : choisissez-en une de la liste.',
  },
  ARTICLE_SCHEDULE_DATE_INVALID: {
    status: 422,
    code: validation,
    fr: 'Pour programmer un article, choisissez une date de publication dans le futur.',
  },
  ARTICLE_PUBLISHED_IN_FUTURE: {
    status: 422,
    code: validation,
    fr: 'Un article publié ne peut pas avoir une date de publication future : programmez-le plutôt.',
  },
  // --- road map (issue 22 §2)
  /** A suggestion accepted twice, a shipped idea declined, a suggestion moved without a decision. */
  ROADMAP_WRONG_STATUS: {
    status: 409,
    code: conflict,
    fr: 'Le statut de cette idée ne permet pas cette action : rechargez la liste.',
  },
  // --- support (issue 22)
  SUPPORT_THREAD_FULL: {
    status: 409,
    code: conflict,
    fr: 'Cette demande a trop de messages : ouvrez-en une nouvelle.',
  },
  SUPPORT_ASSIGNEE_NOT_ADMIN: {
    status: 422,
    code: validation,
    fr: 'Seul un administrateur peut recevoir une demande.',
  },
} as const satisfies Record<string, ErrorReasonEntry>;

export type ErrorReason = keyof typeof errorReasons;

/** Every reason, for the OpenAPI enum and for checks. */
export const errorReasonNames = Object.keys(errorReasons) as [ErrorReason, ...ErrorReason[]];

export function isErrorReason(value: unknown): value is ErrorReason {
  return typeof value === 'string' && Object.hasOwn(errorReasons, value);
}

/** The French sentence of a reason, or null for anything that is not one. */
export function errorReasonText(value: unknown): string | null {
  return isErrorReason(value) ? errorReasons[value].fr : null;
}
