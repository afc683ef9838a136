import {
  type AdminSubscriptionRow,
  formatEuro,
  plans,
  type SubscriptionStatus,
  subscriptionStatusLabels,
} from '@closia/shared';
import {
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconGift, IconReceipt2 } from '@tabler/icons-react';
import { useState } from 'react';
import { FormModal } from '../../../components/form-modal';
import { EmptyState, ListPagination, LoadError } from '../../../components/query-states';
import { showSubmitError } from '../../../lib/form-errors';
import {
  type AdminSubscriptionsParams,
  useAdminBillingSummary,
  useAdminSubscriptions,
  useGrantPlan,
} from '../api/admin-billing';

const statusColors: Record<SubscriptionStatus, string> = {
  active: 'green',
  past_due: 'red',
  canceled: 'gray',
  incomplete: 'yellow',
};
const providerLabels: Record<AdminSubscriptionRow['provider'], string> = {
  stripe: 'Stripe',
  sandbox: 'Mode test',
  manual: 'Offerte',
};
const day = (iso: string) => new Date(iso).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });

function Figure({ label, value, hint }: { label: string; value: string | null; hint?: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {value === null ? (
        <Skeleton height={30} width={100} mt={4} />
      ) : (
        <Text fw={700} fz="xl">
          {value}
        </Text>
      )}
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** An admin grants a paid plan until a date (a partner, a gesture): recorded in the audit log. */
function GrantModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const grant = useGrantPlan();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{
    userId: number | string;
    planId: string | null;
    until: string | null;
    reason: string;
  }>({
    initialValues: { userId: '', planId: 'pro', until: null, reason: '' },
    validate: {
      userId: (value) => (Number(value) >= 1 ? null : 'Indiquez l’identifiant de l’utilisateur'),
      planId: (value) => (value ? null : 'Choisissez une offre'),
      until: (value) => (value ? null : 'Choisissez une date de fin'),
      reason: (value) => (value.trim().length >= 3 ? null : 'Indiquez la raison (3 caractères au moins)'),
    },
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await grant.mutateAsync({
        userId: Number(values.userId),
        planId: values.planId as 'pro' | 'equipe',
        until: new Date(`${values.until}T23:59:59`).toISOString(),
        reason: values.reason.trim(),
      });
      notifications.show({
        color: 'green',
        title: 'Offre accordée',
        message: 'L’utilisateur en profite dès maintenant.',
      });
      form.reset();
      onClose();
    } catch (failure) {
      showSubmitError(form, failure, setError);
    }
  });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Offrir une offre payante"
      onSubmit={submit}
      submitLabel="Accorder"
      submitting={grant.isPending}
      error={error}
      centered
    >
      <NumberInput
        label="Identifiant de l’utilisateur"
        min={1}
        allowDecimal={false}
        required
        {...form.getInputProps('userId')}
      />
      <Select
        label="Offre"
        data={[
          { value: 'pro', label: plans.pro.name },
          { value: 'equipe', label: plans.equipe.name },
        ]}
        allowDeselect={false}
        required
        {...form.getInputProps('planId')}
      />
      <DatePickerInput
        label="Jusqu’au"
        minDate={new Date()}
        valueFormat="DD/MM/YYYY"
        required
        {...form.getInputProps('until')}
      />
      <Textarea
        label="Raison (gardée dans le journal d’audit)"
        maxLength={500}
        required
        autosize
        minRows={2}
        {...form.getInputProps('reason')}
      />
    </FormModal>
  );
}

/** `/admin`: the revenue at a glance and the subscriptions, with a way to grant a plan by hand. */
export function BillingOverview() {
  const summary = useAdminBillingSummary();
  const [params, setParams] = useState<AdminSubscriptionsParams>({ page: 1 });
  const list = useAdminSubscriptions(params);
  const [granting, setGranting] = useState(false);
  const s = summary.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby="admin-billing-title">
      <Group justify="space-between">
        <Group gap="xs">
          <IconReceipt2 size={20} aria-hidden="true" />
          <Title order={2} fz="h4" id="admin-billing-title">
            Revenus et abonnements
          </Title>
        </Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconGift size={16} />}
          onClick={() => setGranting(true)}
        >
          Offrir une offre
        </Button>
      </Group>
      {summary.isError ? (
        <LoadError error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md">
          <Figure
            label="Revenu mensuel récurrent"
            value={s ? formatEuro(s.mrrCents / 100) : null}
            hint="HT, annuels au douzième"
          />
          <Figure label="Abonnés Pro" value={s ? String(s.activeByPlan.pro) : null} />
          <Figure label="Abonnés Équipe" value={s ? String(s.activeByPlan.equipe) : null} />
          <Figure label="Résiliés ce mois-ci" value={s ? String(s.churnedThisMonth) : null} />
          <Figure
            label="Paiements en échec"
            value={s ? String(s.failedPayments) : null}
            hint={
              s?.grants
                ? `${s.grants} offre${s.grants > 1 ? 's' : ''} accordée${s.grants > 1 ? 's' : ''} en cours`
                : undefined
            }
          />
        </SimpleGrid>
      )}
      <Group gap="sm">
        <Select
          aria-label="Statut"
          placeholder="Tous les statuts"
          clearable
          data={(['active', 'past_due', 'canceled', 'incomplete'] as const).map((value) => ({
            value,
            label: subscriptionStatusLabels[value],
          }))}
          value={params.status ?? null}
          onChange={(value) =>
            setParams({ ...params, status: (value as SubscriptionStatus) ?? undefined, page: 1 })
          }
        />
        <Select
          aria-label="Offre"
          placeholder="Toutes les offres"
          clearable
          data={[
            { value: 'pro', label: plans.pro.name },
            { value: 'equipe', label: plans.equipe.name },
          ]}
          value={params.plan ?? null}
          onChange={(value) =>
            setParams({ ...params, plan: (value as 'pro' | 'equipe') ?? undefined, page: 1 })
          }
        />
      </Group>
      {list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Skeleton height={160} />
      ) : list.data.data.length === 0 ? (
        <EmptyState icon={IconReceipt2} title="Aucun abonnement">
          Les abonnements apparaîtront ici dès le premier paiement.
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Utilisateur</Table.Th>
                <Table.Th>Offre</Table.Th>
                <Table.Th>Statut</Table.Th>
                <Table.Th>Échéance</Table.Th>
                <Table.Th>Source</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.data.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {row.fullName}{' '}
                      <Text span c="dimmed" size="xs">
                        #{row.userId}
                      </Text>
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {plans[row.planId].name} · {row.interval === 'year' ? 'annuel' : 'mensuel'}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={statusColors[row.status]} variant="light">
                      {subscriptionStatusLabels[row.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {row.cancelAtPeriodEnd && row.provider !== 'manual' ? 'Se termine le ' : ''}
                    {day(row.currentPeriodEnd)}
                  </Table.Td>
                  <Table.Td>{providerLabels[row.provider]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && (
        <ListPagination
          page={params.page}
          lastPage={list.data.meta.lastPage}
          onChange={(page) => setParams({ ...params, page })}
        />
      )}
      <GrantModal opened={granting} onClose={() => setGranting(false)} />
    </Stack>
  );
}
