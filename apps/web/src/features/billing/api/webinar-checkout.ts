import type { CheckoutResponse } from '@closia/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `POST /webinars/{id}/checkout` {consentToContact}: a paid webinar's seat. On success the browser
 * goes to the payment page (Stripe Checkout, or the sandbox's); once paid it comes back to
 * `/app/our-webinars/{id}?paiement=ok`. Errors (409 already registered, 422 closed/full/over or
 * free) are the caller's to show: `meta.handlesError`.
 *
 * `const checkout = useWebinarCheckout(); checkout.mutate({ webinarId, consentToContact })`
 */
export function useWebinarCheckout() {
  return useMutation({
    mutationFn: ({ webinarId, consentToContact }: { webinarId: number; consentToContact: boolean }) =>
      api.post<CheckoutResponse>(`/webinars/${webinarId}/checkout`, { consentToContact }),
    onSuccess: ({ url }) => window.location.assign(url),
    meta: { handlesError: true },
  });
}
