import { describe, expect, it } from 'vitest';
import {
  isPublicRoadmapStatus,
  roadmapCategories,
  roadmapCategoryLabels,
  roadmapCategoryOptions,
  roadmapListQuerySchema,
  roadmapStatuses,
  roadmapStatusLabels,
  roadmapStatusOptions,
  roadmapSuggestionSchema,
} from './roadmap';

describe('the road map’s rules', () => {
  it('labels every status and category in French, in order', () => {
    expect(roadmapStatusOptions).toEqual(
      roadmapStatuses.map((value) => ({ value, label: roadmapStatusLabels[value] })),
    );
    expect(roadmapCategoryOptions).toEqual(
      roadmapCategories.map((value) => ({ value, label: roadmapCategoryLabels[value] })),
    );
    expect(Object.keys(roadmapCategoryLabels).sort()).toEqual([...roadmapCategories].sort());
    expect([roadmapStatusLabels.planned, roadmapStatusLabels.in_progress, roadmapStatusLabels.done]).toEqual([
      'Prévu',
      'En cours',
      'Livré',
    ]);
  });

  it('shows three columns: what is planned, in progress and shipped', () => {
    expect(roadmapStatuses.filter(isPublicRoadmapStatus)).toEqual(['planned', 'in_progress', 'done']);
  });

  it('trims a suggestion and bounds it', () => {
    expect(
      roadmapSuggestionSchema.parse({
        title: '  Agenda Google  ',
        description: '  Mes rendez-vous\nsynchronisés  ',
      }),
    ).toEqual({ title: 'Agenda Google', description: 'Mes rendez-vous\nsynchronisés' });
    expect(roadmapSuggestionSchema.safeParse({ title: 'Agenda', description: '   court    ' }).success).toBe(
      false,
    );
    expect(
      roadmapSuggestionSchema.safeParse({ title: 'x'.repeat(121), description: 'Une description.' }).success,
    ).toBe(false);
  });

  it('lists most voted first by default, 50 a page', () => {
    expect(roadmapListQuerySchema.parse({})).toEqual({ sort: 'votes', page: 1, perPage: 50 });
    expect(roadmapListQuerySchema.safeParse({ status: 'suggested' }).success).toBe(false);
  });
});
