import { Alert, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { LoadError } from '../../../components/query-states';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useWebinar } from '../api/get-webinar';
import { useUpdateWebinar } from '../api/update-webinar';
import { WebinarForm } from '../components/webinar-form';
import { webinarChanges } from '../utils/webinar-form';

const wording = { notFound: 'Ce webinaire n’existe pas, a été annulé, ou vous n’y avez pas accès.' };

/** `/app/our-webinars/edit/{id}`: the owner or an admin. */
export function WebinarEditPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const webinar = useWebinar(valid ? id : 0);
  const update = useUpdateWebinar();
  const navigate = useNavigate();
  const back = (
    <BackLink to={valid ? paths.app.webinar(id) : paths.app.webinars}>Retour au webinaire</BackLink>
  );
  const data = webinar.data;

  let body: ReactNode;
  if (!valid || webinar.isError) {
    body = (
      <LoadError
        error={webinar.error}
        onRetry={() => webinar.refetch()}
        title="Webinaire introuvable"
        describe={(error) => (error ? errorMessage(error, wording) : wording.notFound)}
      />
    );
  } else if (!data) {
    body = <Skeleton height={400} aria-label="Chargement" />;
  } else if (!data.canManage) {
    body = (
      <Alert color="orange" variant="light" role="alert">
        Seul l’organisateur de ce webinaire peut le modifier.
      </Alert>
    );
  } else {
    body = (
      <WebinarForm
        key={data.id}
        webinar={data}
        submitLabel="Enregistrer les modifications"
        onCancel={() => navigate(paths.app.webinar(data.id))}
        onSubmit={async (values) => {
          const changes = webinarChanges(data, values);
          if (Object.keys(changes).length > 0) {
            await update.mutateAsync({ id: data.id, input: changes });
            notifications.show({
              color: 'green',
              title: 'Webinaire modifié',
              message: changes.startTime
                ? 'Les inscrits sont prévenus du changement d’horaire.'
                : 'Vos modifications sont enregistrées.',
            });
          }
          navigate(paths.app.webinar(data.id));
        }}
      />
    );
  }
  return (
    <Stack gap="lg">
      <PageHeader above={back} title={data ? `Modifier « ${data.title} »` : 'Modifier le webinaire'} />
      {body}
    </Stack>
  );
}
