/**
 * The support e-mails through a real SMTP server (test/smtp-sink.ts): the support address hears
 * of a new ticket, and the team's reply reaches the requester — a visitor at the address they
 * gave, a member at their account's — once each.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, TestClient, type TestContext } from '../../test/helpers';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';

let sink: SmtpSink;
let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ smtpUrl: sink.url, supportEmail: 'aide@closia.fr' });
  admin = (await signedInClient(ctx.app, { admin: true })).client;
});
beforeEach(() => {
  sink.mails.length = 0;
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

const ticket = {
  subject: 'Ma carte est refusée',
  message: 'Bonjour, ma carte est refusée au moment de passer à l’offre Pro, que faire ?',
  category: 'billing',
};

describe('support e-mails over SMTP', () => {
  it('a visitor’s ticket goes to the support address; the reply to the visitor', async () => {
    const created = await new TestClient(ctx.app).post('/api/v1/support/tickets', {
      ...ticket,
      email: 'Visiteur@Exemple.fr',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, reference } = created.json();
    expect(sink.mails.map((m) => [m.to, m.subject])).toEqual([
      [['aide@closia.fr'], `[${reference}] Ma carte est refusée`],
    ]);

    sink.mails.length = 0;
    const reply = await admin.post(`/api/v1/support/tickets/${id}/messages`, {
      body: 'Bonjour, votre banque bloque sans doute les paiements en ligne : contactez-la, puis reessayez.',
    });
    expect(reply.statusCode).toBe(201);
    expect(sink.mails).toHaveLength(1);
    expect(sink.mails[0]!.to).toEqual(['visiteur@exemple.fr']);
    expect(sink.mails[0]!.subject).toBe(`Réponse à votre demande ${reference} : « Ma carte est refusée »`);
    expect(sink.mails[0]!.raw.replace(/=\r?\n/g, '')).toContain('contactez-la, puis reessayez');
  });

  it('a member’s reply goes to their account’s address, with the link to the thread', async () => {
    const { user, client } = await signedInClient(ctx.app);
    const { id } = (await client.post('/api/v1/support/tickets', ticket)).json();
    sink.mails.length = 0;
    await admin.post(`/api/v1/support/tickets/${id}/messages`, { body: 'Nous regardons cela.' });
    expect(sink.mails.map((m) => m.to)).toEqual([[user.email]]);
    expect(sink.mails[0]!.raw.replace(/=\r?\n/g, '')).toContain(`/support/tickets/${id}`);
    // The requester's own reply e-mails nobody.
    sink.mails.length = 0;
    await client.post(`/api/v1/support/tickets/${id}/messages`, { body: 'Merci !' });
    expect(sink.mails).toEqual([]);
  });
});
