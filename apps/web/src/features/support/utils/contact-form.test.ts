import { describe, expect, it } from 'vitest';
import { contactSchema, emptyContact, ticketInputOf } from './contact-form';

const filled = {
  ...emptyContact,
  subject: 'Ma facture de mars',
  category: 'billing',
  message: 'Je ne trouve pas la facture de mon paiement de mars.',
};

describe('the contact form', () => {
  it('asks a visitor for an e-mail, and lets them leave their name empty', () => {
    expect(contactSchema(true).safeParse(filled).success).toBe(false);
    expect(contactSchema(true).safeParse({ ...filled, email: 'jeanne@exemple.fr' }).success).toBe(true);
    expect(contactSchema(true).safeParse({ ...filled, email: 'jeanne@exemple.fr', name: 'J' }).success).toBe(
      false,
    );
    expect(ticketInputOf({ ...filled, email: ' jeanne@exemple.fr ', name: '' }, true)).toEqual({
      subject: 'Ma facture de mars',
      category: 'billing',
      message: 'Je ne trouve pas la facture de mon paiement de mars.',
      email: 'jeanne@exemple.fr',
    });
  });

  it('sends neither e-mail nor name for a signed-in user; checks the category and the lengths', () => {
    expect(contactSchema(false).safeParse(filled).success).toBe(true);
    expect(ticketInputOf({ ...filled, email: 'x@y.fr', name: 'X' }, false)).not.toHaveProperty('email');
    expect(contactSchema(false).safeParse({ ...filled, category: null }).success).toBe(false);
    expect(contactSchema(false).safeParse({ ...filled, message: 'Trop court' }).success).toBe(false);
  });
});
