import { searchByName } from '@closia/shared';
import type { ComboboxItem, OptionsFilter } from '@mantine/core';

/**
 * Mantine's `filter` for the pickers of reference names (work sectors, skills, formations): the
 * search of the API's reference lists (`searchByName`, @closia/shared) — accents, case,
 * punctuation and small typos ignored, the same name first, then the names beginning with it.
 */
export const nameFilter: OptionsFilter = ({ options, search, limit }) => {
  const items = options.flatMap((option): ComboboxItem[] => ('group' in option ? option.items : [option]));
  return searchByName(items, search, (item) => item.label).slice(0, limit);
};
