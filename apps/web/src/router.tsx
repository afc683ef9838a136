import { Center, Loader } from '@mantine/core';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotFoundPage, RouteErrorPage } from './components/error-page';
import { paths } from './config/paths';
import type { RouteHandle } from './config/route-handle';
import { alwaysRevalidate, type GuardName, guard } from './guards';
import { RootLayout } from './layouts/root-layout';

/*
 * Every route of spec §2. Layouts and pages are lazy (route-level code splitting): the entry
 * chunk holds only this table, the providers and the root layout.
 */

type LazyComponent = () => Promise<{ Component: ComponentType }>;

const layouts = {
  default: () => import('./layouts/default-layout').then((m) => ({ Component: m.DefaultLayout })),
  auth: () => import('./layouts/auth-layout').then((m) => ({ Component: m.AuthLayout })),
  profile: () => import('./layouts/profile-layout').then((m) => ({ Component: m.ProfileLayout })),
  admin: () => import('./layouts/admin-layout').then((m) => ({ Component: m.AdminLayout })),
  onboarding: () => import('./layouts/onboarding-layout').then((m) => ({ Component: m.OnboardingLayout })),
} satisfies Record<string, LazyComponent>;

const comingSoon: LazyComponent = () =>
  import('./components/coming-soon').then((m) => ({ Component: m.ComingSoonPage }));

/** Route-level guard: a loader, re-run on every navigation (it only reads the cached user). */
function guarded(...names: GuardName[]): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  return { loader: guard(...names), shouldRevalidate: alwaysRevalidate };
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

/** A page whose feature comes later: its title and one sentence saying what it will show. */
function soon(path: string, title: string, description: string, options: PageOptions = {}): RouteObject {
  return page(path, title, comingSoon, { ...options, handle: { ...options.handle, soon: description } });
}

const publicRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./features/home/pages/home-page').then((m) => ({ Component: m.HomePage })),
    handle: { title: 'Accueil', fullWidth: true } satisfies RouteHandle,
  },
  page(
    paths.account,
    'Mon compte',
    () => import('./features/account/pages/account-page').then((m) => ({ Component: m.AccountPage })),
    { guards: ['auth'] },
  ),
  soon(
    paths.pricing,
    'Tarifs',
    'Vous comparerez ici les formules Gratuit, Pro et Équipe pour choisir celle qui vous convient.',
  ),
  soon(
    paths.payment.success,
    'Paiement confirmé',
    "Vous trouverez ici la confirmation de votre paiement et l'activation de votre abonnement.",
  ),
  soon(paths.payment.planPattern, 'Paiement', 'Vous réglerez ici votre abonnement en toute sécurité.'),
  page(paths.cgu, "Conditions générales d'utilisation", () =>
    import('./features/legal/pages/cgu-page').then((m) => ({ Component: m.CguPage })),
  ),
  page(paths.privacyPolicy, 'Politique de confidentialité', () =>
    import('./features/legal/pages/privacy-policy-page').then((m) => ({ Component: m.PrivacyPolicyPage })),
  ),
  soon(
    paths.roadMap,
    'Feuille de route',
    'Vous découvrirez ici les nouveautés prévues, en cours et livrées, et pourrez voter pour celles que vous attendez.',
  ),
  soon(
    paths.support,
    'Support',
    'Vous trouverez ici les réponses aux questions fréquentes et un formulaire pour écrire à notre équipe.',
  ),
  soon(
    paths.blog.list,
    'Blog',
    'Vous lirez ici nos articles sur la prospection, le closing et la vente de formations en ligne.',
  ),
  soon(paths.blog.postPattern, 'Article', 'Cet article du blog sera bientôt lisible ici.'),
  soon(
    paths.tutorials.list,
    'Tutoriels',
    'Vous trouverez ici des guides pas à pas pour tirer le meilleur parti de Closia.',
  ),
  soon(paths.tutorials.tutorialPattern, 'Tutoriel', 'Ce tutoriel sera bientôt lisible ici.'),
];

/** `/app/*`: the marketplace, in the default layout, behind the profile check. */
const appRoutes: RouteObject = {
  ...guarded('profile'),
  children: [
    soon(
      paths.app.jobs,
      'Offres à vendre',
      'Vous parcourrez ici le catalogue des formations approuvées à vendre, avec leur prix et votre commission.',
    ),
    soon(
      paths.app.jobPattern,
      'Offre de formation',
      'Vous verrez ici le détail de cette formation et les missions ouvertes qui lui sont rattachées.',
    ),
    soon(
      paths.app.missions,
      'Recherche de Missions',
      'Vous trouverez ici les missions ouvertes des infopreneurs, filtrables par type, secteur et rémunération.',
    ),
    soon(
      paths.app.missionPattern,
      'Mission',
      'Vous verrez ici le détail de la mission, ses exigences, et pourrez y postuler.',
    ),
    soon(
      paths.app.webinars,
      'Nos webinaires',
      'Vous verrez ici les webinaires à venir et passés, et pourrez vous y inscrire.',
    ),
    soon(
      paths.app.webinarReplayPattern,
      'Replay du webinaire',
      'Vous pourrez revoir ici ce webinaire en replay.',
    ),
    soon(
      paths.app.posts,
      'Communauté',
      'Vous lirez ici les publications des membres de la communauté et pourrez partager les vôtres.',
    ),
    soon(
      paths.app.postCreate,
      'Nouvelle publication',
      'Vous rédigerez ici une publication pour la communauté.',
      {
        guards: ['auth'],
      },
    ),
    soon(paths.app.postEditPattern, 'Modifier la publication', 'Vous modifierez ici votre publication.', {
      guards: ['auth'],
    }),
    soon(paths.app.postPattern, 'Publication', 'Vous lirez ici cette publication et ses réactions.'),
    soon(
      paths.app.search,
      'Recherche Setter & Closer',
      'Vous trouverez ici les setters et closers disponibles, filtrables par expérience, secteur et taux de conversion.',
    ),
    page(
      paths.app.userPattern,
      'Profil',
      () =>
        import('./features/profile/pages/public-profile-page').then((m) => ({
          Component: m.PublicProfilePage,
        })),
      { guards: ['auth'] },
    ),
  ],
};

function authPage(path: string, title: string, load: LazyComponent, guards?: GuardName[]): RouteObject {
  return page(path, title, load, guards ? { guards } : {});
}

const authRoutes: RouteObject[] = [
  authPage(
    paths.auth.signIn,
    'Connexion',
    () => import('./features/auth/pages/sign-in-page').then((m) => ({ Component: m.SignInPage })),
    ['guest'],
  ),
  authPage(
    paths.auth.signUp,
    'Créer mon compte',
    () => import('./features/auth/pages/sign-up-page').then((m) => ({ Component: m.SignUpPage })),
    ['guest'],
  ),
  authPage(paths.auth.signOut, 'Déconnexion', () =>
    import('./features/auth/pages/sign-out-page').then((m) => ({ Component: m.SignOutPage })),
  ),
  authPage(paths.auth.forgotPassword, 'Mot de passe oublié', () =>
    import('./features/auth/pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
  ),
  authPage(
    paths.auth.resetPassword,
    'Réinitialiser le mot de passe',
    () =>
      import('./features/auth/pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
    ['reset-password'],
  ),
  authPage(
    paths.auth.changePassword,
    'Changer de mot de passe',
    () =>
      import('./features/auth/pages/change-password-page').then((m) => ({ Component: m.ChangePasswordPage })),
    ['auth'],
  ),
  authPage(paths.auth.verifyEmail, "Vérification de l'e-mail", () =>
    import('./features/auth/pages/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })),
  ),
  authPage(paths.auth.verifyEmailSuccess, 'E-mail vérifié', () =>
    import('./features/auth/pages/verify-email-success-page').then((m) => ({
      Component: m.VerifyEmailSuccessPage,
    })),
  ),
];

const dashboardRoutes: RouteObject[] = [
  page(paths.dashboard.root, 'Tableau de bord', () =>
    import('./features/dashboard/pages/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  ),
  soon(
    paths.dashboard.activeSales,
    'Ventes actives',
    'Vous suivrez ici vos ventes en cours, triées par date de clôture prévue, les retards en premier.',
  ),
  soon(
    paths.dashboard.advertisement,
    'Publicité',
    'Vous mettrez ici en avant vos offres et vos missions auprès des setters et closers.',
    { guards: ['role:infopreneur'] },
  ),
  soon(
    paths.dashboard.favorites,
    'Favoris',
    'Vous retrouverez ici les membres, missions et offres que vous avez mis en favoris.',
  ),
  soon(
    paths.dashboard.merged,
    'Vue fusionnée',
    'Vous verrez ici vos prospects et leur vente en cours réunis dans un seul tableau.',
  ),
  soon(
    paths.dashboard.messages,
    'Messages',
    'Vous échangerez ici en direct avec les autres membres de Closia.',
    { guards: ['messages'] },
  ),
  soon(paths.dashboard.messagesNew, 'Nouveau message', 'Vous démarrerez ici une nouvelle conversation.', {
    guards: ['messages'],
  }),
  soon(
    paths.dashboard.conversationPattern,
    'Conversation',
    'Vous lirez et répondrez ici à cette conversation.',
    {
      guards: ['messages'],
    },
  ),
  soon(
    paths.dashboard.prospects,
    'Prospects',
    'Vous gérerez ici vos prospects : coordonnées, statut de contact et prochaines actions.',
  ),
  soon(
    paths.dashboard.sales,
    'Ventes',
    'Vous suivrez ici votre pipeline de ventes, en kanban ou en tableau, de la prospection au closing.',
  ),
  soon(
    paths.dashboard.salePattern,
    'Détail de la vente',
    'Vous verrez ici la vente, son prospect, son historique et vos notes.',
  ),
  soon(
    paths.dashboard.services,
    'Mes offres de formation',
    'Vous créerez et gérerez ici vos offres de formation, et suivrez leur validation.',
  ),
  page(paths.dashboard.settings, 'Paramètres', () =>
    import('./features/settings/pages/settings-page').then((m) => ({ Component: m.SettingsPage })),
  ),
  soon(
    paths.dashboard.stats,
    'Statistiques',
    'Vous analyserez ici vos ventes, votre taux de conversion, votre chiffre d’affaires et vos commissions.',
  ),
  soon(
    paths.dashboard.teams,
    'Équipes',
    'Vous créerez ici vos équipes et retrouverez celles dont vous êtes membre.',
  ),
  soon(
    paths.dashboard.teamPattern,
    'Équipe',
    "Vous verrez ici les membres, les discussions et l'agenda de l'équipe.",
  ),
  soon(
    paths.dashboard.teamManagePattern,
    "Gérer l'équipe",
    "Vous inviterez ici des membres, changerez leurs rôles et modifierez l'équipe.",
  ),
  soon(
    paths.dashboard.teamChatPattern,
    "Discussion d'équipe",
    "Vous échangerez ici en direct avec les membres de l'équipe.",
  ),
  soon(
    paths.dashboard.teamSalesPattern,
    "Ventes de l'équipe",
    "Vous suivrez ici le pipeline partagé de l'équipe et attribuerez les ventes à ses membres.",
  ),
  soon(
    paths.dashboard.teamSalePattern,
    "Vente de l'équipe",
    "Vous verrez ici le détail de cette vente de l'équipe et son historique.",
  ),
];

const adminRoutes: RouteObject[] = [
  page(paths.admin.root, 'Administration', () =>
    import('./features/admin/pages/admin-overview-page').then((m) => ({ Component: m.AdminOverviewPage })),
  ),
  soon(
    paths.admin.infopreneurFormations,
    'Offres de formation',
    'Vous validerez ou refuserez ici les offres de formation soumises par les infopreneurs.',
  ),
  page(paths.admin.skills, 'Compétences', () =>
    import('./features/admin/pages/admin-skills-page').then((m) => ({ Component: m.AdminSkillsPage })),
  ),
  page(paths.admin.formations, 'Catalogue des formations', () =>
    import('./features/admin/pages/admin-formations-page').then((m) => ({
      Component: m.AdminFormationsPage,
    })),
  ),
  soon(paths.admin.teams, 'Équipes', 'Vous consulterez et gérerez ici toutes les équipes.'),
  soon(
    paths.admin.users,
    'Utilisateurs',
    'Vous rechercherez, filtrerez et gérerez ici les comptes utilisateurs.',
  ),
  page(paths.admin.workSectors, "Secteurs d'activité", () =>
    import('./features/admin/pages/admin-work-sectors-page').then((m) => ({
      Component: m.AdminWorkSectorsPage,
    })),
  ),
];

const onboardingRoutes: RouteObject[] = [
  page(paths.onboarding.root, 'Bienvenue sur Closia', () =>
    import('./features/onboarding/pages/onboarding-page').then((m) => ({ Component: m.OnboardingPage })),
  ),
  page(paths.onboarding.finish, 'Profil terminé', () =>
    import('./features/onboarding/pages/onboarding-finish-page').then((m) => ({
      Component: m.OnboardingFinishPage,
    })),
  ),
  page(paths.onboarding.trackPattern, 'Création de votre profil', () =>
    import('./features/onboarding/pages/onboarding-track-page').then((m) => ({
      Component: m.OnboardingTrackPage,
    })),
  ),
  page(paths.onboarding.stepPattern, 'Création de votre profil', () =>
    import('./features/onboarding/pages/onboarding-step-page').then((m) => ({
      Component: m.OnboardingStepPage,
    })),
  ),
];

function HydrateFallback() {
  return (
    <Center mih="100vh">
      <Loader aria-label="Chargement" />
    </Center>
  );
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    errorElement: <RouteErrorPage />,
    HydrateFallback,
    children: [
      { lazy: layouts.default, children: [...publicRoutes, appRoutes] },
      { lazy: layouts.auth, children: authRoutes },
      { path: paths.dashboard.root, lazy: layouts.profile, ...guarded('profile'), children: dashboardRoutes },
      { path: paths.admin.root, lazy: layouts.admin, ...guarded('admin'), children: adminRoutes },
      {
        path: paths.onboarding.root,
        lazy: layouts.onboarding,
        ...guarded('onboarding'),
        children: onboardingRoutes,
      },
      { path: paths.login, element: <Navigate to={paths.auth.signIn} replace /> },
      { path: '*', Component: NotFoundPage, handle: { title: 'Error 404' } satisfies RouteHandle },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createRouter>;
