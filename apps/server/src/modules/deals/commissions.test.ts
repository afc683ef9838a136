import type { CommissionLine, Commissions } from '@closia/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionLines, deals } from '../../db/schema';
import { parseCsv } from '../../lib/csv';
import { createdDeal, dayFromToday, dealBody, prospectOf, salesTeam } from '../../test/fixtures';
import { createTestApp, signedInClient, type TestClient, type TestContext } from '../../test/helpers';
import { COMMISSION_EXPORT_HEADERS } from './commissions-export';
import { sumLines, today } from './ledger';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimit: false });
});
afterAll(() => ctx.close());

const STATUSES = ['pending', 'paid', 'clawed_back'] as const;

/**
 * A won deal of a team and `count` more lines of its closer, written straight into the ledger:
 * due dates spread over the last and the next six months, several lines on each day (so that the
 * id breaks ties), every stored status, some clawed-back corrections.
 */
async function bigLedger(count: number) {
  const t = await salesTeam(ctx.app);
  const deal = await createdDeal(t.setter.client, dealBody(t.prospect.id, t.service.id, { status: 'Role' }));
  await t.setter.client.post(`/api/v1/deals/${deal.id}/handoff`, { closerId: t.closer.user.id });
  expect((await t.closer.client.post(`/api/v1/deals/${deal.id}/win`, { instalments: 3 })).statusCode).toBe(
    200,
  );
  const rows = Array.from({ length: count }, (_, i) => {
    const status = STATUSES[i % 3]!;
    const correction = status === 'clawed_back' && i % 2 === 0;
    return {
      dealId: deal.id,
      beneficiaryId: t.closer.user.id,
      payerId: t.infopreneur.id,
      serviceId: t.service.id,
      role: 'closer',
      amountCents: (correction ? -1 : 1) * (1_000 + i * 7),
      dueOn: dayFromToday(((i * 37) % 360) - 180 - (i % 4)),
      status,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await ctx.app.db.insert(commissionLines).values(rows.slice(i, i + 500));
  return { ...t, deal };
}

/** Every page of `path` (a query string of its own or none), following `nextCursor`. */
async function allPages(client: TestClient, path: string) {
  const pages: Commissions[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const res = await client.get(cursor ? `${path}${separator}cursor=${cursor}` : path);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Commissions;
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor !== null && pages.length < 100);
  return pages;
}

const byDueThenId = (order: 'asc' | 'desc') => (a: CommissionLine, b: CommissionLine) => {
  const sign = order === 'asc' ? 1 : -1;
  return sign * (a.dueOn.localeCompare(b.dueOn) || a.id - b.id);
};

describe('GET /commissions pages its lines', () => {
  it('walks every line once, in a stable order, with the period sums equal to the sum of all pages', async () => {
    const t = await bigLedger(230);
    const pages = await allPages(t.closer.client, '/api/v1/commissions?perPage=40');
    // 230 written + 3 of the win, 40 a page.
    expect(pages.map((page) => page.lines.length)).toEqual([40, 40, 40, 40, 40, 33]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const lines = pages.flatMap((page) => page.lines);
    expect(new Set(lines.map((line) => line.id)).size).toBe(233);
    expect(lines).toEqual([...lines].sort(byDueThenId('desc')));
    expect(lines.every((line) => line.beneficiary.id === t.closer.user.id)).toBe(true);

    // The sums cover the whole period on every page, whichever page it is.
    const day = today();
    for (const page of pages) expect(page.totals).toEqual(sumLines(lines, day));
    const first = pages[0]!;
    expect(first.totals.clawedBackCents).toBeGreaterThan(0);
    expect(first.totals.paidCents).toBeGreaterThan(0);
    for (const month of first.months) {
      expect(month).toEqual({
        month: month.month,
        ...sumLines(
          lines.filter((line) => line.dueOn.startsWith(month.month)),
          day,
        ),
      });
    }

    // Oldest first, and one status only (`due`: unpaid, its day come), paged the same way.
    const oldest = (await allPages(t.closer.client, '/api/v1/commissions?perPage=25&sortOrder=asc')).flatMap(
      (page) => page.lines,
    );
    expect(oldest).toEqual([...lines].sort(byDueThenId('asc')));
    const due = (await allPages(t.closer.client, '/api/v1/commissions?status=due&perPage=30')).flatMap(
      (page) => page.lines,
    );
    expect(due.length).toBeGreaterThan(0);
    expect(due).toEqual(lines.filter((line) => line.status === 'due'));

    // The infopreneur pages the same lines (and the setter's), with what they owe per freelancer.
    const owner = await allPages(t.client, '/api/v1/commissions?perPage=100');
    const owed = owner.flatMap((page) => page.lines);
    expect(owed).toHaveLength(236);
    expect(owner[0]!.owed!.find((row) => row.beneficiary.id === t.closer.user.id)).toMatchObject(
      sumLines(lines, day),
    );
  });

  it('narrows lines and sums to one deal of mine, the default page being 50 lines', async () => {
    const t = await bigLedger(60);
    const all = (await t.closer.client.get('/api/v1/commissions')).json() as Commissions;
    expect(all.lines).toHaveLength(50);
    expect(all.nextCursor).not.toBeNull();
    const other = await createdDeal(
      t.closer.client,
      dealBody((await prospectOf(ctx.app, t.closer.user.id)).id, t.service.id),
    );
    await t.closer.client.post(`/api/v1/deals/${other.id}/win`, {});
    const one = (await t.closer.client.get(`/api/v1/commissions?dealId=${other.id}`)).json() as Commissions;
    expect(one.lines.map((line) => line.dealId)).toEqual([other.id]);
    expect(one.totals.earnedCents).toBe(one.lines[0]!.amountCents);
    expect(one.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not write and a page of more than 100 lines (422 envelope)', async () => {
    const t = await bigLedger(3);
    const first = (await t.closer.client.get('/api/v1/commissions?perPage=2')).json() as Commissions;
    const tampered = [
      `${first.nextCursor}==`,
      `${first.nextCursor!.slice(0, -2)}.`,
      Buffer.from('2026-02-30:12').toString('base64url'),
      Buffer.from('2026-01-01:0').toString('base64url'),
      Buffer.from("2026-01-01:1' or 1=1").toString('base64url'),
      Buffer.from('2026-01-01:99999999999').toString('base64url'),
      'not a cursor',
      '',
    ];
    for (const cursor of tampered) {
      const res = await t.closer.client.get(`/api/v1/commissions?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'E_VALIDATION_ERROR',
        errors: [expect.objectContaining({ field: 'cursor' })],
      });
    }
    for (const perPage of ['101', '0', 'many']) {
      const res = await t.closer.client.get(`/api/v1/commissions?perPage=${perPage}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatchObject({ field: 'perPage' });
    }
    expect((await t.closer.client.get('/api/v1/commissions?perPage=100')).statusCode).toBe(200);
  });

  it("shows no one another's lines, whatever the filters", async () => {
    const t = await bigLedger(5);
    const stranger = await signedInClient(ctx.app, { kind: 'closer' });
    const theirs = (
      await stranger.client.get(`/api/v1/commissions?dealId=${t.deal.id}`)
    ).json() as Commissions;
    expect(theirs.lines).toEqual([]);
    expect(theirs.totals.earnedCents).toBe(0);
    // The setter sees their own share of the deal only, never the closer's lines.
    const setter = (
      await t.setter.client.get(`/api/v1/commissions?dealId=${t.deal.id}`)
    ).json() as Commissions;
    expect(setter.lines.length).toBe(3);
    expect(setter.lines.every((line) => line.beneficiary.id === t.setter.user.id)).toBe(true);
    const csv = await stranger.client.get(`/api/v1/commissions/export?dealId=${t.deal.id}`);
    expect(parseCsv(csv.body.slice(1))).toHaveLength(1);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/commissions/export' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /commissions/export', () => {
  it('streams every line of the filters for the accountant: BOM, `;`, French headers, formulas neutralised', async () => {
    const t = await bigLedger(1_100);
    await ctx.app.db.update(deals).set({ title: '=HYPERLINK("http://x")' }).where(eq(deals.id, t.deal.id));
    const res = await t.closer.client.get('/api/v1/commissions/export?sortOrder=asc');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="commissions-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // Streamed: no length known in advance.
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records = parseCsv(res.body.slice(1), ';').map((record) => record.cells);
    expect(records[0]).toEqual([...COMMISSION_EXPORT_HEADERS]);
    const rows = records.slice(1);
    expect(rows).toHaveLength(1_103);
    const pages = (await allPages(t.closer.client, '/api/v1/commissions?perPage=100&sortOrder=asc')).flatMap(
      (page) => page.lines,
    );
    expect(rows.map((row) => Number(row[11]))).toEqual(pages.map((line) => line.id));
    expect(rows[0]![1]).toBe(`'=HYPERLINK("http://x")`);
    const correction = pages.find((line) => line.amountCents < 0)!;
    const row = rows.find((cells) => Number(cells[11]) === correction.id)!;
    const euros = Math.abs(correction.amountCents);
    expect(row[7]).toBe(`'-${Math.floor(euros / 100)},${String(euros % 100).padStart(2, '0')}`);
    expect(row[8]).toBe('Reprise');
    expect(row[0]).toBe(correction.dueOn.split('-').reverse().join('/'));
    expect(rows.every((cells) => cells[5] === 'Closer' && cells[3] === 'Camille Closer')).toBe(true);
  });

  it('checks the period first (422), like the list', async () => {
    const t = await bigLedger(1);
    const res = await t.closer.client.get(
      `/api/v1/commissions/export?from=${dayFromToday(20)}&to=${dayFromToday(10)}`,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ field: 'to', rule: 'afterOrEqual' });
  });
});
