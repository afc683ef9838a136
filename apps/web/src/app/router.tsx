import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, Navigate, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../components/route-error-page';
import { StartupSpinner } from '../components/startup-spinner';
import type { ComingSoonPath } from '../config/coming-soon-descriptions';
import { paths } from '../config/paths';
import type { RouteHandle } from '../config/route-handle';
import type { GuardName } from './guards';
import { RootLayout } from './root-layout';

/*
 * Every route of spec §2. Layouts and pages are lazy (route-level code splitting): the entry
 * chunk holds only this table, the providers and the root layout.
 */

type LazyComponent = () => Promise<{ Component: ComponentType }>;

const layouts = {
  default: () => import('../layouts/default-layout').then((m) => ({ Component: m.DefaultLayout })),
  auth: () => import('../layouts/auth-layout').then((m) => ({ Component: m.AuthLayout })),
  profile: () => import('../layouts/profile-layout').then((m) => ({ Component: m.ProfileLayout })),
  admin: () => import('../layouts/admin-layout').then((m) => ({ Component: m.AdminLayout })),
  onboarding: () => import('../layouts/onboarding-layout').then((m) => ({ Component: m.OnboardingLayout })),
} satisfies Record<string, LazyComponent>;

/**
 * The pages of a feature, loaded through the feature's page index (`features/<name>/routes.ts`):
 * the route table holds one short import per feature instead of a list of chunks per page.
 */
function featurePages<N extends string>(load: () => Promise<Record<N, () => Promise<ComponentType>>>) {
  return (name: N): LazyComponent =>
    () =>
      load().then(async (pages) => ({ Component: await pages[name]() }));
}

const marketplace = featurePages(() =>
  import('../features/marketplace/routes').then((m) => m.marketplacePages),
);
const prospects = featurePages(() => import('../features/prospects/routes').then((m) => m.prospectPages));
const sales = featurePages(() => import('../features/sales/routes').then((m) => m.salesPages));
const messages = featurePages(() => import('../features/messages/routes').then((m) => m.messagesPages));
const teams = featurePages(() => import('../features/teams/routes').then((m) => m.teamsPages));
const webinars = featurePages(() => import('../features/webinars/routes').then((m) => m.webinarPages));
const billing = featurePages(() => import('../features/billing/routes').then((m) => m.billingPages));
const posts = featurePages(() => import('../features/posts/routes').then((m) => m.postsPages));
const roadmap = featurePages(() => import('../features/roadmap/routes').then((m) => m.roadmapPages));
const admin = featurePages(() => import('../features/admin/routes').then((m) => m.adminPages));
const articles = featurePages(() => import('../features/articles/routes').then((m) => m.articlesPages));
const support = featurePages(() => import('../features/support/routes').then((m) => m.supportPages));

const comingSoon: LazyComponent = () =>
  import('../components/coming-soon').then((m) => ({ Component: m.ComingSoonPage }));

/**
 * Route-level guard: a loader, re-run on every navigation (it only reads the cached user). The
 * guards are a chunk of their own, fetched alongside the page's chunk: public pages never need them.
 */
function guarded(...names: GuardName[]): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  return {
    loader: async (args: LoaderFunctionArgs) => (await import('./guards')).guard(...names)(args),
    shouldRevalidate: () => true,
  };
}

interface PageOptions {
  guards?: GuardName[];
  handle?: Omit<RouteHandle, 'title'>;
}

/** A real page. */
function page(path: string, title: string, lazy: LazyComponent, options: PageOptions = {}): RouteObject {
  return {
    path,
    lazy,
    handle: { title, ...options.handle } satisfies RouteHandle,
    ...(options.guards ? guarded(...options.guards) : {}),
  };
}

/** A page whose feature comes later: its title, and what it will show (config/coming-soon-descriptions.ts). */
function soon(path: ComingSoonPath, title: string, options: PageOptions = {}): RouteObject {
  return page(path, title, comingSoon, { ...options, handle: { ...options.handle, comingSoon: path } });
}

const publicRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('../features/home/pages/home-page').then((m) => ({ Component: m.HomePage })),
    handle: { title: 'Accueil', fullWidth: true, dataFree: true } satisfies RouteHandle,
  },
  page(
    paths.account,
    'Mon compte',
    () => import('../features/account/pages/account-page').then((m) => ({ Component: m.AccountPage })),
    { guards: ['auth'] },
  ),
  page(paths.pricing, 'Tarifs', billing('pricing')),
  page(paths.payment.success, 'Paiement confirmé', billing('success'), { guards: ['auth'] }),
  page(paths.payment.portal, 'Gérer mon abonnement', billing('portal'), { guards: ['auth'] }),
  page(paths.payment.checkoutPattern, 'Paiement', billing('checkout'), { guards: ['auth'] }),
  page(paths.payment.planPattern, 'Paiement', billing('payment'), { guards: ['auth'] }),
  page(paths.cgu, "Conditions générales d'utilisation", () =>
    import('../features/legal/pages/cgu-page').then((m) => ({ Component: m.CguPage })),
  ),
  page(paths.privacyPolicy, 'Politique de confidentialité', () =>
    import('../features/legal/pages/privacy-policy-page').then((m) => ({ Component: m.PrivacyPolicyPage })),
  ),
  page(paths.roadMap, 'Feuille de route', roadmap('roadmap')),
  page(paths.support, 'Support', support('support')),
  page(paths.supportTicketPattern, 'Ma demande', support('ticket'), { guards: ['auth'] }),
  page(paths.blog.list, 'Blog', articles('blog')),
  page(paths.blog.postPattern, 'Article', articles('blogArticle')),
  page(paths.tutorials.list, 'Tutoriels', articles('tutorials')),
  page(paths.tutorials.tutorialPattern, 'Tutoriel', articles('tutorial')),
];

/**
 * `/app/*`: the marketplace. Signed-in pages (the profile check): they share the dashboard's layout,
 * its sidebar with them, so that moving between the two never leaves the app.
 */
const appRoutes: RouteObject[] = [
  page(paths.app.jobs, 'Offres à vendre', marketplace('jobs')),
  page(paths.app.jobPattern, 'Offre de formation', marketplace('job')),
  page(paths.app.missions, 'Recherche de Missions', marketplace('missions')),
  page(paths.app.missionPattern, 'Mission', marketplace('mission')),
  page(paths.app.webinars, 'Nos webinaires', webinars('list')),
  page(paths.app.webinarCreate, 'Nouveau webinaire', webinars('create')),
  page(paths.app.webinarEditPattern, 'Modifier le webinaire', webinars('edit')),
  page(paths.app.webinarReplayPattern, 'Replay du webinaire', webinars('replay')),
  page(paths.app.webinarPattern, 'Webinaire', webinars('webinar')),
  page(paths.app.posts, 'Communauté', posts('feed')),
  page(paths.app.postCreate, 'Nouvelle publication', posts('create'), { guards: ['auth'] }),
  page(paths.app.postEditPattern, 'Modifier la publication', posts('edit'), { guards: ['auth'] }),
  page(paths.app.postPattern, 'Publication', posts('post')),
  page(paths.app.search, 'Recherche Setter & Closer', marketplace('freelancers')),
  page(
    paths.app.userPattern,
    'Profil',
    () =>
      import('../features/profile/pages/public-profile-page').then((m) => ({
        Component: m.PublicProfilePage,
      })),
    { guards: ['auth'] },
  ),
];

function authPage(path: string, title: string, load: LazyComponent, guards?: GuardName[]): RouteObject {
  return page(path, title, load, guards ? { guards } : {});
}

const authRoutes: RouteObject[] = [
  authPage(
    paths.auth.signIn,
    'Connexion',
    () => import('../features/auth/pages/sign-in-page').then((m) => ({ Component: m.SignInPage })),
    ['guest'],
  ),
  authPage(
    paths.auth.signUp,
    'Créer mon compte',
    () => import('../features/auth/pages/sign-up-page').then((m) => ({ Component: m.SignUpPage })),
    ['guest'],
  ),
  authPage(paths.auth.signOut, 'Déconnexion', () =>
    import('../features/auth/pages/sign-out-page').then((m) => ({ Component: m.SignOutPage })),
  ),
  authPage(paths.auth.forgotPassword, 'Mot de passe oublié', () =>
    import('../features/auth/pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
  ),
  authPage(
    paths.auth.resetPassword,
    'Réinitialiser le mot de passe',
    () =>
      import('../features/auth/pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
    ['reset-password'],
  ),
  authPage(
    paths.auth.changePassword,
    'Changer de mot de passe',
    () =>
      import('../features/auth/pages/change-password-page').then((m) => ({
        Component: m.ChangePasswordPage,
      })),
    ['auth'],
  ),
  authPage(paths.auth.verifyEmail, "Vérification de l'e-mail", () =>
    import('../features/auth/pages/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })),
  ),
  authPage(paths.auth.verifyEmailSuccess, 'E-mail vérifié', () =>
    import('../features/auth/pages/verify-email-success-page').then((m) => ({
      Component: m.VerifyEmailSuccessPage,
    })),
  ),
];

const dashboardRoutes: RouteObject[] = [
  page(
    paths.dashboard.root,
    'Tableau de bord',
    () => import('../features/dashboard/pages/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
    { guards: ['dashboard'] },
  ),
  page(paths.dashboard.activeSales, 'Ventes actives', sales('activeSales')),
  page(paths.dashboard.advertisement, 'Publicité', marketplace('advertisements'), {
    guards: ['role:infopreneur'],
  }),
  page(paths.dashboard.favorites, 'Favoris', marketplace('favorites')),
  page(paths.dashboard.merged, 'Vue fusionnée', prospects('merged')),
  page(paths.dashboard.messages, 'Messages', messages('list'), { guards: ['messages'] }),
  page(paths.dashboard.messagesNew, 'Nouveau message', messages('new'), { guards: ['messages'] }),
  page(paths.dashboard.conversationPattern, 'Conversation', messages('conversation'), {
    guards: ['messages'],
  }),
  page(paths.dashboard.prospects, 'Prospects', prospects('prospects')),
  page(paths.dashboard.sales, 'Ventes', sales('sales')),
  page(paths.dashboard.salePattern, 'Détail de la vente', sales('sale')),
  page(paths.dashboard.services, 'Mes offres de formation', marketplace('services'), {
    guards: ['role:infopreneur'],
  }),
  page(paths.dashboard.settings, 'Paramètres', () =>
    import('../features/settings/pages/settings-page').then((m) => ({ Component: m.SettingsPage })),
  ),
  page(paths.dashboard.billing, 'Abonnement et factures', billing('settings')),
  page(paths.dashboard.stats, 'Statistiques', sales('stats')),
  page(paths.dashboard.teams, 'Équipes', teams('list')),
  page(paths.dashboard.teamPattern, 'Équipe', teams('team')),
  page(paths.dashboard.teamManagePattern, "Gérer l'équipe", teams('manage')),
  page(paths.dashboard.teamChatPattern, "Discussion d'équipe", teams('chat')),
  page(paths.dashboard.teamSalesPattern, "Ventes de l'équipe", teams('sales')),
  page(paths.dashboard.teamSalePattern, "Vente de l'équipe", teams('sale')),
];

const adminRoutes: RouteObject[] = [
  page(paths.admin.root, 'Administration', admin('overview')),
  page(paths.admin.infopreneurFormations, 'Offres de formation', admin('services')),
  page(paths.admin.skills, 'Compétences', admin('skills')),
  page(paths.admin.formationsCatalogue, 'Catalogue des formations', admin('formations')),
  page(paths.admin.teams, 'Équipes', teams('admin')),
  soon(paths.admin.users, 'Utilisateurs'),
  page(paths.admin.moderation, 'Modération', () =>
    import('../features/moderation/pages/moderation-page').then((m) => ({ Component: m.ModerationPage })),
  ),
  page(paths.admin.roadmap, 'Feuille de route', roadmap('admin')),
  page(paths.admin.articles, 'Articles', articles('admin')),
  page(paths.admin.articleNew, 'Nouvel article', articles('create')),
  page(paths.admin.articlePattern, 'Modifier l’article', articles('edit')),
  page(paths.admin.support, 'Support', support('adminInbox')),
  page(paths.admin.supportTicketPattern, 'Demande de support', support('adminTicket')),
  page(paths.admin.faq, 'FAQ', support('adminFaq')),
  page(paths.admin.workSectors, "Secteurs d'activité", admin('workSectors')),
];

const onboardingRoutes: RouteObject[] = [
  page(paths.onboarding.root, 'Bienvenue sur Closia', () =>
    import('../features/onboarding/pages/onboarding-page').then((m) => ({ Component: m.OnboardingPage })),
  ),
  page(paths.onboarding.finish, 'Profil terminé', () =>
    import('../features/onboarding/pages/onboarding-finish-page').then((m) => ({
      Component: m.OnboardingFinishPage,
    })),
  ),
  page(paths.onboarding.trackPattern, 'Création de votre profil', () =>
    import('../features/onboarding/pages/onboarding-track-page').then((m) => ({
      Component: m.OnboardingTrackPage,
    })),
  ),
  page(paths.onboarding.stepPattern, 'Création de votre profil', () =>
    import('../features/onboarding/pages/onboarding-step-page').then((m) => ({
      Component: m.OnboardingStepPage,
    })),
  ),
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    errorElement: <RouteErrorPage />,
    HydrateFallback: StartupSpinner,
    children: [
      { lazy: layouts.default, children: publicRoutes },
      { lazy: layouts.auth, children: authRoutes },
      // One layout route for both: going from the dashboard to the marketplace keeps the shell mounted.
      { lazy: layouts.profile, ...guarded('profile'), children: [...dashboardRoutes, ...appRoutes] },
      { path: paths.admin.root, lazy: layouts.admin, ...guarded('admin'), children: adminRoutes },
      {
        path: paths.onboarding.root,
        lazy: layouts.onboarding,
        ...guarded('onboarding'),
        children: onboardingRoutes,
      },
      { path: paths.login, element: <Navigate to={paths.auth.signIn} replace /> },
      {
        path: '*',
        lazy: () => import('../components/error-page').then((m) => ({ Component: m.NotFoundPage })),
        handle: { title: 'Error 404' } satisfies RouteHandle,
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createRouter>;
