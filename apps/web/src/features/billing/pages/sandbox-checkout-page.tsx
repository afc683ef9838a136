import { plans, type SandboxSessionResponse, sandboxPayBody } from '@closia/shared';
import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { type ChangeEvent, type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { FormError } from '../../../components/form-error';
import { LoadError } from '../../../components/query-states';
import { paths } from '../../../config/paths';
import { errorMessage, isNotFound } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { usePaySandboxSession, useSandboxSession } from '../api/sandbox-checkout';
import { PriceSummary } from '../components/price-summary';
import { TestModeBanner } from '../components/test-mode-banner';
import { formatCardNumber, formatCvc, formatExpiry } from '../utils/card';
import { formatCents, intervalAdjectives } from '../utils/money';

/** The invoice names its buyer: on this page the name and the address are required. */
const payFormSchema = sandboxPayBody.required({ billingName: true, billingAddress: true });

const emptyToUndefined = (value: string) => (value.trim() === '' ? undefined : value);

interface PayFormValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
  billingName: string;
  billingAddress: string;
  company: string;
  vatNumber: string;
}

/** What is sent: the optional fields left empty are left out, the VAT number in capitals without spaces. */
function normalize(values: PayFormValues) {
  return {
    ...values,
    company: emptyToUndefined(values.company),
    vatNumber: emptyToUndefined(values.vatNumber.toUpperCase().replace(/\s/g, '')),
  };
}

/** `/payment/checkout/{sessionId}`: the sandbox provider's checkout page (Stripe's page otherwise). */
export function SandboxCheckoutPage() {
  const { sessionId = '' } = useParams();
  const session = useSandboxSession(sessionId);

  if (session.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Chargement du paiement" />
      </Center>
    );
  }
  return (
    <Stack gap="lg" maw={640} mx="auto" w="100%" py="md">
      <Title order={1}>Paiement</Title>
      <TestModeBanner withCards />
      {session.isError ? (
        isNotFound(session.error) ? (
          <ClosedNotice title="Paiement introuvable">
            Cette session de paiement n’existe pas ou ne vous appartient pas.
          </ClosedNotice>
        ) : (
          <LoadError error={session.error} onRetry={() => void session.refetch()} />
        )
      ) : session.data.status === 'complete' ? (
        <ClosedNotice title="Paiement déjà effectué" color="green">
          Ce paiement a déjà été réglé : votre abonnement est enregistré.{' '}
          <Link to={paths.dashboard.billing}>Voir mon abonnement et mes factures</Link>
        </ClosedNotice>
      ) : session.data.status === 'expired' ? (
        <ClosedNotice title="Session de paiement expirée">
          Cette session de paiement a expiré sans être réglée. Recommencez depuis la page des offres.
        </ClosedNotice>
      ) : (
        <CheckoutForm session={session.data} />
      )}
    </Stack>
  );
}

function ClosedNotice({
  title,
  children,
  color = 'orange',
}: {
  title: string;
  children: ReactNode;
  color?: string;
}) {
  return (
    <Alert color={color} variant="light" title={title} role="status">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{children}</Text>
        <Button component={Link} to={paths.pricing} variant="light" size="xs" color={color}>
          Voir les offres
        </Button>
      </Stack>
    </Alert>
  );
}

function CheckoutForm({ session }: { session: SandboxSessionResponse }) {
  const pay = usePaySandboxSession(session.id);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PayFormValues, (values: PayFormValues) => ReturnType<typeof normalize>>({
    mode: 'controlled',
    initialValues: {
      cardNumber: '',
      expiry: '',
      cvc: '',
      billingName: '',
      billingAddress: '',
      company: '',
      vatNumber: '',
    },
    transformValues: normalize,
    validate: (values) => zodResolver(payFormSchema)(normalize(values)),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    pay.mutate(values, {
      onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
      onError: (error) => showSubmitError(form, error, setFormError, errorMessage),
    });
  });

  // A plan's subscription, or a webinar seat (a one-time payment).
  const heading = session.webinar
    ? `Place pour le webinaire « ${session.webinar.title} »`
    : session.planId && session.interval
      ? `Abonnement ${intervalAdjectives[session.interval]} ${plans[session.planId].name}`
      : 'Paiement';
  const input = (field: 'cardNumber' | 'expiry' | 'cvc', format: (value: string) => string) => {
    const props = form.getInputProps(field);
    return {
      ...props,
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        form.setFieldValue(field, format(event.currentTarget.value)),
    };
  };

  return (
    <Card withBorder padding="xl" radius="lg">
      <form onSubmit={submit} noValidate aria-label="Paiement par carte">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz="h4">
              {heading}
            </Title>
            <Text size="sm" c="dimmed">
              Pour {session.customerEmail}
            </Text>
          </Stack>
          <PriceSummary price={session.amount} totalLabel="À payer (TTC)" />
          <TextInput
            label="Numéro de carte"
            placeholder="1234 1234 1234 1234"
            inputMode="numeric"
            autoComplete="cc-number"
            required
            {...input('cardNumber', formatCardNumber)}
          />
          <SimpleGrid cols={2} spacing="md">
            <TextInput
              label="Expiration (MM/AA)"
              placeholder="MM/AA"
              inputMode="numeric"
              autoComplete="cc-exp"
              required
              {...input('expiry', formatExpiry)}
            />
            <TextInput
              label="CVC"
              placeholder="123"
              inputMode="numeric"
              autoComplete="cc-csc"
              required
              {...input('cvc', formatCvc)}
            />
          </SimpleGrid>
          <TextInput
            label="Nom du titulaire"
            autoComplete="cc-name"
            required
            maxLength={120}
            {...form.getInputProps('billingName')}
          />
          <TextInput
            label="Adresse de facturation"
            autoComplete="street-address"
            required
            maxLength={300}
            {...form.getInputProps('billingAddress')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="Société (facultatif)"
              autoComplete="organization"
              maxLength={120}
              {...form.getInputProps('company')}
            />
            <TextInput
              label="N° de TVA intracommunautaire (facultatif)"
              placeholder="FR12345678901"
              maxLength={20}
              {...form.getInputProps('vatNumber')}
            />
          </SimpleGrid>
          <FormError>{formError}</FormError>
          <Group justify="space-between">
            <Button component="a" href={session.cancelUrl} variant="subtle">
              Annuler
            </Button>
            <Button
              type="submit"
              size="md"
              loading={pay.isPending || pay.isSuccess}
              leftSection={<IconLock size={18} />}
            >
              Payer {formatCents(session.amount.ttc)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
