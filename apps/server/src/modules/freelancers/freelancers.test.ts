import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../../db/schema';
import { freelancersChanged } from '../../lib/listing-changes';
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
    expect(await ids('skills=N%C5%93gociation,Relance')).toEqual([]);

    await ctx.app.db.update(profiles).set({ skills: [] }).where(eq(profiles.userId, user.id));
    expect((await check()).skillKeys).toEqual([]);
    expect(await ids('skills=Negociation&perPage=50')).toEqual([]);

    expect(await ids('location=evry')).toEqual([user.id]);
    await ctx.app.db.update(users).set({ location: 'Saint-Étienne' }).where(eq(users.id, user.id));
    expect((await check()).locationKey).toBe('saint-etienne');
    expect(await ids('location=etienne&perPage=50')).toEqual([user.id]);
    expect(await ids('location=evry&perPage=50')).toEqual([]);
    // Typed with accents and capitals; `%` and `_` are letters, not wildcards.
    expect(await ids('location=SAINT-%C3%89TIENNE')).toEqual([user.id]);
    expect(await ids('location=saint_etienne')).toEqual([]);
    expect(await ids('location=%25')).toEqual([]);
    // Letters that unaccent spells out (œ → oe) as PostgreSQL folds them, typed either way.
    await ctx.app.db.update(users).set({ location: 'Cœuvres' }).where(eq(users.id, user.id));
    expect((await check()).locationKey).toBe('coeuvres');
    expect(await ids('location=c%C5%93uvres')).toEqual([user.id]);
    expect(await ids('location=coeuvres')).toEqual([user.id]);
    await ctx.app.db.update(users).set({ location: null }).where(eq(users.id, user.id));
    expect((await check()).locationKey).toBe('');
  });
});

describe('GET /api/v1/freelancers: the total', () => {
  it('counts up to 2,000 profiles one by one and estimates more (totalIsApproximate), the pages the same', async () => {
    const skill = `Masse${Date.now()}`;
    const { client } = await signedInClient(ctx.app, { kind: 'infopreneur' });
    const search = async (qs: string) => {
      const res = await client.get(`/api/v1/freelancers?skills=${skill}&${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        data: { id: number }[];
        meta: { total: number; totalIsApproximate: boolean; lastPage: number };
      };
    };
    const add = async (from: number, to: number) => {
      await ctx.app.db.execute(sql`
        insert into users (first_name, last_name, email, password_hash)
        select 'Masse', 'Profil ' || g, lower(${skill}::text) || '-' || g || '@example.com', 'x'
        from generate_series(${from}::int, ${to}::int) g`);
      await ctx.app.db.execute(sql`
        insert into profiles (user_id, kind, finished_profile_setup, skills)
        select id, 'closer', true, array[${skill}::text] from users
        where email like lower(${skill}::text) || '-%' and id not in (select user_id from profiles)`);
      // What autovacuum does on a live database: the planner's statistics of the new rows.
      await ctx.app.db.execute(sql`analyze profiles`);
      // What the API's writers do: the kept searches are forgotten.
      freelancersChanged(ctx.app.db);
    };
    await add(1, 2_000);
    const counted = await search('perPage=20');
    expect(counted.meta).toMatchObject({ total: 2_000, totalIsApproximate: false, lastPage: 100 });
    await add(2_001, 2_600);
    const estimated = await search('perPage=20');
    expect(estimated.meta.totalIsApproximate).toBe(true);
    expect(estimated.meta.total).toBeGreaterThan(2_000);
    expect(estimated.meta.lastPage).toBe(Math.ceil(estimated.meta.total / 20));
    expect(estimated.data).toHaveLength(20);
    // The pages are found as before: the last of the 2,600 is still there.
    expect((await search('perPage=50&page=52')).data).toHaveLength(50);
    expect((await search('perPage=50&page=53')).data).toEqual([]);
    // A filter leaving a few of them: counted exactly again.
    expect((await search('location=nulle-part')).meta).toMatchObject({ total: 0, totalIsApproximate: false });
  });
});
