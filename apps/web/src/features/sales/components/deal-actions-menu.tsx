import { type Deal, dealCan, dealMoveTargets, type SelectablePipelineStage } from '@closia/shared';
import { Button, Menu } from '@mantine/core';
import {
  IconArrowsExchange,
  IconChevronDown,
  IconThumbDown,
  IconTrophy,
  IconUserShare,
} from '@tabler/icons-react';
import { stageLabel } from '../utils/stages';

export type DealDialog = 'win' | 'lose' | 'handoff' | 'move';

/** What the viewer may do with a deal from a card or a row (the rules are `dealCan`, shared with the server). */
function dealMenuActions(deal: Deal) {
  return {
    stages: dealMoveTargets(deal),
    win: dealCan(deal, 'win'),
    lose: dealCan(deal, 'lose'),
    handoff: dealCan(deal, 'handOff'),
  };
}

/**
 * "Déplacer": the keyboard way to move a deal (the kanban's drag and drop is the pointer's), and
 * "Gagné" / "Perdu" / "Passer à un closer" where the viewer may. Nothing when they may do nothing.
 */
export function DealActionsMenu({
  deal,
  onMove,
  onDialog,
  size = 'xs',
  compact = false,
}: {
  deal: Deal;
  onMove: (stage: SelectablePipelineStage) => void;
  onDialog: (dialog: DealDialog, deal: Deal) => void;
  size?: 'xs' | 'sm';
  /** Without the leading icon, for a narrow kanban card. */
  compact?: boolean;
}) {
  const can = dealMenuActions(deal);
  if (can.stages.length === 0 && !can.win && !can.lose && !can.handoff) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          size={size}
          variant="default"
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          leftSection={compact ? undefined : <IconArrowsExchange size={14} aria-hidden="true" />}
          aria-label={`Déplacer « ${deal.title} »`}
        >
          Déplacer
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {can.stages.length > 0 && <Menu.Label>Déplacer vers</Menu.Label>}
        {can.stages.map((stage) => (
          <Menu.Item key={stage} onClick={() => onMove(stage)}>
            {stageLabel(stage)}
          </Menu.Item>
        ))}
        {(can.win || can.lose || can.handoff) && can.stages.length > 0 && <Menu.Divider />}
        {can.handoff && (
          <Menu.Item
            leftSection={<IconUserShare size={16} aria-hidden="true" />}
            onClick={() => onDialog('handoff', deal)}
          >
            Passer à un closer…
          </Menu.Item>
        )}
        {can.win && (
          <Menu.Item
            color="green"
            leftSection={<IconTrophy size={16} aria-hidden="true" />}
            onClick={() => onDialog('win', deal)}
          >
            Gagné…
          </Menu.Item>
        )}
        {can.lose && (
          <Menu.Item
            color="red"
            leftSection={<IconThumbDown size={16} aria-hidden="true" />}
            onClick={() => onDialog('lose', deal)}
          >
            Perdu…
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
