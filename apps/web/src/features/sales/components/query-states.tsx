import type { ComponentProps } from 'react';
import { EmptyState, LoadError as SharedLoadError } from '../../../components/query-states';
import { errorMessage } from '../utils/errors';

/** A list or a page that could not be loaded, worded for this feature. */
export function LoadError(props: Omit<ComponentProps<typeof SharedLoadError>, 'describe'>) {
  return <SharedLoadError {...props} describe={(error) => errorMessage(error)} />;
}

export { EmptyState };
