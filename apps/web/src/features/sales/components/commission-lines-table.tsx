import { type CommissionLine, commissionRoleLabels, commissionStatusLabels } from '@closia/shared';
import { Anchor, Badge, Button, Center, Stack, Table, Text } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { IconCash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePayCommission } from '../api/pay-commission';
import { commissionStatusColors, instalmentText, isPayable } from '../utils/commissions';
import { formatCents, formatDay } from '../utils/format';
import { ScrollTable } from './scroll-table';

/** A commission line's status: En attente, Due, Payée, Reprise. */
function CommissionStatusBadge({ line }: { line: Pick<CommissionLine, 'status'> }) {
  return (
    <Badge color={commissionStatusColors[line.status]} variant="light">
      {commissionStatusLabels[line.status]}
    </Badge>
  );
}

/** The lines after those shown: asked for when the end of the table comes into view, or by the button. */
export interface MoreLines {
  hasMore: boolean;
  loading: boolean;
  /** Loading the next page failed: the button asks again, nothing is asked by scrolling. */
  failed: boolean;
  load: () => void;
  /** How many lines are shown (a new page shown while the end is still in view asks for the next). */
  shown: number;
}

function LoadMore({ more }: { more: MoreLines }) {
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: '0px 0px 300px 0px' });
  const inView = entry?.isIntersecting ?? false;
  const { hasMore, loading, failed, load, shown } = more;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` asks again once a page is shown
  useEffect(() => {
    if (inView && hasMore && !loading && !failed) load();
  }, [inView, hasMore, loading, failed, shown]);
  if (!hasMore) return null;
  return (
    <Center ref={ref} data-testid="commission-lines-more">
      <Stack gap={4} align="center">
        {failed && (
          <Text size="sm" c="red" role="alert">
            La suite des commissions n’a pas pu être chargée.
          </Text>
        )}
        <Button variant="default" size="xs" loading={loading} onClick={load}>
          {failed ? 'Réessayer' : 'Charger plus'}
        </Button>
      </Stack>
    </Center>
  );
}

/**
 * Commission lines: who earns them, as what, when they fall due, how much, and where they stand.
 * The payer (`canPay`: the offer's infopreneur) marks a pending or due line paid. With `more`, the
 * next lines load as the end of the table comes into view ("Charger plus" otherwise).
 */
export function CommissionLinesTable({
  lines,
  canPay,
  withDeal,
  caption,
  more,
}: {
  lines: CommissionLine[];
  canPay: boolean;
  /** Adds the deal's column (lines of several deals). */
  withDeal?: boolean;
  caption: string;
  more?: MoreLines;
}) {
  const pay = usePayCommission();
  const table = (
    <ScrollTable minWidth={withDeal ? 820 : 640} label={caption}>
      <Table verticalSpacing="xs" striped>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {withDeal && <Table.Th>Vente</Table.Th>}
            <Table.Th>Bénéficiaire</Table.Th>
            <Table.Th>Rôle</Table.Th>
            <Table.Th>Échéance</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Montant</Table.Th>
            <Table.Th>Statut</Table.Th>
            {canPay && <Table.Th>Action</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.id} data-testid="commission-line">
              {withDeal && (
                <Table.Td>
                  <Anchor component={Link} to={paths.dashboard.sale(line.dealId)} size="sm">
                    {line.dealTitle}
                  </Anchor>
                </Table.Td>
              )}
              <Table.Td>{line.beneficiary.fullName}</Table.Td>
              <Table.Td>{commissionRoleLabels[line.role]}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDay(line.dueOn)}
                {line.instalments > 1 && (
                  <Text size="xs" c="dimmed">
                    {instalmentText(line)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                {formatCents(line.amountCents)}
              </Table.Td>
              <Table.Td>
                <CommissionStatusBadge line={line} />
              </Table.Td>
              {canPay && (
                <Table.Td>
                  {isPayable(line) && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconCash size={14} aria-hidden="true" />}
                      loading={pay.isPending && pay.variables?.id === line.id}
                      onClick={() => pay.mutate(line)}
                      aria-label={`Marquer payée la commission de ${formatCents(line.amountCents)} à ${line.beneficiary.fullName} (${formatDay(line.dueOn)})`}
                    >
                      Marquer payée
                    </Button>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
  if (!more) return table;
  return (
    <Stack gap="sm">
      {table}
      <LoadMore more={more} />
    </Stack>
  );
}
