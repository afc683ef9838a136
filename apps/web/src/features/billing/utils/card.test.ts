import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry, isExpiryComplete } from './card';

describe('formatCardNumber', () => {
  it('groups the digits by 4 as they are typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('')).toBe('');
  });

  it('ignores what is not a digit, and stops at 19 digits', () => {
    expect(formatCardNumber('4000-0000 0000.0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber('1234567890123456789999')).toBe('1234 5678 9012 3456 789');
  });
});

describe('formatExpiry', () => {
  it('writes MM/AA with the slash after the month', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('122')).toBe('12/2');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12/28')).toBe('12/28');
    expect(formatExpiry('12/2899')).toBe('12/28');
  });

  it('reads a first digit above 1 as a month of its own', () => {
    expect(formatExpiry('7')).toBe('07');
    expect(formatExpiry('728')).toBe('07/28');
  });

  it('knows a complete expiry', () => {
    expect(isExpiryComplete('12/28')).toBe(true);
    expect(isExpiryComplete('13/28')).toBe(false);
    expect(isExpiryComplete('12/2')).toBe(false);
  });
});

describe('formatCvc', () => {
  it('keeps 3 or 4 digits', () => {
    expect(formatCvc('12a3')).toBe('123');
    expect(formatCvc('12345')).toBe('1234');
  });
});
