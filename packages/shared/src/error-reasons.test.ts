import { describe, expect, it } from 'vitest';
import { errorCodes } from './api-types';
import { errorReasonNames, errorReasons, errorReasonText, isErrorReason } from './error-reasons';

describe('the error reasons table', () => {
  const entries = Object.entries(errorReasons);

  it('names each reason once, in UPPER_SNAKE', () => {
    expect(new Set(errorReasonNames).size).toBe(entries.length);
    for (const name of errorReasonNames) expect(name).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  it('gives each reason a 4xx status and a code of the envelope that goes with it', () => {
    const known = new Set<string>(Object.values(errorCodes));
    const statusOf: Record<string, number> = {
      [errorCodes.forbidden]: 403,
      [errorCodes.conflict]: 409,
      [errorCodes.validation]: 422,
      [errorCodes.emailNotVerified]: 403,
      [errorCodes.onboardingRequired]: 403,
      [errorCodes.paymentDeclined]: 402,
      [errorCodes.notFound]: 404,
    };
    for (const [name, entry] of entries) {
      expect(known.has(entry.code), name).toBe(true);
      expect(entry.status, name).toBe(statusOf[entry.code]);
    }
  });

  it('words each reason in one French sentence', () => {
    for (const [name, { fr }] of entries) {
      expect(fr.trim(), name).toBe(fr);
      expect(fr, name).toMatch(/^[A-ZÀ-Ý].*\.$/);
      // French typography: the curly apostrophe, a space before the colon and the semicolon.
      expect(fr, name).not.toMatch(/'/);
      expect(fr, name).not.toMatch(/\S[:;]/);
      expect(fr, name).toMatch(/\b(le|la|les|de|du|des|une?|vous|votre|cette|ce|seule?s?)\b/i);
    }
  });

  it('answers the sentence of a reason, and null for anything else', () => {
    expect(errorReasonText('ALREADY_APPLIED')).toBe('Vous avez déjà postulé à cette mission.');
    expect(errorReasonText('toString')).toBeNull();
    expect(errorReasonText(undefined)).toBeNull();
    expect(isErrorReason('DEAL_CLOSED')).toBe(true);
    expect(isErrorReason('__proto__')).toBe(false);
  });
});
