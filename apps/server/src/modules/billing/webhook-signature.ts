import { AppError, errorCodes } from '@closia/shared';
import type Stripe from 'stripe';
import type { ProviderEvent } from './provider';

/** How old a signed event may be (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Stripe's own check (`constructEvent`: HMAC-SHA256 over `t.body`, 5 min tolerance), for Stripe's
 * events and the sandbox's alike: 400 without a valid signature, or for a signed body that is not
 * an event with an object.
 */
export function verifyStripeSignature(
  stripe: Stripe,
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): ProviderEvent {
  const invalid = () => new AppError(400, errorCodes.badRequest, 'Invalid webhook signature');
  if (!signature) throw invalid();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw invalid();
  }
  const object = (event.data as { object?: unknown } | undefined)?.object as
    | ProviderEvent['data']['object']
    | undefined;
  if (!event.id || !event.type || !object || typeof object.id !== 'string') throw invalid();
  return { id: event.id, type: event.type, created: event.created, data: { object } };
}
