import type { ComponentProps } from 'react';
import { EmptyState, LoadError as SharedLoadError } from '../../../components/query-states';
import { errorMessage } from '../../../lib/error-message';
import { saleWording } from '../utils/error-wording';

/** A list or a page that could not be loaded, worded for this feature. */
export function LoadError(props: Omit<ComponentProps<typeof SharedLoadError>, 'describe'>) {
  return <SharedLoadError {...props} describe={(error) => errorMessage(error, saleWording)} />;
}

export { EmptyState };
