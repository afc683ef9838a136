import { applicationCreateSchema, type Mission } from '@closia/shared';
import { Alert, Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/error-message';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useCreateApplication } from '../api/create-application';
import { useDecideApplication } from '../api/decide-application';
import { refusalReasons } from '../utils/application';
import { marketplaceWording } from '../utils/error-wording';
import { ApplicationStatusBadge } from './status-badges';

const MESSAGE_MAX = 3000;

/** The freelancer's side of a mission page: apply with a message, or where their application stands. */
export function ApplyPanel({ mission, freelancer }: { mission: Mission; freelancer: boolean }) {
  const apply = useCreateApplication();
  const withdraw = useDecideApplication();
  const [formError, setFormError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string[] | null>(null);
  const form = useForm({
    initialValues: { message: '' },
    validate: zodResolver(applicationCreateSchema),
  });

  if (!freelancer) {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
        Seuls les setters, closers et setters-closers peuvent postuler aux missions.
      </Alert>
    );
  }

  if (mission.myApplication && mission.myApplication.status !== 'withdrawn') {
    const { id, status } = mission.myApplication;
    return (
      <Stack gap="sm" data-testid="my-application">
        <Group gap="xs">
          <Text fw={600}>Votre candidature :</Text>
          <ApplicationStatusBadge status={status} size="lg" />
        </Group>
        <Text size="sm" c="dimmed">
          {status === 'pending' &&
            'L’infopreneur étudie votre candidature. Vous serez prévenu de sa réponse.'}
          {status === 'accepted' &&
            'Bienvenue dans la mission ! Vous pouvez désormais créer des ventes sur cette offre.'}
          {status === 'declined' && 'L’infopreneur n’a pas retenu votre candidature pour cette mission.'}
        </Text>
        {status === 'pending' && (
          <Button
            variant="default"
            loading={withdraw.isPending}
            onClick={() =>
              withdraw.mutate(
                { id, decision: 'withdraw', missionId: mission.id },
                {
                  onSuccess: () =>
                    notifications.show({
                      color: 'gray',
                      title: 'Candidature retirée',
                      message: `Vous ne postulez plus à « ${mission.title} ».`,
                    }),
                  onError: (error) =>
                    notifications.show({
                      color: 'red',
                      title: 'Retrait impossible',
                      message: errorMessage(error, marketplaceWording),
                    }),
                },
              )
            }
          >
            Retirer ma candidature
          </Button>
        )}
      </Stack>
    );
  }

  if (mission.status !== 'published' || mission.missionStatus !== 'open') {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
        Cette mission n’accepte plus de candidatures.
      </Alert>
    );
  }

  const submit = form.onSubmit((values) => {
    setFormError(null);
    setRefusal(null);
    apply.mutate(
      { missionId: mission.id, input: applicationCreateSchema.parse(values) },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({
            color: 'green',
            title: 'Candidature envoyée',
            message: `L’infopreneur a reçu votre candidature à « ${mission.title} ».`,
          });
        },
        onError: (error) => {
          const reasons = refusalReasons(error);
          if (reasons) {
            setRefusal(reasons);
            return;
          }
          if (applyServerErrors(form, error)?.length === 0) return;
          setFormError(errorMessage(error, marketplaceWording));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {refusal && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Vous ne pouvez pas postuler à cette mission"
            role="alert"
            data-testid="apply-refusal"
          >
            <List size="sm" spacing={4}>
              {refusal.map((reason) => (
                <List.Item key={reason}>{reason}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {mission.myApplication?.status === 'withdrawn' && (
          <Text size="sm" c="dimmed">
            Vous aviez retiré votre candidature : vous pouvez postuler à nouveau.
          </Text>
        )}
        <FormError>{formError}</FormError>
        <Textarea
          label="Votre message"
          description="Présentez-vous : votre expérience, vos résultats, pourquoi cette offre vous intéresse."
          placeholder="Bonjour, je suis closer depuis 3 ans sur des formations…"
          required
          autosize
          minRows={5}
          maxRows={12}
          maxLength={MESSAGE_MAX}
          {...form.getInputProps('message')}
        />
        <Group justify="space-between" gap="sm">
          <Text size="xs" c="dimmed" aria-live="polite">
            {form.values.message.length} / {MESSAGE_MAX}
          </Text>
          <Button type="submit" leftSection={<IconSend size={16} />} loading={apply.isPending}>
            Postuler
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
