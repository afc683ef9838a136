import { WEBINAR_CONSENT_TEXT, type Webinar } from '@closia/shared';
import { Alert, Button, Checkbox, Group, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPlay, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { FormError } from '../../../components/form-error';
import { Section } from '../../../components/section';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useWebinarCheckout } from '../../billing/api/webinar-checkout';
import { useRegisterToWebinar, useUnregisterFromWebinar, useUpdateRegistration } from '../api/registration';
import { formatPrice } from '../utils/format';
import { canJoinAt, countdownText, JOIN_OPENS_MS, phaseAt } from '../utils/time';
import { AddToCalendarMenu } from './add-to-calendar-menu';

const wording = { conflict: 'Vous êtes déjà inscrit à ce webinaire.' };

/** Registered: join, add to the calendar, change the consent, unregister. */
function Registered({ webinar, now }: { webinar: Webinar; now: number }) {
  const registration = webinar.registration;
  const consent = useUpdateRegistration();
  const unregister = useUnregisterFromWebinar();
  const [confirming, setConfirming] = useState(false);
  const phase = phaseAt(webinar.startTime, webinar.endTime, now);
  const joinable = canJoinAt(webinar.startTime, webinar.endTime, now);
  const opensIn = countdownText(
    new Date(new Date(webinar.startTime).getTime() - JOIN_OPENS_MS).toISOString(),
    now,
  );
  if (!registration) return null;
  return (
    <Stack gap="md">
      <Text fw={600} data-testid="registered-note">
        Vous êtes inscrit ✓
      </Text>
      {phase !== 'past' && (
        <Stack gap={4}>
          <Group gap="sm" wrap="wrap">
            {joinable ? (
              <Button
                component="a"
                href={registration.joinUrl}
                target="_blank"
                rel="noopener noreferrer"
                leftSection={<IconVideo size={18} />}
              >
                Rejoindre
              </Button>
            ) : (
              <Button disabled leftSection={<IconVideo size={18} />} aria-describedby="join-opens">
                Rejoindre
              </Button>
            )}
            <AddToCalendarMenu webinar={webinar} />
          </Group>
          {!joinable && opensIn && (
            <Text size="xs" c="dimmed" id="join-opens">
              Le bouton s’activera 15 minutes avant le début (dans {opensIn}).
            </Text>
          )}
        </Stack>
      )}
      {phase === 'past' && webinar.replayAvailable && (
        <Button
          component={Link}
          to={paths.app.webinarReplay(webinar.id)}
          leftSection={<IconPlayerPlay size={18} />}
          variant="light"
        >
          Voir le replay
        </Button>
      )}
      <Switch
        label="J’accepte d’être contacté par l’organisateur et son équipe commerciale"
        description="Vous pouvez retirer ce consentement à tout moment."
        checked={registration.consentToContact}
        disabled={consent.isPending}
        onChange={(event) => {
          const consentToContact = event.currentTarget.checked;
          consent.mutate(
            { webinarId: webinar.id, input: { consentToContact } },
            {
              onSuccess: () =>
                notifications.show({
                  color: 'green',
                  message: consentToContact
                    ? 'Consentement enregistré : l’organisateur pourra vous contacter.'
                    : 'Consentement retiré : l’organisateur ne vous contactera plus.',
                }),
            },
          );
        }}
      />
      <FormError>{consent.error ? errorMessage(consent.error) : null}</FormError>
      {phase !== 'past' && (
        <Group>
          <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
            Se désinscrire
          </Button>
        </Group>
      )}
      <ConfirmModal
        opened={confirming}
        title="Se désinscrire du webinaire ?"
        confirmLabel="Me désinscrire"
        pending={unregister.isPending}
        error={unregister.error}
        onClose={() => {
          setConfirming(false);
          unregister.reset();
        }}
        onConfirm={() =>
          unregister.mutate(webinar.id, {
            onSuccess: () => {
              setConfirming(false);
              notifications.show({
                color: 'green',
                message: `Vous êtes désinscrit de « ${webinar.title} ».`,
              });
            },
          })
        }
      >
        Votre place sera libérée et votre lien personnel ne fonctionnera plus. Vous pourrez vous réinscrire
        tant que les inscriptions sont ouvertes.
      </ConfirmModal>
    </Stack>
  );
}

/** Not registered yet: the unticked consent box, then "S'inscrire" (or why it is not possible). */
function RegisterForm({ webinar }: { webinar: Webinar }) {
  const register = useRegisterToWebinar();
  const checkout = useWebinarCheckout();
  const [consentToContact, setConsent] = useState(false);
  const phase = webinar.phase;
  const closed =
    phase === 'past'
      ? 'Ce webinaire est terminé : il n’accepte plus d’inscriptions.'
      : !webinar.isRegistrationOpen
        ? 'Les inscriptions à ce webinaire sont fermées.'
        : webinar.placesLeft === 0
          ? 'Ce webinaire est complet.'
          : null;
  if (closed) {
    return (
      <Alert color="gray" variant="light">
        {closed}
      </Alert>
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // A paid seat goes through the payment page; the provider's confirmation registers.
        if (webinar.price > 0) {
          checkout.mutate({ webinarId: webinar.id, consentToContact });
          return;
        }
        register.mutate(
          { webinarId: webinar.id, input: { consentToContact } },
          {
            onSuccess: () =>
              notifications.show({
                color: 'green',
                title: 'Inscription confirmée',
                message: `Vous êtes inscrit à « ${webinar.title} ».`,
              }),
          },
        );
      }}
    >
      <Stack gap="md">
        {webinar.price > 0 && (
          <>
            <Text fw={600}>
              Prix de la place : <span data-testid="webinar-price">{formatPrice(webinar.price)}</span>
            </Text>
            <Text size="sm" c="dimmed" data-testid="payment-required">
              La place se règle par carte sur la page de paiement ; votre inscription est confirmée dès que le
              paiement est accepté.
            </Text>
          </>
        )}
        <Checkbox
          label={WEBINAR_CONSENT_TEXT}
          checked={consentToContact}
          onChange={(event) => setConsent(event.currentTarget.checked)}
        />
        <FormError>
          {register.error || checkout.error ? errorMessage(register.error ?? checkout.error, wording) : null}
        </FormError>
        <Group>
          <Button type="submit" loading={register.isPending || checkout.isPending}>
            {webinar.price > 0 ? `Payer ma place (${formatPrice(webinar.price)})` : 'S’inscrire'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The register box of a webinar's page (not for its organiser). */
export function RegisterBox({ webinar, now }: { webinar: Webinar; now: number }) {
  return (
    <Section title={webinar.registered ? 'Votre inscription' : 'Inscription'} testId="register-box">
      {webinar.registered ? <Registered webinar={webinar} now={now} /> : <RegisterForm webinar={webinar} />}
    </Section>
  );
}
