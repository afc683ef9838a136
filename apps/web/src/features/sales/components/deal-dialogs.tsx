import type { Deal } from '@closia/shared';
import { useState } from 'react';
import type { DealDialog } from './deal-actions-menu';
import { HandoffModal } from './handoff-modal';
import { LoseDealModal } from './lose-deal-modal';
import { MoveDealModal } from './move-deal-modal';
import { WinDealModal } from './win-deal-modal';

/** The dialogs of a deal's actions (win, lose, hand off, move with a note), one open at a time. */
export function useDealDialogs() {
  const [dialog, setDialog] = useState<{ type: DealDialog; deal: Deal } | null>(null);
  const close = () => setDialog(null);
  const dealFor = (type: DealDialog) => (dialog?.type === type ? dialog.deal : null);
  return {
    open: (type: DealDialog, deal: Deal) => setDialog({ type, deal }),
    dialogs: (
      <>
        <WinDealModal deal={dealFor('win')} onClose={close} />
        <LoseDealModal deal={dealFor('lose')} onClose={close} />
        <HandoffModal deal={dealFor('handoff')} onClose={close} />
        <MoveDealModal deal={dealFor('move')} onClose={close} />
      </>
    ),
  };
}
