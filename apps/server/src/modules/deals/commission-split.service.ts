/**
 * The commission split of a mission: the setter's share (in percent) of the commission of each
 * sale won through it, set by the mission's infopreneur; sales won from then on use it (ledger.ts).
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { missions } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Viewer } from '../../lib/viewer';
import type { UnitOfWork } from '../../plugins/unit-of-work';

/** The split of a mission I own (404 otherwise). */
async function ownMissionSplit(tx: DbOrTx, viewer: Viewer, missionId: number, lock: boolean) {
  const query = tx
    .select({ id: missions.id, setterSharePercent: missions.setterSharePercent })
    .from(missions)
    .where(
      and(eq(missions.id, missionId), eq(missions.infopreneurId, viewer.id), ne(missions.status, 'deleted')),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Mission');
  return { missionId: row.id, setterSharePercent: row.setterSharePercent };
}

export const getCommissionSplit = (db: DbOrTx, viewer: Viewer, missionId: number) =>
  ownMissionSplit(db, viewer, missionId, false);

/** Sets a mission's setter share (its owner); sales won from then on are split with it. */
export async function setCommissionSplit(
  db: Db,
  work: UnitOfWork,
  viewer: Viewer,
  missionId: number,
  setterSharePercent: number,
) {
  return db.transaction(async (tx) => {
    await ownMissionSplit(tx, viewer, missionId, true);
    await tx.update(missions).set({ setterSharePercent }).where(eq(missions.id, missionId));
    work.forget('crm');
    return { missionId, setterSharePercent };
  });
}
