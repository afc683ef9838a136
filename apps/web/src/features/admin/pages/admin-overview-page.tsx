import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { IconCategory, IconChecklist, IconSchool, IconTools } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ComingSoon } from '../../../components/coming-soon';
import { paths } from '../../../config/paths';
import { usePendingCount } from '../api/get-admin-reference-items';
import { usePendingServicesCount } from '../api/get-admin-services';
import { BillingOverview } from '../components/billing-overview';
import { type ReferenceKind, referenceKinds } from '../config/reference-kinds';

const icons: Record<ReferenceKind, Icon> = {
  'work-sectors': IconCategory,
  skills: IconTools,
  formations: IconSchool,
};

/** A reference list and how many of its items wait for validation. */
function PendingCard({ kind }: { kind: ReferenceKind }) {
  const config = referenceKinds[kind];
  const pending = usePendingCount(kind);
  const CardIcon = icons[kind];
  const titleId = `pending-${kind}-title`;
  return (
    <Card padding="lg" withBorder component="section" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden="true">
            <CardIcon size={20} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600} id={titleId}>
            {config.title}
          </Text>
        </Group>
        {pending.isPending ? (
          <Skeleton height={28} width={120} />
        ) : pending.isError ? (
          <Text size="sm" c="dimmed">
            Nombre indisponible
          </Text>
        ) : pending.data > 0 ? (
          <Group gap="xs">
            <Badge color="orange" variant="light" size="lg">
              {pending.data} à valider
            </Badge>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Rien à valider
          </Text>
        )}
        <Group gap="xs">
          {pending.data ? (
            <Button component={Link} to={`${config.path}?status=pending`} size="xs">
              Valider
            </Button>
          ) : null}
          <Button component={Link} to={config.path} size="xs" variant="default">
            Gérer la liste
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** How many training offers wait for review, with a link to the queue. */
function PendingServicesCard() {
  const pending = usePendingServicesCount();
  return (
    <Card padding="lg" withBorder component="section" aria-labelledby="pending-services-title">
      <Stack gap="sm" h="100%" justify="space-between">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden="true">
            <IconSchool size={20} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600} id="pending-services-title">
            Offres de formation
          </Text>
        </Group>
        {pending.isPending ? (
          <Skeleton height={28} width={120} />
        ) : pending.isError ? (
          <Text size="sm" c="dimmed">
            Nombre indisponible
          </Text>
        ) : pending.data > 0 ? (
          <Group gap="xs">
            <Badge color="orange" variant="light" size="lg">
              {pending.data} à valider
            </Badge>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Aucune offre en attente
          </Text>
        )}
        <Group gap="xs">
          <Button
            component={Link}
            to={paths.admin.infopreneurFormations}
            size="xs"
            variant={pending.data ? 'filled' : 'default'}
          >
            {pending.data ? 'Examiner les offres' : 'Voir les offres'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** `/admin`: what needs attention (proposals to validate); key figures come later. */
export function AdminOverviewPage() {
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>Administration</Title>
        <Text c="dimmed">
          Les propositions des membres attendent votre validation avant d’être visibles par tous.
        </Text>
      </Stack>
      <Stack gap="sm">
        <Group gap="xs">
          <IconChecklist size={20} aria-hidden="true" />
          <Title order={2} fz="h4">
            À valider
          </Title>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <PendingServicesCard />
          <PendingCard kind="work-sectors" />
          <PendingCard kind="skills" />
          <PendingCard kind="formations" />
        </SimpleGrid>
      </Stack>
      <BillingOverview />
      <ComingSoon
        headingOrder={2}
        title="Chiffres clés"
        description="Vous verrez ici les chiffres clés et les dernières inscriptions."
      />
    </Stack>
  );
}
