import { Alert, Anchor } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../utils/dates';

/**
 * Above every signed-in page while a subscription's payment has failed: until when the plan is
 * kept, then that the account is back on Gratuit; either way, where to settle it.
 */
export function PastDueBanner({ until }: { until: string }) {
  const over = new Date(until).getTime() <= Date.now();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} mb="md" role="alert">
      {over
        ? 'Faute de paiement, votre compte est repassé à l’offre Gratuit. '
        : `Paiement en échec : mettez à jour votre moyen de paiement avant le ${formatDate(until)} pour garder votre offre. `}
      <Anchor component={Link} to={paths.dashboard.billing} fw={600}>
        Régler mon abonnement
      </Anchor>
    </Alert>
  );
}
