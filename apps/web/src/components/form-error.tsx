import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** An error not tied to one field (network, server): nothing when empty. */
export function FormError({ children, title }: { children: ReactNode; title?: string }) {
  if (!children) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" title={title}>
      {children}
    </Alert>
  );
}
