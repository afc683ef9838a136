import type { CommissionLine } from '@closia/shared';
import { Anchor, Badge, Button, Table, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { usePayCommission } from '../api/pay-commission';
import {
  commissionRoleLabels,
  commissionStatusColors,
  commissionStatusLabels,
  instalmentText,
  isPayable,
} from '../utils/commissions';
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

/**
 * Commission lines: who earns them, as what, when they fall due, how much, and where they stand.
 * The payer (`canPay`: the offer's infopreneur) marks a pending or due line paid.
 */
export function CommissionLinesTable({
  lines,
  canPay,
  withDeal,
  caption,
}: {
  lines: CommissionLine[];
  canPay: boolean;
  /** Adds the deal's column (lines of several deals). */
  withDeal?: boolean;
  caption: string;
}) {
  const pay = usePayCommission();
  return (
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
}
