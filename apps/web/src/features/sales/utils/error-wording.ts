import type { ErrorWording } from '../../../lib/error-message';

/** What the sales pages say for a failure the server gives no reason for (`errorMessage`'s wording). */
export const saleWording: ErrorWording = {
  forbidden: 'Vous ne pouvez pas faire cette action sur cette vente.',
  notFound: 'Cette vente n’existe pas ou vous n’y avez plus accès.',
  conflict: 'Cette action n’est plus possible : la vente a changé entre-temps. Rechargez la page.',
};
