import {
  type FreelancerToday,
  type InfopreneurToday,
  pipelineStageLabels,
  priorityLabels,
} from '@closia/shared';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  type Icon,
  IconCalendarCheck,
  IconChecklist,
  IconCoinEuro,
  IconFileCheck,
  IconReportMoney,
  IconSend,
  IconSparkles,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/query-states';
import { paths } from '../../../config/paths';
import { useToday } from '../api/get-today';
import {
  closeText,
  countText,
  dueText,
  formatCents,
  formatLongDay,
  formatShortDay,
  instalmentText,
  isDayClear,
} from '../today';

/** One list of the day: what it is, how many, its first items (each a link), and where to see them all. */
function TodaySection({
  title,
  icon: SectionIcon,
  color,
  summary,
  empty,
  more,
  testId,
  children,
}: {
  title: string;
  icon: Icon;
  color: string;
  /** The count in words, next to the title ("2 en retard · 1 aujourd’hui"); none when empty. */
  summary: string | null;
  empty: string;
  /** Where the whole list is handled. */
  more: { to: string; label: string };
  testId: string;
  children: ReactNode;
}) {
  const headingId = `${testId}-title`;
  return (
    <Card padding="md" radius="lg" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Stack gap="sm">
        <Group gap="sm" justify="space-between" align="flex-start">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 240px' }}>
            <ThemeIcon size={34} radius="md" variant="light" color={color} aria-hidden="true">
              <SectionIcon size={20} stroke={1.7} />
            </ThemeIcon>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Title order={3} fz="h5" id={headingId}>
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                {summary ?? empty}
              </Text>
            </Stack>
          </Group>
          <Anchor component={Link} to={more.to} size="sm" fw={600}>
            {more.label}
          </Anchor>
        </Group>
        {summary !== null && (
          <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
            {children}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/** One item: its link (what it is), what it concerns, and a figure or a badge on the right. */
function TodayItem({
  to,
  label,
  detail,
  aside,
  testId,
}: {
  to: string;
  label: string;
  detail: ReactNode;
  aside?: ReactNode;
  testId: string;
}) {
  return (
    <Box
      component="li"
      data-testid={testId}
      py={8}
      pl={{ base: 0, sm: 46 }}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={to} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {label}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Text>
        </Stack>
        {aside}
      </Group>
    </Box>
  );
}

const prospectLink = (id: number) => `${paths.dashboard.prospects}?prospect=${id}`;

function FreelancerDay({ day }: { day: FreelancerToday }) {
  const { activities, closingDeals, commissions } = day;
  const activitySummary = [
    activities.overdue > 0 ? `${activities.overdue.toLocaleString('fr-FR')} en retard` : null,
    activities.dueToday > 0 ? `${activities.dueToday.toLocaleString('fr-FR')} aujourd’hui` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Stack gap="md">
      <TodaySection
        title="Activités à faire"
        icon={IconChecklist}
        color="orange"
        summary={activities.total > 0 ? activitySummary : null}
        empty="Aucune activité en retard ni prévue aujourd’hui."
        more={{
          to: `${paths.dashboard.prospects}?nextActivity=${activities.overdue > 0 ? 'overdue' : 'today'}`,
          label:
            activities.total > activities.items.length
              ? `Voir les ${activities.total}`
              : 'Voir mes prospects',
        }}
        testId="today-activities"
      >
        {activities.items.map((activity) => (
          <TodayItem
            key={activity.id}
            to={prospectLink(activity.prospect.id)}
            label={activity.title}
            detail={
              <>
                {activity.prospect.fullName} ·{' '}
                <Text
                  span
                  size="xs"
                  c={activity.overdue ? 'var(--mantine-color-error)' : undefined}
                  fw={activity.overdue ? 600 : undefined}
                >
                  {dueText(activity)}
                </Text>
              </>
            }
            aside={
              activity.priority === 'high' ? (
                <Badge size="xs" variant="light" color="red" tt="none" miw="max-content">
                  <VisuallyHidden>Priorité : </VisuallyHidden>
                  {priorityLabels.high}
                </Badge>
              ) : undefined
            }
            testId="today-activity"
          />
        ))}
      </TodaySection>

      <TodaySection
        title="Ventes à conclure cette semaine"
        icon={IconCalendarCheck}
        color="violet"
        summary={
          closingDeals.total > 0
            ? `${countText(closingDeals.total, 'vente')} du ${formatShortDay(closingDeals.from)} au ${formatShortDay(closingDeals.to)}`
            : null
        }
        empty="Aucune vente dont la clôture est prévue cette semaine."
        more={{ to: paths.dashboard.sales, label: 'Voir le pipeline' }}
        testId="today-deals"
      >
        {closingDeals.items.map((deal) => (
          <TodayItem
            key={deal.id}
            to={paths.dashboard.sale(deal.id)}
            label={deal.title}
            detail={`${deal.prospect.fullName} · ${pipelineStageLabels[deal.status]} · ${closeText(deal.expectedCloseDate, day.today)}`}
            aside={
              <Text size="sm" fw={700} miw="max-content">
                {formatCents(deal.valueCents)}
              </Text>
            }
            testId="today-deal"
          />
        ))}
      </TodaySection>

      <TodaySection
        title="Commissions à percevoir"
        icon={IconCoinEuro}
        color="teal"
        summary={
          commissions.total > 0
            ? `${formatCents(commissions.amountCents)} dus, ${countText(commissions.total, 'échéance')}`
            : null
        }
        empty="Aucune commission due pour le moment."
        more={{ to: paths.dashboard.stats, label: 'Voir mes commissions' }}
        testId="today-commissions"
      >
        {commissions.items.map((line) => (
          <TodayItem
            key={line.id}
            to={paths.dashboard.sale(line.dealId)}
            label={line.dealTitle}
            detail={`${line.person ? `Due par ${line.person.fullName} · ` : ''}${instalmentText(line)}`}
            aside={
              <Text size="sm" fw={700} miw="max-content">
                {formatCents(line.amountCents)}
              </Text>
            }
            testId="today-commission"
          />
        ))}
      </TodaySection>
    </Stack>
  );
}

function InfopreneurDay({ day }: { day: InfopreneurToday }) {
  const { applications, reviews, commissions } = day;
  return (
    <Stack gap="md">
      <TodaySection
        title="Candidatures à traiter"
        icon={IconSend}
        color="blue"
        summary={
          applications.total > 0
            ? `${countText(applications.total, 'candidature')} en attente de votre réponse`
            : null
        }
        empty="Aucune candidature n’attend votre réponse."
        more={{ to: paths.dashboard.services, label: 'Voir mes missions' }}
        testId="today-applications"
      >
        {applications.items.map((application) => (
          <TodayItem
            key={application.id}
            to={paths.app.mission(application.missionId)}
            label={application.applicant.fullName}
            detail={`${application.missionTitle} · reçue le ${formatShortDay(application.createdAt)}`}
            testId="today-application"
          />
        ))}
      </TodaySection>

      <TodaySection
        title="Offres en cours de validation"
        icon={IconFileCheck}
        color="yellow"
        summary={
          reviews.total > 0 ? `${countText(reviews.total, 'offre')} en attente de l’équipe Closia` : null
        }
        empty="Aucune offre en attente de validation."
        more={{ to: paths.dashboard.services, label: 'Voir mes offres' }}
        testId="today-reviews"
      >
        {reviews.items.map((service) => (
          <TodayItem
            key={service.id}
            to={paths.dashboard.services}
            label={service.name}
            detail={`Envoyée le ${formatShortDay(service.updatedAt)}`}
            testId="today-review"
          />
        ))}
      </TodaySection>

      <TodaySection
        title="Commissions à payer"
        icon={IconReportMoney}
        color="teal"
        summary={
          commissions.total > 0
            ? `${formatCents(commissions.amountCents)} dus, ${countText(commissions.total, 'échéance')}`
            : null
        }
        empty="Vous ne devez aucune commission pour le moment."
        more={{ to: paths.dashboard.stats, label: 'Payer mes commissions' }}
        testId="today-commissions"
      >
        {commissions.items.map((line) => (
          <TodayItem
            key={line.id}
            to={paths.dashboard.stats}
            label={line.person?.fullName ?? 'Compte supprimé'}
            detail={`${line.dealTitle} · ${instalmentText(line)}`}
            aside={
              <Text size="sm" fw={700} miw="max-content">
                {formatCents(line.amountCents)}
              </Text>
            }
            testId="today-commission"
          />
        ))}
      </TodaySection>
    </Stack>
  );
}

function TodaySkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Chargement de votre journée">
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} height={120} radius="lg" />
      ))}
    </Stack>
  );
}

/**
 * "Aujourd’hui": what the signed-in user has to handle today, by role, each item linking to
 * where it is handled; "Rien à faire aujourd’hui" when every list is empty.
 */
export function TodayPanel() {
  const today = useToday();
  let content: ReactNode;
  if (today.isPending) content = <TodaySkeleton />;
  else if (today.isError) {
    content = (
      <LoadError
        error={today.error}
        onRetry={() => today.refetch()}
        title="Impossible de charger votre journée"
      />
    );
  } else {
    const day = today.data;
    content = (
      <Stack gap="md">
        {isDayClear(day) && (
          <Card padding="md" radius="lg" role="status" data-testid="today-clear">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon size={38} radius="xl" variant="light" color="green" aria-hidden="true">
                <IconSparkles size={22} stroke={1.6} />
              </ThemeIcon>
              <Stack gap={6} align="flex-start">
                <Text fw={700}>Rien à faire aujourd’hui</Text>
                <Text size="sm" c="dimmed">
                  {day.role === 'infopreneur'
                    ? 'Aucune candidature à traiter, aucune offre en attente, aucune commission due : tout est à jour.'
                    : 'Pas d’activité en retard, pas de vente à conclure cette semaine, aucune commission due : tout est à jour.'}
                </Text>
                {day.role === 'infopreneur' ? (
                  <Button component={Link} to={paths.app.search} variant="light" size="xs">
                    Trouver des setters et closers
                  </Button>
                ) : (
                  <Button component={Link} to={paths.app.missions} variant="light" size="xs">
                    Trouver une mission
                  </Button>
                )}
              </Stack>
            </Group>
          </Card>
        )}
        {day.role === 'infopreneur' ? <InfopreneurDay day={day} /> : <FreelancerDay day={day} />}
      </Stack>
    );
  }
  return (
    <section aria-labelledby="today-title" data-testid="today">
      <Group justify="space-between" align="baseline" mb="sm" gap="xs">
        <Title order={2} fz="h3" id="today-title">
          Aujourd’hui
        </Title>
        {today.data && (
          <Text size="sm" c="dimmed" data-testid="today-date">
            {formatLongDay(today.data.today)}
          </Text>
        )}
      </Group>
      {content}
    </section>
  );
}
