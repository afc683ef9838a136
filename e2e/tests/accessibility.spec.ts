import { infopreneurOnboardingSteps, salesOnboardingSteps } from '@closia/shared';
import {
  type AccountSession,
  expectAccessiblePages,
  expectAccessibleState,
  openSession,
  seriousViolations,
} from '../support/a11y';
import { createReadyUser, NEW_USER_PASSWORD } from '../support/accounts';
import { demo, expect, test, uniqueEmail } from '../support/fixtures';

/*
 * axe on every page of the app (spec §2, as routed in apps/web/src/app/router.tsx), in the light and the
 * dark colour scheme: no serious or critical violation. Each account has one browser context, signed
 * in once. Ids of features that have no data yet (teams…) show their "coming soon" page
 * whatever the id; the others are real ids of the demo data (the marketplace's are read from the API).
 *
 * Not listed: `/login` (a redirect to `/auth/sign-in`) and `/auth/sign-out` (signs out at once and
 * lands on the sign-in page, checked here).
 */

const notFound = '/cette-page-n-existe-pas';

const publicPages = [
  '/',
  '/pricing',
  '/cgu',
  '/privacy-policy',
  '/road-map',
  '/support',
  // The FAQ searched: its lit-up words must read in both colour schemes.
  '/support?query=factures',
  '/blog',
  '/blog/bien-demarrer-en-closing',
  '/tutorials',
  '/tutorials/premiers-pas/creer-son-profil',
  notFound,
];

const guestPages = [
  '/auth/sign-in',
  '/auth/sign-up',
  '/auth/forgot-password',
  '/auth/reset-password?token=lien-expire',
  '/auth/verify-email',
  '/auth/verify-email/success',
];

/** The demo's community as the setter sees it: a replay they may watch, a post, their own draft. */
interface Community {
  replayId: number;
  postId: number;
  ownPostId: number;
}

const appPages = (
  memberId: number,
  marketplace: { missionId: number; jobId: number },
  community: Community,
) => [
  '/app/jobs',
  `/app/jobs/${marketplace.jobId}`,
  '/app/jobs?financingMethods=cpf&sortBy=price&sortOrder=asc',
  '/app/missions',
  '/app/missions?forMe=1',
  `/app/missions/${marketplace.missionId}`,
  '/app/our-webinars',
  '/app/our-webinars?when=registered',
  `/app/our-webinars/${community.replayId}`,
  `/app/our-webinars/replay/${community.replayId}`,
  '/app/posts',
  '/app/posts/create',
  `/app/posts/edit/${community.ownPostId}`,
  `/app/posts/${community.postId}`,
  '/app/search',
  `/app/user/${memberId}`,
];

/** The dashboard's pages; `saleId`: a deal of the demo account that opens them. */
const dashboardPages = (saleId: number) => [
  '/dashboard',
  '/dashboard/active-sales',
  '/dashboard/favorites',
  '/dashboard/favorites?kind=mission',
  '/dashboard/favorites?kind=service',
  '/dashboard/merged',
  '/dashboard/messages',
  '/dashboard/messages/new',
  '/dashboard/messages/1',
  '/dashboard/prospects',
  '/dashboard/sales',
  `/dashboard/sales/${saleId}`,
  '/dashboard/settings',
  '/dashboard/stats',
  '/dashboard/team',
  '/dashboard/team/1',
  '/dashboard/team/1/manage',
  '/dashboard/team/1/chat/1',
  '/dashboard/team/1/ventes',
  '/dashboard/team/1/ventes/1',
];

/** The support inbox and FAQ (issue 22); `ticketId`: a ticket of the demo. */
const adminSupportPages = (ticketId: number) => [
  '/admin/support',
  '/admin/support?status=pending',
  `/admin/support/tickets/${ticketId}`,
  '/admin/faq',
];

const adminPages = [
  '/admin',
  '/admin/infopreneur-formations',
  '/admin/infopreneur-formations?status=approved',
  '/admin/infopreneur-formations?status=rejected',
  '/admin/moderation',
  '/admin/moderation?status=dismissed',
  '/admin/skills',
  '/admin/formations-catalogue',
  '/admin/teams',
  '/admin/users',
  '/admin/work-sectors',
  // The road map's ideas: all of them, and the suggestions waiting (demo data).
  '/admin/roadmap',
  '/admin/roadmap?status=suggested',
  // The blog and the tutorials (issue 22): the list, its filters, a new article's editor.
  '/admin/articles',
  '/admin/articles?kind=tutorial&status=published',
  '/admin/articles/new',
];

/** The id of the signed-in account of a session. */
async function userId(session: AccountSession): Promise<number> {
  const me = await (await session.context.request.get('/api/v1/user')).json();
  return me.id as number;
}

/** The id of the first item of a list the session's account may read (`{ data: [{ id }] }`). */
async function firstId(session: AccountSession, path: string): Promise<number> {
  const res = await session.context.request.get(path);
  expect(res.status(), `GET ${path}`).toBe(200);
  const id = (await res.json()).data[0]?.id as number | undefined;
  expect(id, `an item in ${path} (demo data)`).toBeTruthy();
  return id!;
}

function closeAll(sessions: AccountSession[]) {
  return Promise.all(
    sessions.map(async (session) => {
      expect(session.cspViolations, 'Content-Security-Policy violations').toEqual([]);
      await session.context.close();
    }),
  );
}

// A violation report names the rule and the elements: no trace needed, and recording one for each
// of these long tests (screencast, snapshots) would slow the whole suite down.
test.use({ trace: 'off' });
// The walks only read: any two of them may run at once (see playwright.config.ts).
test.describe.configure({ mode: 'parallel' });

test('the axe check reports what it should: a text that does not read, a picture without a text', async ({
  page,
}) => {
  // The walks below pass when nothing is reported: this proves the check sees a violation at all.
  await page.setContent(
    '<!doctype html><html lang="fr"><head><title>Essai</title></head><body><main><h1>Essai</h1>' +
      '<p style="color:#bbb;background:#fff">Texte pâle</p>' +
      '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20"></main></body></html>',
  );
  const violations = await seriousViolations(page);
  expect(violations.map((line) => line.split(' ')[0]).sort()).toEqual(['color-contrast', 'image-alt']);
  expect(await seriousViolations(page, { coloursOnly: true })).toHaveLength(1);
});

test.describe('accessibility of every page', () => {
  test.describe.configure({ timeout: 480_000 });

  test('public pages and the sign-in pages, signed out', async ({ browser, baseURL }) => {
    const visitor = await openSession(browser, baseURL!);
    await expectAccessiblePages(visitor.page, [...publicPages, ...guestPages]);
    await closeAll([visitor]);
  });

  test('marketplace, account and onboarding pages of a setter', async ({ browser, baseURL }) => {
    const setter = await openSession(browser, baseURL!, { email: demo.setter });
    const infopreneur = await openSession(browser, baseURL!, { email: demo.infopreneur });
    const marketplace = {
      missionId: await firstId(setter, '/api/v1/missions'),
      jobId: await firstId(setter, '/api/v1/jobs'),
    };
    const setterId = await userId(setter);
    const registered = await (await setter.context.request.get('/api/v1/webinars?when=registered')).json();
    const community: Community = {
      replayId: registered.data.find((w: { replayAvailable: boolean }) => w.replayAvailable)?.id,
      postId: await firstId(setter, '/api/v1/posts'),
      ownPostId: await firstId(setter, `/api/v1/posts?authorId=${setterId}`),
    };
    expect(community.replayId, 'a replay the demo setter may watch').toBeTruthy();
    await expectAccessiblePages(setter.page, [
      ...appPages(await userId(infopreneur), marketplace, community),
      // Support signed in: « Mes demandes » and a thread with the team's reply (issue 22).
      '/support',
      `/support/tickets/${await firstId(setter, '/api/v1/support/tickets')}`,
      '/account',
      // Signed in, with votes of the demo setter (filled buttons).
      '/road-map',
      '/road-map?sort=recent',
      '/auth/change-password',
      '/onboarding/finish',
      ...salesOnboardingSteps.map((step) => `/onboarding/setter/${step}`),
    ]);
    await closeAll([setter, infopreneur]);
  });

  test('dashboard pages of a setter and of an infopreneur', async ({ browser, baseURL }) => {
    const setter = await openSession(browser, baseURL!, { email: demo.setter });
    await expectAccessiblePages(setter.page, dashboardPages(await firstId(setter, '/api/v1/deals')));
    const infopreneur = await openSession(browser, baseURL!, { email: demo.infopreneur });
    const ownMission = await firstId(infopreneur, '/api/v1/missions/mine');
    await expectAccessiblePages(infopreneur.page, [
      '/dashboard',
      '/dashboard/services',
      '/dashboard/advertisement',
      '/dashboard/favorites',
      '/dashboard/settings',
      // Billing (issue 20): the payment pages are for signed-in users (a visitor signs in first).
      '/dashboard/settings/billing',
      '/payment/pro',
      '/payment/equipe?interval=year',
      '/payment/portal',
      '/app/search',
      `/app/search?missionId=${ownMission}`,
      `/app/missions/${ownMission}`,
      ...infopreneurOnboardingSteps.map((step) => `/onboarding/infopreneur/${step}`),
    ]);
    await closeAll([setter, infopreneur]);
  });

  test('sales pages of an infopreneur (the deals on their offers, what they owe)', async ({
    browser,
    baseURL,
  }) => {
    const infopreneur = await openSession(browser, baseURL!, { email: demo.infopreneur });
    await expectAccessiblePages(infopreneur.page, [
      '/dashboard/sales?as=infopreneur',
      '/dashboard/sales?as=infopreneur&view=table',
      `/dashboard/sales/${await firstId(infopreneur, '/api/v1/deals?as=infopreneur')}`,
      '/dashboard/active-sales?as=infopreneur',
      '/dashboard/stats',
    ]);
    await closeAll([infopreneur]);
  });

  test('administration pages', async ({ browser, baseURL }) => {
    const admin = await openSession(browser, baseURL!, { email: demo.admin });
    // A seeded article's editor (its live preview shows the article's own HTML).
    const articleId = await firstId(admin, '/api/v1/admin/articles?kind=blog&status=published');
    await expectAccessiblePages(admin.page, [
      ...adminPages,
      `/admin/articles/${articleId}`,
      ...adminSupportPages(await firstId(admin, '/api/v1/admin/support/tickets')),
    ]);
    await closeAll([admin]);
  });

  test('onboarding pages of a new member', async ({ browser, baseURL }) => {
    const member = await openSession(browser, baseURL!);
    const { request } = member.context;
    await request.get('/api/v1/csrf');
    const xsrf = async () =>
      decodeURIComponent((await member.context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
    const registered = await request.post('/api/v1/auth/register', {
      data: {
        email: uniqueEmail('a11y'),
        password: NEW_USER_PASSWORD,
        firstName: 'Inès',
        lastName: 'Moreau',
        role: 'closer',
      },
      headers: { 'x-xsrf-token': await xsrf() },
    });
    expect(registered.status()).toBe(201);
    // Before any choice: the type choice.
    await expectAccessiblePages(member.page, ['/onboarding']);
    // The closer profile started (not finished): the track's start page.
    const started = await request.put('/api/v1/user/closer', {
      data: { finishedProfileSetup: false },
      headers: { 'x-xsrf-token': await xsrf() },
    });
    expect(started.status()).toBe(200);
    await expectAccessiblePages(member.page, ['/onboarding/closer']);
    await closeAll([member]);
  });
});

/*
 * What a page shows once the user has clicked something (a popover, a drawer, a dialog), and the
 * result lists, whose cards' titles must come under a heading of the level above: moderate rules
 * fail these too (heading order, duplicate landmarks), not only the serious and critical ones.
 */
test.describe('open popovers, drawers and dialogs, and result lists (moderate rules too)', () => {
  test('the bell, the search, the favorites and a dialog of an infopreneur; the applications drawer of a setter', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const infopreneur = await openSession(browser, baseURL!, { email: demo.infopreneur });
    const { page } = infopreneur;

    // The bell's popover, with its notifications listed.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Tableau de bord', level: 1 })).toBeVisible();
    await page.getByTestId('notification-bell').click();
    await expect(page.getByTestId('notification-item').first()).toBeVisible({ timeout: 20_000 });
    await expectAccessibleState(page, 'the bell’s popover');
    await page.keyboard.press('Escape');

    // The search's results; one of them starred, for the favorites below.
    await page.goto('/app/search');
    const freelancer = page.getByTestId('freelancer-card').first();
    await expect(freelancer).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    await expectAccessibleState(page, '/app/search');
    const star = freelancer.getByTestId('favorite-button');
    if ((await star.getAttribute('aria-pressed')) !== 'true') {
      // Left once the server has answered: leaving the page earlier would cancel the request.
      const saved = page.waitForResponse(
        (res) => res.request().method() === 'PUT' && res.url().includes('/api/v1/favorites/'),
      );
      await star.click();
      await expect(star).toHaveAttribute('aria-pressed', 'true');
      await saved;
    }
    await page.goto('/dashboard/favorites');
    await expect(page.getByTestId('freelancer-card').first()).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    await expectAccessibleState(page, '/dashboard/favorites');
    await page.goto('/app/jobs');
    await expect(page.getByTestId('job-card').first()).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    await expectAccessibleState(page, '/app/jobs');

    // A dialog over the app: one banner (the app's header), not two.
    await page.goto('/dashboard/services');
    await page.getByRole('button', { name: 'Nouvelle offre' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Nouvelle offre de formation' })).toBeVisible();
    await expectAccessibleState(page, 'the new offer dialog');

    // The setter's applications, in a drawer over the missions.
    const setter = await openSession(browser, baseURL!, { email: demo.setter });
    await setter.page.goto('/app/missions');
    await expect(setter.page.getByTestId('mission-card').first()).toBeVisible({ timeout: 20_000 });
    await setter.page.getByRole('button', { name: 'Mes candidatures' }).click();
    const drawer = setter.page.getByRole('dialog', { name: 'Mes candidatures' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Chargement de vos candidatures…')).toBeHidden({ timeout: 20_000 });
    await expectAccessibleState(setter.page, 'the applications drawer');
    await closeAll([infopreneur, setter]);
  });
});

test.describe('small screens (375 px)', () => {
  test('home, support and settings pages', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const viewport = { width: 375, height: 740 };
    const visitor = await openSession(browser, baseURL!, { viewport });
    // An article folds its table of contents above the text.
    await expectAccessiblePages(visitor.page, [
      '/',
      '/blog',
      '/tutorials/premiers-pas/creer-son-profil',
      '/support',
    ]);
    const member = await openSession(browser, baseURL!, { viewport });
    await createReadyUser(member.context.request, { prefix: 'a11y-small' });
    await expectAccessiblePages(member.page, ['/dashboard/settings']);
    await closeAll([visitor, member]);
  });

  test('messages and team pages of the demo setter, with their data', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const setter = await openSession(browser, baseURL!, { email: demo.setter });
    const conversationId = await firstId(setter, '/api/v1/conversations');
    const teamId = await firstId(setter, '/api/v1/teams');
    const chatId = await firstId(setter, `/api/v1/teams/${teamId}/chats`);
    const dealId = await firstId(setter, `/api/v1/deals?teamId=${teamId}`);
    await expectAccessiblePages(setter.page, [
      '/dashboard/messages',
      `/dashboard/messages/${conversationId}`,
      '/dashboard/team',
      `/dashboard/team/${teamId}`,
      `/dashboard/team/${teamId}/manage`,
      `/dashboard/team/${teamId}/chat/${chatId}`,
      `/dashboard/team/${teamId}/ventes`,
      `/dashboard/team/${teamId}/ventes/${dealId}`,
    ]);
    await closeAll([setter]);
  });

  test('sales pages of a setter', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const setter = await openSession(browser, baseURL!, {
      email: demo.setter,
      viewport: { width: 375, height: 740 },
    });
    await expectAccessiblePages(setter.page, [
      '/dashboard/sales',
      '/dashboard/sales?view=table',
      `/dashboard/sales/${await firstId(setter, '/api/v1/deals')}`,
      '/dashboard/active-sales',
      '/dashboard/stats',
    ]);
    await closeAll([setter]);
  });
});
