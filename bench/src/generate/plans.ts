/**
 * The plans of generated users (issue 20): the server refuses, with 402, a write that goes beyond the
 * caller's plan (more than 100 prospects on Gratuit, a shared pipeline…). The CRM benches write as
 * heavy sellers, so their generated users get the subscription rows a paying user has — inserted in
 * bulk, as the billing webhooks would have left them.
 */
import type { Tx } from '@closia/server/db/client';
import { subscriptions } from '@closia/server/db/schema';
import { insertBatches } from './marketplace';

const DAY = 24 * 3600_000;

/** Active monthly subscriptions to `planId` for every user of `userIds`, current at `anchor`. */
export async function insertSubscriptions(
  tx: Tx,
  userIds: readonly number[],
  planId: 'pro' | 'equipe',
  anchor: number,
): Promise<void> {
  const start = new Date(anchor - 10 * DAY);
  const end = new Date(anchor + 20 * DAY);
  const rows = userIds.map((userId) => ({
    userId,
    planId,
    interval: 'month' as const,
    status: 'active' as const,
    provider: 'sandbox' as const,
    providerRef: `sub_bench_${userId}`,
    customerRef: `cus_bench_${userId}`,
    currentPeriodStart: start,
    currentPeriodEnd: end,
    providerUpdatedAt: start,
    createdAt: start,
    updatedAt: start,
  }));
  await insertBatches('subscriptions', rows, (batch) => tx.insert(subscriptions).values(batch));
}
