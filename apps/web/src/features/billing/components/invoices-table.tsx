import { Anchor, Group, Loader, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconExternalLink, IconFileTypePdf, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState, ListPagination, LoadError } from '../../../components/query-states';
import { useInvoices } from '../api/billing';
import { formatDate } from '../utils/dates';
import { formatCents } from '../utils/money';

/** My invoices: number, date, period, TTC, the PDF and, when Stripe billed it, Stripe's page. */
export function InvoicesTable() {
  const [page, setPage] = useState(1);
  const invoices = useInvoices(page);

  if (invoices.isPending) return <Loader aria-label="Chargement des factures" />;
  if (invoices.isError) return <LoadError error={invoices.error} onRetry={() => void invoices.refetch()} />;
  if (invoices.data.data.length === 0) {
    return (
      <EmptyState icon={IconReceipt} title="Aucune facture pour l’instant">
        Chaque paiement de votre abonnement donnera une facture, téléchargeable ici.
      </EmptyState>
    );
  }
  return (
    <Stack gap="md">
      <ScrollArea type="auto">
        <Table striped verticalSpacing="sm" miw={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Numéro</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Période</Table.Th>
              <Table.Th ta="right">Montant TTC</Table.Th>
              <Table.Th>Documents</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.data.data.map((invoice) => (
              <Table.Tr key={invoice.id} data-testid="invoice-row">
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {invoice.number}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDate(invoice.paidAt)}</Table.Td>
                <Table.Td>
                  du {formatDate(invoice.periodStart)} au {formatDate(invoice.periodEnd)}
                </Table.Td>
                <Table.Td ta="right">{formatCents(invoice.amountTtc)}</Table.Td>
                <Table.Td>
                  <Group gap="md" wrap="nowrap">
                    <Anchor
                      href={invoice.pdfUrl}
                      download
                      size="sm"
                      aria-label={`Télécharger la facture ${invoice.number} en PDF`}
                    >
                      <Group gap={4} component="span" wrap="nowrap">
                        <IconFileTypePdf size={16} aria-hidden="true" />
                        PDF
                      </Group>
                    </Anchor>
                    {invoice.hostedUrl && (
                      <Anchor
                        href={invoice.hostedUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        size="sm"
                        aria-label={`Voir la facture ${invoice.number} sur Stripe (nouvel onglet)`}
                      >
                        <Group gap={4} component="span" wrap="nowrap">
                          <IconExternalLink size={16} aria-hidden="true" />
                          Stripe
                        </Group>
                      </Anchor>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <ListPagination page={page} lastPage={invoices.data.meta.lastPage} onChange={setPage} />
    </Stack>
  );
}
