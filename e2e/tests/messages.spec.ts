import type { Browser, Page } from '@playwright/test';
import { DEMO_PASSWORD, demo, expect, signIn, test } from '../support/fixtures';

/*
 * The messages journey of issue 9, in two browser contexts against the real API and realtime
 * channel: the demo setter and the demo closer open their conversation (seeded with unread
 * messages for the closer), exchange messages that appear on the other screen without a reload,
 * the unread badge follows, and the sender sees "Vu" once the other has read.
 */

async function signedInPage(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  return page;
}

const thread = (page: Page) => page.getByRole('log');

test('a setter and a closer talk live, with unread badges and read receipts', async ({
  browser,
  baseURL,
}) => {
  // Two people sign in through the form and talk: twice a one-user journey's time on a busy machine.
  test.setTimeout(60_000);
  const setter = await signedInPage(browser, baseURL!, demo.setter);
  const closer = await signedInPage(browser, baseURL!, demo.closer);
  try {
    // The setter opens the conversation with the closer from the list and writes.
    await setter.goto('/dashboard/messages');
    await setter.getByRole('link', { name: /Camille Closer/ }).click();
    await expect(setter.getByRole('heading', { level: 1, name: 'Camille Closer' })).toBeVisible();
    const first = `Nouveau lead chaud à ${Date.now()} : on en parle ?`;
    await setter.getByRole('textbox', { name: 'Votre message' }).fill(first);
    await setter.getByRole('textbox', { name: 'Votre message' }).press('Enter');
    await expect(thread(setter).getByText(first)).toBeVisible();
    await expect(setter.getByRole('textbox', { name: 'Votre message' })).toHaveValue('');

    // The closer has it unread: the list says so; opening the conversation reads it.
    await closer.goto('/dashboard/messages');
    await expect(closer.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await closer.getByRole('link', { name: /Sofiane Setter.*\d+ non lus?/ }).click();
    await expect(closer.getByRole('heading', { level: 1, name: 'Sofiane Setter' })).toBeVisible();
    await expect(thread(closer).getByText(first)).toBeVisible();
    // The setter sees, live, that the closer has read it.
    await expect(thread(setter).getByText(/· Vu$/)).toBeVisible();

    // Setter → closer, live, both on the thread.
    const hello = `Il a un budget de 2 000 €, décideur seul (${Date.now()}).`;
    await setter.getByRole('textbox', { name: 'Votre message' }).fill(hello);
    await setter.getByRole('textbox', { name: 'Votre message' }).press('Enter');
    await expect(thread(closer).getByText(hello)).toBeVisible();

    // Closer → setter, live, with the send button.
    const answer = `Oui, appelle-moi dans dix minutes (${Date.now()}).`;
    await closer.getByRole('textbox', { name: 'Votre message' }).fill(answer);
    await closer.getByRole('button', { name: 'Envoyer' }).click();
    await expect(thread(setter).getByText(answer)).toBeVisible();

    // A message too long is refused before it leaves, and what was typed stays.
    const tooLong = 'a'.repeat(5001);
    await closer.getByRole('textbox', { name: 'Votre message' }).fill(tooLong);
    await expect(closer.getByText('Au plus 5 000 caractères.')).toBeVisible();
    await expect(closer.getByRole('button', { name: 'Envoyer' })).toBeDisabled();

    // Back on the list, the setter's conversation shows the closer's answer, nothing unread.
    await setter.goto('/dashboard/messages');
    await expect(setter.getByRole('link', { name: /Camille Closer/ })).toContainText(answer);
  } finally {
    await setter.context().close();
    await closer.context().close();
  }
});

test('"Contacter" on a profile opens the conversation with that person', async ({ browser, baseURL }) => {
  const setter = await signedInPage(browser, baseURL!, demo.setter);
  try {
    const found = await (await setter.request.get('/api/v1/users/search?query=Camille')).json();
    const camille = (found.data as { id: number; fullName: string }[]).find(
      (p) => p.fullName === 'Camille Closer',
    );
    expect(camille).toBeTruthy();
    await setter.goto(`/app/user/${camille!.id}`);
    await setter.getByRole('link', { name: 'Contacter' }).click();
    await expect(setter).toHaveURL(/\/dashboard\/messages\/\d+$/);
    await expect(setter.getByRole('heading', { level: 1, name: 'Camille Closer' })).toBeVisible();

    // Writing to someone new: search by name, pick, the thread opens empty.
    await setter.goto('/dashboard/messages/new');
    await setter.getByRole('textbox', { name: 'Destinataire' }).fill('Inès');
    await setter
      .getByRole('button', { name: /Écrire à Inès/ })
      .first()
      .click();
    await expect(setter).toHaveURL(/\/dashboard\/messages\/\d+$/);
  } finally {
    await setter.context().close();
  }
});

test('the bell lists notifications and marks them read', async ({ browser, baseURL }) => {
  const setter = await signedInPage(browser, baseURL!, demo.setter);
  try {
    const bell = setter.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName(/^Notifications, (1 non lue|\d+ non lues)$/);
    // All read but one: the count agrees in number.
    const unread = await setter.request.get('/api/v1/notifications?unread=1&perPage=50');
    const ids = ((await unread.json()).data as { id: number }[]).map((item) => item.id);
    expect(ids.length, 'an unread notification of the demo setter').toBeGreaterThan(0);
    if (ids.length > 1) {
      const xsrf = (await setter.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
      const read = await setter.request.post('/api/v1/notifications/read', {
        data: { ids: ids.slice(1) },
        headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
      });
      expect(read.status()).toBe(200);
      await setter.reload();
    }
    await expect(bell).toHaveAccessibleName('Notifications, 1 non lue');
    await bell.click();
    await expect(setter.getByText('Notifications', { exact: true })).toBeVisible();
    // The unread item's name is what it shows, "Non lue" first.
    await expect(setter.locator('[data-testid="notification-item"][data-unread]')).toHaveAccessibleName(
      /^Non lue : /,
    );
    await setter.getByRole('button', { name: 'Tout marquer comme lu' }).click();
    await expect(bell).toHaveAccessibleName('Notifications, aucune non lue');
  } finally {
    await setter.context().close();
  }
});

test('the live connection says when it is down, and comes back on "Réessayer"', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const setter = await signedInPage(browser, baseURL!, demo.setter);
  try {
    // The network refuses the event stream: the client tries again, then gives up after 5 attempts.
    await setter.route('**/__transmit/events**', (route) => route.abort('connectionrefused'));
    await setter.goto('/dashboard/messages');
    await expect(setter.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(setter.getByRole('status').filter({ hasText: 'Reconnexion…' })).toBeVisible();
    await expect(setter.getByRole('alert').filter({ hasText: 'Connexion en temps réel perdue' })).toBeVisible(
      {
        timeout: 60_000,
      },
    );
    // The network is back: "Réessayer" opens a new connection, and the banner goes.
    await setter.unroute('**/__transmit/events**');
    await setter.getByRole('button', { name: 'Réessayer' }).click();
    await expect(setter.getByText('Connexion en temps réel perdue')).toBeHidden();
    await expect(setter.getByText('Reconnexion…')).toBeHidden();
  } finally {
    await setter.context().close();
  }
});
