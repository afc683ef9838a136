import { describe, expect, it } from 'vitest';
import {
  supportCategories,
  supportCategoryLabels,
  supportCategoryOptions,
  supportTicketIdOf,
  supportTicketReference,
  supportTicketRequesterLabels,
  supportTicketStatuses,
  supportTicketStatusLabels,
  supportTicketStatusOptions,
} from './support';

describe('support lists', () => {
  it.each([
    ['statuses', supportTicketStatuses, supportTicketStatusLabels, supportTicketStatusOptions],
    ['categories', supportCategories, supportCategoryLabels, supportCategoryOptions],
  ] as const)('%s: every value has a label and an option, in order', (_name, values, labels, options) => {
    expect(Object.keys(labels).sort()).toEqual([...values].sort());
    expect(options).toEqual(
      values.map((value) => ({ value, label: (labels as Record<string, string>)[value] })),
    );
    expect(Object.keys(supportTicketRequesterLabels).sort()).toEqual([...supportTicketStatuses].sort());
  });

  it('writes and reads ticket references', () => {
    expect(supportTicketReference(42)).toBe('S-000042');
    for (const typed of ['S-000042', 's42', '#42', ' 42 ']) expect(supportTicketIdOf(typed)).toBe(42);
    for (const typed of ['S-0', 'facture', '99999999999', 'S-42a'])
      expect(supportTicketIdOf(typed)).toBeNull();
  });
});
