import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../../db/schema';
import { createTestApp, signedInClient, type TestContext } from '../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The profile's kept columns beside their values recomputed from the skills and the user. */
async function keptAndRecomputed(userId: number) {
  const [row] = await ctx.app.db
    .select({
      skillKeys: profiles.skillKeys,
      expectedSkillKeys: sql<string[]>`array(select lower(unaccent(s)) from unnest(${profiles.skills}) s)`,
      locationKey: profiles.locationKey,
      expectedLocationKey: users.locationKey,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId));
  return row!;
}

describe('GET /api/v1/freelancers: the skills and location filters', () => {
  it('keep skill_keys and location_key equal to their recomputed values after every write', async () => {
    const t = `Cles${Date.now()}`;
    const { user } = await signedInClient(ctx.app, { kind: 'closer', lastName: t, location: 'Évry, France' });
    const { client } = await signedInClient(ctx.app, { kind: 'infopreneur' });
    const ids = async (qs: string) =>
      ((await client.get(`/api/v1/freelancers?query=${t}&${qs}`)).json().data as { id: number }[]).map(
        (f) => f.id,
      );
    const check = async () => {
      const row = await keptAndRecomputed(user.id);
      expect(row.skillKeys).toEqual(row.expectedSkillKeys);
      expect(row.locationKey).toBe(row.expectedLocationKey);
      return row;
    };
    expect((await check()).locationKey).toBe('evry, france');

    await ctx.app.db
      .update(profiles)
      .set({ skills: ['Closing Téléphonique', 'Négociation'] })
      .where(eq(profiles.userId, user.id));
    expect((await check()).skillKeys).toEqual(['closing telephonique', 'negociation']);
    // Any case and accents, one of the skills is enough.
    expect(await ids('skills=closing%20telephonique')).toEqual([user.id]);
    expect(await ids('skills=Relance,N%C3%89GOCIATION')).toEqual([user.id]);
    expect(await ids('skills=Relance')).toEqual([]);

    await ctx.app.db.update(profiles).set({ skills: [] }).where(eq(profiles.userId, user.id));
    expect((await check()).skillKeys).toEqual([]);
    expect(await ids('skills=Negociation&perPage=50')).toEqual([]);

    expect(await ids('location=evry')).toEqual([user.id]);
    await ctx.app.db.update(users).set({ location: 'Saint-Étienne' }).where(eq(users.id, user.id));
    expect((await check()).locationKey).toBe('saint-etienne');
    expect(await ids('location=etienne&perPage=50')).toEqual([user.id]);
    expect(await ids('location=evry&perPage=50')).toEqual([]);
    await ctx.app.db.update(users).set({ location: null }).where(eq(users.id, user.id));
    expect((await check()).locationKey).toBe('');
  });
});
