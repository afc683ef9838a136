/** Rows the deals and stats tests start from, inserted directly (their own modules test them). */
import type { App } from '../../app';
import { applications, missions, prospects, services } from '../../db/schema';
import { signedInClient, type UserFactoryInput } from '../../test/helpers';

/** An infopreneur with an approved offer (1 500 €, 20 %) and a published setter and closer mission. */
export async function offerWithMissions(app: App, patch: Partial<typeof services.$inferInsert> = {}) {
  const { user, client } = await signedInClient(app, {
    kind: 'infopreneur',
    firstName: 'Inès',
    lastName: 'Formatrice',
  });
  const [service] = await app.db
    .insert(services)
    .values({
      infopreneurId: user.id,
      name: 'Investir dans l’immobilier locatif',
      description: 'Un programme de dix semaines pour acheter son premier appartement locatif.',
      price: 1500,
      commissionRate: 20,
      financingMethods: ['cash'],
      link: 'https://www.exemple.fr',
      duration: 40,
      locationType: 'online',
      validationStatus: 'approved',
      ...patch,
    })
    .returning();
  const mission = (title: string, missionType: string) => ({
    infopreneurId: user.id,
    serviceId: service!.id,
    title,
    missionType,
    status: 'published',
    publishedAt: new Date(),
  });
  const [setterMission, closerMission] = await app.db
    .insert(missions)
    .values([mission('Setter LinkedIn immobilier', 'setter'), mission('Closer immobilier', 'closer')])
    .returning({ id: missions.id, setterSharePercent: missions.setterSharePercent });
  return {
    infopreneur: user,
    client,
    service: service!,
    setterMission: setterMission!,
    closerMission: closerMission!,
  };
}

/** A freelancer accepted on a mission (so that they may sell its offer). */
export async function acceptedOn(
  app: App,
  missionId: number,
  kind: 'setter' | 'closer' | 'setter_closer',
  user: UserFactoryInput = {},
) {
  const signed = await signedInClient(app, { kind, ...user });
  await app.db
    .insert(applications)
    .values({ missionId, userId: signed.user.id, status: 'accepted', decidedAt: new Date() });
  return signed;
}

let prospectSequence = 0;
/** A prospect of `ownerId`. */
export async function prospectOf(
  app: App,
  ownerId: number,
  patch: Partial<typeof prospects.$inferInsert> = {},
) {
  prospectSequence += 1;
  const [row] = await app.db
    .insert(prospects)
    .values({
      ownerId,
      firstName: 'Julien',
      lastName: `Lambert${prospectSequence}`,
      email: `julien${prospectSequence}@exemple.fr`,
      phone: '+33 6 12 34 56 78',
      ...patch,
    })
    .returning();
  return row!;
}

/** 'YYYY-MM-DD', `days` from today (UTC). */
export const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 24 * 3600_000).toISOString().slice(0, 10);

export function dealBody(prospectId: number, serviceId: number, patch: Record<string, unknown> = {}) {
  return {
    title: 'Vente formation immobilier',
    observations: 'Intéressé par le financement.',
    status: 'Prospecting',
    expectedCloseDate: dayFromToday(20),
    probability: 40,
    prospectId,
    infopreneurFormationId: serviceId,
    ...patch,
  };
}
