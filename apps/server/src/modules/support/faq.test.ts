import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, faqEntries } from '../../db/schema';
import { createTestApp, signedInClient, TestClient, type TestContext } from '../../test/helpers';

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signedInClient(ctx.app, { admin: true })).client;
});
afterAll(() => ctx.close());

const entry = (patch: Record<string, unknown> = {}) => ({
  question: 'Comment changer mon mot de passe ?',
  answer:
    'Ouvrez Paramètres, puis « Sécurité » : saisissez votre mot de passe actuel, puis le nouveau.\nVous restez connecté sur cet appareil ; vos autres sessions sont fermées.',
  category: 'account',
  ...patch,
});

async function created(patch: Record<string, unknown> = {}) {
  const res = await admin.post('/api/v1/admin/faq', entry(patch));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('the FAQ', () => {
  it('is kept by admins: added last of its category, changed, deleted; every change audited', async () => {
    const first = await created({ category: 'technical', question: 'Le site ne se charge pas, que faire ?' });
    const second = await created({ category: 'technical', question: 'Les notifications n’arrivent plus ?' });
    expect(second.position).toBe(first.position + 1);
    expect(first).toMatchObject({ category: 'technical', answer: expect.stringContaining('\n') });

    const moved = await admin.put(`/api/v1/admin/faq/${second.id}`, { position: 0, category: 'account' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: second.id, position: 0, category: 'account' });

    expect((await admin.delete(`/api/v1/admin/faq/${first.id}`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/v1/admin/faq/${first.id}`)).statusCode).toBe(404);
    expect((await admin.put(`/api/v1/admin/faq/${first.id}`, { position: 3 })).statusCode).toBe(404);
    const actions = (
      await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetKind, 'faq_entry'))
    ).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['faq.create', 'faq.update', 'faq.delete']));
  });

  it('refuses writes to visitors (401) and to members who are not admins (403)', async () => {
    const { id } = await created();
    const visitor = new TestClient(ctx.app);
    const { client: member } = await signedInClient(ctx.app, { kind: 'setter' });
    for (const [client, status] of [
      [visitor, 401],
      [member, 403],
    ] as const) {
      expect((await client.post('/api/v1/admin/faq', entry())).statusCode).toBe(status);
      expect((await client.put(`/api/v1/admin/faq/${id}`, { position: 1 })).statusCode).toBe(status);
      expect((await client.delete(`/api/v1/admin/faq/${id}`)).statusCode).toBe(status);
    }
    expect(await ctx.app.db.select().from(faqEntries).where(eq(faqEntries.id, id))).toHaveLength(1);
  });

  it('checks every field (422 with the rule)', async () => {
    const res = await admin.post('/api/v1/admin/faq', {
      question: 'Court',
      answer: 'x'.repeat(3001),
      category: 'astrologie',
      position: -1,
    });
    expect(res.statusCode).toBe(422);
    const rules = Object.fromEntries(
      res.json().errors.map((e: { field: string; rule: string }) => [e.field, e.rule]),
    );
    expect(Object.keys(rules).sort()).toEqual(['answer', 'category', 'position', 'question']);
  });

  it('lists by category (the shared order) and position, for everyone, a page at a time', async () => {
    await ctx.app.db.delete(faqEntries);
    await created({ category: 'billing', question: 'Comment obtenir une facture ?', position: 1 });
    await created({ category: 'billing', question: 'Quels moyens de paiement ?', position: 0 });
    await created({ category: 'account', question: 'Comment supprimer mon compte ?' });
    const visitor = new TestClient(ctx.app);
    const all = (await visitor.get('/api/v1/faq?perPage=2')).json();
    expect(all.meta).toEqual({ total: 3, perPage: 2, currentPage: 1, lastPage: 2 });
    expect(all.data.map((e: { question: string }) => e.question)).toEqual([
      'Comment supprimer mon compte ?',
      'Quels moyens de paiement ?',
    ]);
    const billing = (await visitor.get('/api/v1/faq?category=billing')).json();
    expect(billing.data.map((e: { position: number }) => e.position)).toEqual([0, 1]);
  });

  it('is searched in French: accents, plurals and typos forgiven; every word first, else any word', async () => {
    await ctx.app.db.delete(faqEntries);
    await created({
      category: 'billing',
      question: 'Comment télécharger mes factures ?',
      answer: 'Chaque paiement donne une facture au format Factur-X, dans « Abonnement et factures ».',
    });
    await created({
      category: 'crm',
      question: 'Comment importer mes prospects ?',
      answer: 'Depuis la page Prospects, importez un fichier CSV ou Excel : les colonnes sont reconnues.',
    });
    const search = async (query: string, category = '') =>
      (await new TestClient(ctx.app).get(`/api/v1/faq?query=${encodeURIComponent(query)}${category}`))
        .json()
        .data.map((e: { category: string }) => e.category);
    expect(await search('facture')).toEqual(['billing']);
    expect(await search('telecharger facture')).toEqual(['billing']);
    expect(await search('prospect')).toEqual(['crm']);
    expect(await search('importr prospects')).toEqual(['crm']);
    // A sentence whose words are not all in one entry: the entries with any of them.
    expect(await search('Je ne trouve pas ma facture du mois dernier')).toEqual(['billing']);
    expect(await search('facture prospects CSV')).toHaveLength(2);
    expect(await search('zzzz')).toEqual([]);
    expect(await search('facture', '&category=crm')).toEqual([]);
    expect(await search('facture', '&category=billing')).toEqual(['billing']);
  });
});
