const euro = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** "Gratuit", or "49,00 €". */
export function formatPrice(price: number): string {
  return price > 0 ? euro.format(price) : 'Gratuit';
}

/** "3 inscrits", "1 inscrit", "Aucun inscrit". */
export function registrationCountText(count: number): string {
  if (count === 0) return 'Aucun inscrit';
  return `${count.toLocaleString('fr-FR')} inscrit${count > 1 ? 's' : ''}`;
}

/** "Complet", "1 place restante", "12 places restantes"; null without a capacity. */
export function placesLeftText(placesLeft: number | null): string | null {
  if (placesLeft === null) return null;
  if (placesLeft <= 0) return 'Complet';
  return `${placesLeft.toLocaleString('fr-FR')} place${placesLeft > 1 ? 's restantes' : ' restante'}`;
}
