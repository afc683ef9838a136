import { type Deal, dealCan, dealMoveTargets, isOpenStage } from '@closia/shared';
import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconArrowsExchange,
  IconReceiptRefund,
  IconRotateClockwise,
  IconThumbDown,
  IconTrash,
  IconTrophy,
  IconUserShare,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { PageHeader } from '../../../components/page-header';
import { useDeleteDeal } from '../api/delete-deal';
import { useRefundDeal } from '../api/refund-deal';
import { useReopenDeal } from '../api/reopen-deal';
import { daysInStageText, formatDay } from '../utils/format';
import { useSalesLinks } from '../utils/sales-links';
import { useDealDialogs } from './deal-dialogs';
import { StageBadge } from './stage-badge';

const viewerRoleLabels: Record<Deal['viewerRole'], string> = {
  owner: 'Vous menez cette vente',
  setter: 'Vous êtes son setter',
  infopreneur: 'Vente sur votre offre (lecture seule)',
  team: "Vente du pipeline partagé de l'équipe",
};

type Confirm = 'reopen' | 'refund' | 'delete' | null;

/**
 * The actions a sale's page offers the viewer (the rules are `dealCan`, shared with the server):
 * change its stage, hand it off, win, lose, reopen, declare a refund, delete. `actions` are the
 * header's buttons; `modals` their dialogs and confirmations, rendered once at the page's end.
 */
export function useSaleActions(deal: Deal): { actions: ReactNode; modals: ReactNode } {
  const navigate = useNavigate();
  const links = useSalesLinks();
  const { open, dialogs } = useDealDialogs();
  const reopen = useReopenDeal();
  const refund = useRefundDeal();
  const remove = useDeleteDeal();
  const [confirm, setConfirm] = useState<Confirm>(null);

  const closeConfirm = () => {
    setConfirm(null);
    reopen.reset();
    refund.reset();
    remove.reset();
  };
  const confirmAction = {
    reopen: {
      title: 'Rouvrir la vente',
      label: 'Rouvrir',
      color: 'violet',
      text:
        deal.status === 'Closed'
          ? 'La vente revient à son étape d’avant la clôture et ses commissions non payées sont supprimées.'
          : 'La vente revient dans le pipeline, à son étape d’avant la perte.',
      mutation: reopen,
      run: () =>
        reopen.mutate(deal.id, {
          onSuccess: (reopened) => {
            closeConfirm();
            notifications.show({
              color: 'green',
              title: 'Vente rouverte',
              message: `« ${reopened.title} » est de retour dans le pipeline.`,
            });
          },
        }),
    },
    refund: {
      title: 'Déclarer un remboursement',
      label: 'Déclarer le remboursement',
      color: 'red',
      text: 'Le client a été remboursé : les commissions non versées sont annulées et celles déjà versées sont à restituer. Cette action est définitive.',
      mutation: refund,
      run: () =>
        refund.mutate(deal.id, {
          onSuccess: (refunded) => {
            closeConfirm();
            notifications.show({
              color: 'green',
              title: 'Remboursement enregistré',
              message: `Les commissions de « ${refunded.title} » sont reprises.`,
            });
          },
        }),
    },
    delete: {
      title: 'Supprimer la vente',
      label: 'Supprimer',
      color: 'red',
      text: `« ${deal.title} » et son historique seront supprimés définitivement.`,
      mutation: remove,
      run: () =>
        remove.mutate(deal.id, {
          onSuccess: () => {
            notifications.show({
              color: 'green',
              title: 'Vente supprimée',
              message: `« ${deal.title} » est supprimée.`,
            });
            navigate(links.list, { replace: true });
          },
        }),
    },
  } as const;
  const current = confirm ? confirmAction[confirm] : null;

  const actions = (
    <>
      {dealMoveTargets(deal).length > 0 && (
        <Button
          variant="default"
          leftSection={<IconArrowsExchange size={16} aria-hidden="true" />}
          onClick={() => open('move', deal)}
        >
          Changer d’étape
        </Button>
      )}
      {dealCan(deal, 'handOff') && (
        <Button
          variant="light"
          color="orange"
          leftSection={<IconUserShare size={16} aria-hidden="true" />}
          onClick={() => open('handoff', deal)}
        >
          Passer à un closer
        </Button>
      )}
      {dealCan(deal, 'win') && (
        <Button
          color="green"
          leftSection={<IconTrophy size={16} aria-hidden="true" />}
          onClick={() => open('win', deal)}
        >
          Gagné
        </Button>
      )}
      {dealCan(deal, 'lose') && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconThumbDown size={16} aria-hidden="true" />}
          onClick={() => open('lose', deal)}
        >
          Perdu
        </Button>
      )}
      {dealCan(deal, 'reopen') && (
        <Button
          variant="light"
          color="violet"
          leftSection={<IconRotateClockwise size={16} aria-hidden="true" />}
          onClick={() => setConfirm('reopen')}
        >
          Rouvrir
        </Button>
      )}
      {dealCan(deal, 'refund') && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconReceiptRefund size={16} aria-hidden="true" />}
          onClick={() => setConfirm('refund')}
        >
          Déclarer un remboursement
        </Button>
      )}
      {dealCan(deal, 'delete') && (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden="true" />}
          onClick={() => setConfirm('delete')}
        >
          Supprimer
        </Button>
      )}
    </>
  );

  const modals = (
    <>
      {dialogs}
      <ConfirmModal
        opened={current !== null}
        title={current?.title ?? ''}
        confirmLabel={current?.label ?? ''}
        color={current?.color}
        pending={current?.mutation.isPending ?? false}
        error={current?.mutation.error ?? null}
        onConfirm={() => current?.run()}
        onClose={closeConfirm}
      >
        {current?.text}
      </ConfirmModal>
    </>
  );
  return { actions, modals };
}

/** A sale's header: the way back to the list, its title, stage, dates, the viewer's role, and `actions`. */
export function SaleHeader({ deal, actions }: { deal: Deal; actions: ReactNode }) {
  const links = useSalesLinks();
  return (
    <PageHeader
      above={
        <Anchor component={Link} to={links.list} size="sm" underline="hover">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden="true" />
            {links.listLabel}
          </Group>
        </Anchor>
      }
      title={deal.title}
      description={
        <Group gap="xs" component="span">
          <StageBadge stage={deal.status} size="lg" />
          {isOpenStage(deal.status) && (
            <Text span size="sm">
              {daysInStageText(deal.daysInStage)}
            </Text>
          )}
          {deal.status === 'Closed' && deal.closedAt && (
            <Text span size="sm">
              le {formatDay(deal.closedAt)}
            </Text>
          )}
          {deal.refundedAt && (
            <Badge color="red" variant="outline">
              Remboursée le {formatDay(deal.refundedAt)}
            </Badge>
          )}
          <Text span size="sm" c="dimmed">
            · {viewerRoleLabels[deal.viewerRole]}
          </Text>
        </Group>
      }
      actions={actions}
    />
  );
}
