import { Button, type ButtonProps, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/error-message';
import { usePortal } from '../api/billing';

/** Opens the subscription's portal (Stripe's, or the sandbox's page), with the failure shown below. */
export function PortalButton({ children, ...props }: ButtonProps & { children: ReactNode }) {
  const portal = usePortal();
  return (
    <Stack gap="xs">
      <Button
        {...props}
        loading={portal.isPending || portal.isSuccess}
        onClick={() => portal.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) })}
      >
        {children}
      </Button>
      <FormError>{portal.isError ? errorMessage(portal.error) : null}</FormError>
    </Stack>
  );
}
