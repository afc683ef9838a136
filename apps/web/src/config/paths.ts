/**
 * Every route of the app (spec §2), in one place: links, redirects and guards use these, never
 * string literals. Parameterised routes have a builder; `pattern` values are the router's
 * patterns (relative to their layout is not needed: the router uses absolute patterns).
 */

type Id = string | number;

const enc = (value: Id) => encodeURIComponent(String(value));
/** Multi-segment slugs keep their slashes. */
const encSlug = (slug: string) => slug.split('/').filter(Boolean).map(encodeURIComponent).join('/');

export const onboardingTracks = ['setter', 'closer', 'setter-closer', 'infopreneur'] as const;
export type OnboardingTrack = (typeof onboardingTracks)[number];

export const paths = {
  home: '/',
  login: '/login',
  account: '/account',
  pricing: '/pricing',
  payment: {
    plan: (planId: Id) => `/payment/${enc(planId)}`,
    planPattern: '/payment/:planId',
    success: '/payment/success',
    /** The sandbox provider's checkout page (Stripe's own page otherwise); the server builds its links. */
    checkoutPattern: '/payment/checkout/:sessionId',
    /** The sandbox provider's customer portal (Stripe's own portal otherwise). */
    portal: '/payment/portal',
  },
  cgu: '/cgu',
  privacyPolicy: '/privacy-policy',
  roadMap: '/road-map',
  support: '/support',
  /** A requester's ticket and its thread (issue 22). */
  supportTicket: (id: Id) => `/support/tickets/${enc(id)}`,
  supportTicketPattern: '/support/tickets/:id',
  blog: {
    list: '/blog',
    post: (slug: string) => `/blog/${encSlug(slug)}`,
    postPattern: '/blog/*',
  },
  tutorials: {
    list: '/tutorials',
    tutorial: (slug: string) => `/tutorials/${encSlug(slug)}`,
    tutorialPattern: '/tutorials/*',
  },

  app: {
    root: '/app',
    jobs: '/app/jobs',
    job: (id: Id) => `/app/jobs/${enc(id)}`,
    jobPattern: '/app/jobs/:id',
    missions: '/app/missions',
    mission: (id: Id) => `/app/missions/${enc(id)}`,
    missionPattern: '/app/missions/:id',
    webinars: '/app/our-webinars',
    webinar: (id: Id) => `/app/our-webinars/${enc(id)}`,
    webinarPattern: '/app/our-webinars/:id',
    webinarCreate: '/app/our-webinars/create',
    webinarEdit: (id: Id) => `/app/our-webinars/edit/${enc(id)}`,
    webinarEditPattern: '/app/our-webinars/edit/:id',
    webinarReplay: (id: Id) => `/app/our-webinars/replay/${enc(id)}`,
    webinarReplayPattern: '/app/our-webinars/replay/:id',
    posts: '/app/posts',
    post: (id: Id) => `/app/posts/${enc(id)}`,
    postPattern: '/app/posts/:id',
    postCreate: '/app/posts/create',
    postEdit: (id: Id) => `/app/posts/edit/${enc(id)}`,
    postEditPattern: '/app/posts/edit/:id',
    search: '/app/search',
    user: (id: Id) => `/app/user/${enc(id)}`,
    userPattern: '/app/user/:id',
  },

  auth: {
    signIn: '/auth/sign-in',
    signUp: '/auth/sign-up',
    signOut: '/auth/sign-out',
    forgotPassword: '/auth/forgot-password',
    resetPassword: '/auth/reset-password',
    changePassword: '/auth/change-password',
    verifyEmail: '/auth/verify-email',
    verifyEmailSuccess: '/auth/verify-email/success',
  },

  dashboard: {
    root: '/dashboard',
    activeSales: '/dashboard/active-sales',
    advertisement: '/dashboard/advertisement',
    favorites: '/dashboard/favorites',
    merged: '/dashboard/merged',
    messages: '/dashboard/messages',
    messagesNew: '/dashboard/messages/new',
    conversation: (id: Id) => `/dashboard/messages/${enc(id)}`,
    conversationPattern: '/dashboard/messages/:id',
    prospects: '/dashboard/prospects',
    sales: '/dashboard/sales',
    sale: (saleId: Id) => `/dashboard/sales/${enc(saleId)}`,
    salePattern: '/dashboard/sales/:saleId',
    services: '/dashboard/services',
    settings: '/dashboard/settings',
    /** "Abonnement et factures". */
    billing: '/dashboard/settings/billing',
    stats: '/dashboard/stats',
    teams: '/dashboard/team',
    team: (id: Id) => `/dashboard/team/${enc(id)}`,
    teamPattern: '/dashboard/team/:id',
    teamManage: (id: Id) => `/dashboard/team/${enc(id)}/manage`,
    teamManagePattern: '/dashboard/team/:id/manage',
    teamChat: (id: Id, chatId: Id) => `/dashboard/team/${enc(id)}/chat/${enc(chatId)}`,
    teamChatPattern: '/dashboard/team/:id/chat/:chatId',
    teamSales: (id: Id) => `/dashboard/team/${enc(id)}/ventes`,
    teamSalesPattern: '/dashboard/team/:id/ventes',
    teamSale: (id: Id, saleId: Id) => `/dashboard/team/${enc(id)}/ventes/${enc(saleId)}`,
    // The spec writes `/dashboard/team/{id}/ventes/{id}`; the second id is the deal's.
    teamSalePattern: '/dashboard/team/:id/ventes/:saleId',
  },

  admin: {
    root: '/admin',
    infopreneurFormations: '/admin/infopreneur-formations',
    /** The reported posts and comments (issue 21). */
    moderation: '/admin/moderation',
    /** The road map's ideas and the members' suggestions (issue 22 §2). */
    roadmap: '/admin/roadmap',
    /** The support inbox and a ticket's page (issue 22). */
    support: '/admin/support',
    supportTicket: (id: Id) => `/admin/support/tickets/${enc(id)}`,
    supportTicketPattern: '/admin/support/tickets/:id',
    /** The FAQ shown on `/support`. */
    faq: '/admin/faq',
    /**
     * The formations catalogue (reference list of trainings followed), not the services under review.
     * Not `/admin/formations`: the server redirects that path to the offers under review.
     */
    formationsCatalogue: '/admin/formations-catalogue',
    skills: '/admin/skills',
    teams: '/admin/teams',
    users: '/admin/users',
    workSectors: '/admin/work-sectors',
    /** The blog and the tutorials (issue 22): the list, a new article, one article's editor. */
    articles: '/admin/articles',
    articleNew: '/admin/articles/new',
    article: (id: Id) => `/admin/articles/${enc(id)}`,
    articlePattern: '/admin/articles/:id',
  },

  onboarding: {
    root: '/onboarding',
    finish: '/onboarding/finish',
    /** Start page of a track, e.g. `/onboarding/setter`. */
    track: (track: OnboardingTrack) => `/onboarding/${track}`,
    trackPattern: '/onboarding/:track',
    /** One step of a track, e.g. `/onboarding/closer/skills`. */
    step: (track: OnboardingTrack, step: string) => `/onboarding/${track}/${enc(step)}`,
    stepPattern: '/onboarding/:track/:step',
  },
} as const;

/** Where a user lands after signing in: the administration for an admin, else the dashboard. */
export function homePath(user: { admin: boolean }): string {
  return user.admin ? paths.admin.root : paths.dashboard.root;
}

/** `/auth/sign-in?redirect=…` for a path the user wanted to reach. */
export function signInWithRedirect(to: string): string {
  if (!to || to === paths.home) return paths.auth.signIn;
  return `${paths.auth.signIn}?redirect=${encodeURIComponent(to)}`;
}

/** A `?redirect=` value is followed only when it is a path of this site (no `//host` or scheme). */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
