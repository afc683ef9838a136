/**
 * `GET /api/v1/dashboard/today`: what the caller has to handle today, by role, each item with
 * what its page needs to link to it. The server answers with this schema; the web reads its type.
 *
 * - A freelancer (setter, closer, setter-closer): their prospects' open activities overdue or due
 *   today (Europe/Paris days), their open deals expected to close this week (Monday to Sunday,
 *   Paris), and the commission instalments due to them and not paid yet.
 * - An infopreneur: the applications waiting for their decision, their offers waiting for the
 *   admins' review, and the commission instalments they owe now (due, not paid yet).
 *
 * Each list holds at most `DASHBOARD_TODAY_LIMIT` items, the most urgent first; `total` counts them all.
 * Its texts are `textField()`s, as every string of this package's schemas (storable-text.test.ts).
 */
import { z } from 'zod';
import { priorities, selectablePipelineStages } from '../enums';
import { textField } from '../schemas/fields';

/** The items each list of the page shows. */
export const DASHBOARD_TODAY_LIMIT = 5;

const person = z.object({ id: z.number(), fullName: textField() });

export const todayActivitySchema = z.object({
  id: z.number(),
  title: textField(),
  dueAt: textField(),
  priority: z.enum(priorities),
  /** Due before now (and still open). */
  overdue: z.boolean(),
  prospect: person,
});

export const todayDealSchema = z.object({
  id: z.number(),
  title: textField(),
  status: z.enum(selectablePipelineStages),
  expectedCloseDate: textField(),
  valueCents: z.number(),
  probability: z.number().nullable(),
  prospect: person,
});

export const todayCommissionSchema = z.object({
  id: z.number(),
  dealId: z.number(),
  dealTitle: textField(),
  amountCents: z.number(),
  dueOn: textField(),
  instalment: z.number(),
  instalments: z.number(),
  /** Who pays it (a freelancer's view; null once that account is deleted) or who is owed it (an infopreneur's). */
  person: person.nullable(),
});

export const todayApplicationSchema = z.object({
  id: z.number(),
  missionId: z.number(),
  missionTitle: textField(),
  applicant: person,
  createdAt: textField(),
});

export const todayServiceSchema = z.object({
  id: z.number(),
  name: textField(),
  /** When it was last changed (sent for review). */
  updatedAt: textField(),
});

const list = <T extends z.ZodType>(item: T) => z.object({ total: z.number(), items: z.array(item) });

const commissions = list(todayCommissionSchema).extend({
  /** Σ of every line counted in `total`. */
  amountCents: z.number(),
});

export const dashboardTodaySchema = z.discriminatedUnion('role', [
  z.object({
    role: z.literal('freelancer'),
    /** Today, 'YYYY-MM-DD' (Paris). */
    today: textField(),
    activities: list(todayActivitySchema).extend({ overdue: z.number(), dueToday: z.number() }),
    /** Open deals whose expected close date falls in the week `from`–`to` ('YYYY-MM-DD'). */
    closingDeals: list(todayDealSchema).extend({ from: textField(), to: textField() }),
    commissions,
  }),
  z.object({
    role: z.literal('infopreneur'),
    today: textField(),
    applications: list(todayApplicationSchema),
    reviews: list(todayServiceSchema),
    commissions,
  }),
]);

export type DashboardToday = z.infer<typeof dashboardTodaySchema>;
export type FreelancerToday = Extract<DashboardToday, { role: 'freelancer' }>;
export type InfopreneurToday = Extract<DashboardToday, { role: 'infopreneur' }>;
export type TodayActivity = z.infer<typeof todayActivitySchema>;
export type TodayDeal = z.infer<typeof todayDealSchema>;
export type TodayCommission = z.infer<typeof todayCommissionSchema>;
export type TodayApplication = z.infer<typeof todayApplicationSchema>;
export type TodayService = z.infer<typeof todayServiceSchema>;
