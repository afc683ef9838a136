import { avatarUrl, initials, type Webinar } from '@closia/shared';
import { Anchor, Avatar, Badge, Button, Group, ScrollArea, Skeleton, Table, Text } from '@mantine/core';
import { IconDownload, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ListPagination, LoadError } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dayjs';
import { registrantsCsvUrl, useRegistrants } from '../api/get-registrants';
import { registrationCountText } from '../utils/format';

const yes = (value: boolean, yesText: string, noText: string) => (
  <Badge variant="light" color={value ? 'green' : 'gray'}>
    {value ? yesText : noText}
  </Badge>
);

/** The owner's view of who registered: consent, attendance, the lead's owner, and the CSV. */
export function RegistrantsSection({ webinar }: { webinar: Webinar }) {
  const [page, setPage] = useState(1);
  const registrants = useRegistrants(webinar.id, page, webinar.canManage);
  const rows = registrants.data?.data ?? [];
  return (
    <Section
      title="Inscrits"
      description={registrationCountText(webinar.registrationCount)}
      testId="registrants"
      action={
        <Button
          component="a"
          href={registrantsCsvUrl(webinar.id)}
          download
          variant="default"
          leftSection={<IconDownload size={18} />}
        >
          Exporter en CSV
        </Button>
      }
    >
      {registrants.isError ? (
        <LoadError error={registrants.error} onRetry={() => registrants.refetch()} />
      ) : registrants.isPending ? (
        <Skeleton height={120} aria-label="Chargement" />
      ) : rows.length === 0 ? (
        <EmptyState icon={IconUsers} title="Aucun inscrit pour le moment">
          Partagez la page du webinaire : les inscrits apparaîtront ici, et ceux qui acceptent d’être
          contactés deviendront des prospects.
        </EmptyState>
      ) : (
        <ScrollArea type="auto" offsetScrollbars>
          <Table striped highlightOnHover miw={760} aria-busy={registrants.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nom</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Contact accepté</Table.Th>
                <Table.Th>Inscrit le</Table.Th>
                <Table.Th>Présent</Table.Th>
                <Table.Th>Suivi par</Table.Th>
                <Table.Th>Prospect</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.user.id} data-testid="registrant-row">
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Avatar src={avatarUrl(row.user)} alt="" size={28} radius="xl" color="green">
                        {initials(row.user)}
                      </Avatar>
                      <Anchor component={Link} to={paths.app.user(row.user.id)} size="sm">
                        {row.user.fullName}
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {row.user.email ? (
                      <Anchor href={`mailto:${row.user.email}`} size="sm">
                        {row.user.email}
                      </Anchor>
                    ) : (
                      // Without consent the e-mail stays private (RGPD).
                      <Text size="sm" c="dimmed">
                        Non communiqué
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{yes(row.consentToContact, 'Oui', 'Non')}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(row.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td>{yes(row.attendedAt !== null, 'Présent', 'Absent')}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.leadOwner?.fullName ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    {row.prospectId ? (
                      <Anchor
                        component={Link}
                        to={`${paths.dashboard.prospects}?prospect=${row.prospectId}`}
                        size="sm"
                      >
                        Voir le prospect
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <ListPagination page={page} lastPage={registrants.data?.meta.lastPage ?? 1} onChange={setPage} />
    </Section>
  );
}
