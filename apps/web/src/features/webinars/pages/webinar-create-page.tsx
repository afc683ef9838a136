import { isInfopreneur } from '@closia/shared';
import { Alert, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../auth/api/use-current-user';
import { useCreateWebinar } from '../api/create-webinar';
import { WebinarForm } from '../components/webinar-form';
import { toWebinarInput } from '../utils/webinar-form';

/** `/app/our-webinars/create`: infopreneurs and admins. */
export function WebinarCreatePage() {
  const { data: me } = useCurrentUser();
  const create = useCreateWebinar();
  const navigate = useNavigate();
  const allowed = isInfopreneur(me) || Boolean(me?.admin);
  const back = <BackLink to={paths.app.webinars}>Tous les webinaires</BackLink>;
  return (
    <Stack gap="lg">
      <PageHeader
        above={back}
        title="Nouveau webinaire"
        description="Présentez votre offre en direct : les inscrits qui l’acceptent deviennent des prospects."
      />
      {allowed ? (
        <WebinarForm
          webinar={null}
          submitLabel="Créer le webinaire"
          onCancel={() => navigate(paths.app.webinars)}
          onSubmit={async (values) => {
            const webinar = await create.mutateAsync(toWebinarInput(values));
            notifications.show({
              color: 'green',
              title: 'Webinaire créé',
              message: `« ${webinar.title} » est publié : partagez sa page pour recevoir des inscriptions.`,
            });
            navigate(paths.app.webinar(webinar.id));
          }}
        />
      ) : (
        <Alert color="orange" variant="light" role="alert">
          La création de webinaires est réservée aux infopreneurs.
        </Alert>
      )}
    </Stack>
  );
}
