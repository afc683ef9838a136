import { emailField, type SupportTicketInput, supportTicketSchema } from '@closia/shared';
import { z } from 'zod';

/** What the contact form holds: empty texts and no category until chosen. */
export interface ContactValues {
  subject: string;
  category: string | null;
  message: string;
  email: string;
  name: string;
}

export const emptyContact: ContactValues = { subject: '', category: null, message: '', email: '', name: '' };

/**
 * The form's rules: the API's (`supportTicketSchema`); a visitor must give an e-mail (the API
 * refuses a visitor's ticket without one) and may leave their name empty; a signed-in user gives
 * neither (their account's are used).
 */
export function contactSchema(anonymous: boolean) {
  const { email: _email, name, ...fields } = supportTicketSchema.shape;
  return anonymous
    ? z.object({ ...fields, email: emailField(), name: z.union([z.literal(''), name.unwrap()]) })
    : z.object(fields);
}

/** The request of the form's values (checked by `contactSchema` first). */
export function ticketInputOf(values: ContactValues, anonymous: boolean): SupportTicketInput {
  const input: SupportTicketInput = {
    subject: values.subject.trim(),
    category: values.category as SupportTicketInput['category'],
    message: values.message.trim(),
  };
  if (!anonymous) return input;
  const name = values.name.trim();
  return { ...input, email: values.email.trim(), ...(name ? { name } : {}) };
}
