import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';

export const authMessages = {
  invalidCredentials: 'E-mail ou mot de passe incorrect.',
  tooManyAttempts: 'Trop de tentatives. Réessayez dans quelques minutes.',
  invalidResetToken: 'Ce lien de réinitialisation est invalide ou a expiré.',
  invalidVerifyToken: 'Ce lien de vérification est invalide ou a expiré.',
} as const;

export function isTooManyRequests(error: unknown): boolean {
  return isApiError(error) && (error.status === 429 || error.code === 'E_TOO_MANY_REQUESTS');
}

export function isInvalidToken(error: unknown): boolean {
  return isApiError(error) && error.code === 'E_INVALID_TOKEN';
}

/** The French text for an auth call's failure that is not shown on a field. */
export function authErrorMessage(error: unknown): string {
  if (isApiError(error) && error.code === 'E_INVALID_CREDENTIALS') return authMessages.invalidCredentials;
  if (isTooManyRequests(error)) return authMessages.tooManyAttempts;
  return errorText(error);
}
