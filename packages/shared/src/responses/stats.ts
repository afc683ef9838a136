/**
 * What the sales statistics answer (issue 8): `GET /stats` and the commission forecast
 * `GET /stats/forecast`. Money in integer euro cents; months 'YYYY-MM', days 'YYYY-MM-DD'.
 */
import { z } from 'zod';
import { pipelineStages, selectablePipelineStages } from '../enums';
import { textField } from '../schemas/fields';
import { personRefResponse } from './common';

/** `GET /stats/forecast`. */
export const forecastResponse = z.object({
  horizons: z.array(
    z.object({
      days: z.union([z.literal(30), z.literal(60), z.literal(90)]),
      dealCount: z.number(),
      weightedCommissionCents: z.number(),
    }),
  ),
  stale: z
    .array(
      z.object({
        id: z.number(),
        title: textField(),
        status: z.enum(selectablePipelineStages),
        daysInStage: z.number(),
        thresholdDays: z.number(),
        expectedCloseDate: textField().nullable(),
        prospect: personRefResponse,
      }),
    )
    .meta({
      description:
        'Open deals without a stage move for at least their threshold ("à relancer"), longest first (at most `staleLimit`).',
    }),
  staleTotal: z.number().meta({
    description: 'How many deals are "à relancer" in all (`stale` lists the `staleLimit` longest-waiting).',
  }),
});
export type Forecast = z.infer<typeof forecastResponse>;

const stage = z.enum(pipelineStages);

export const statsMonthResponse = z.object({
  month: textField(),
  wonCount: z.number(),
  revenueCents: z.number(),
  commissionCents: z.number().meta({
    description: 'Net commission (my lines, or the lines I owe as an infopreneur) by due date.',
  }),
  activitiesDone: z.number(),
});
export type StatsMonth = z.infer<typeof statsMonthResponse>;

export const stageConversionResponse = z.object({
  from: stage,
  to: stage,
  reached: z
    .number()
    .meta({ description: 'Deals of the period that reached `from` … and then `to` (or further).' }),
  advanced: z.number(),
  rate: z
    .number()
    .nullable()
    .meta({ description: 'advanced ÷ reached, 0–1 (null when none reached `from`).' }),
});
export type StageConversion = z.infer<typeof stageConversionResponse>;

const breakdown = { wonCount: z.number(), revenueCents: z.number(), commissionCents: z.number() };
export const salesBreakdownResponse = z.object(breakdown);
export type SalesBreakdown = z.infer<typeof salesBreakdownResponse>;

/** `GET /stats`. */
export const statsResponse = z.object({
  role: z.enum(['freelancer', 'infopreneur']),
  from: textField(),
  to: textField(),
  dealsByStage: z.array(z.object({ status: stage, count: z.number() })).meta({
    description: 'Deals created in the period, by their current stage (the eight stages, in order).',
  }),
  conversion: z.object({
    stages: z.array(stageConversionResponse),
    overall: z
      .object({ won: z.number(), lost: z.number(), rate: z.number().nullable() })
      .meta({ description: 'Deals won ÷ deals won or lost, among those closed in the period.' }),
  }),
  months: z.array(statsMonthResponse),
  totals: z.object({
    wonCount: z.number(),
    revenueCents: z.number(),
    commissionCents: z.number(),
    activitiesDone: z.number(),
  }),
  averageCycleDays: z.number().nullable().meta({
    description: 'Average days from creation to win, over the deals won in the period (null: none).',
  }),
  byService: z
    .array(z.object({ service: z.object({ id: z.number(), name: textField() }), ...breakdown }))
    .optional()
    .meta({ description: 'Infopreneur only: sales of the period per offer.' }),
  byFreelancer: z
    .array(z.object({ freelancer: personRefResponse, ...breakdown }))
    .optional()
    .meta({ description: 'Infopreneur only: sales of the period per freelancer.' }),
});
export type Stats = z.infer<typeof statsResponse>;
