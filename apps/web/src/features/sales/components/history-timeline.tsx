import type { DealHistory, PipelineStage } from '@closia/shared';
import { isOpenStage } from '@closia/shared';
import { Text, ThemeIcon, Timeline } from '@mantine/core';
import {
  IconArrowRight,
  IconPercentage,
  IconPlus,
  IconRotateClockwise,
  IconThumbDown,
  IconTrophy,
  IconUserShare,
} from '@tabler/icons-react';
import { formatInstant, formatProbability } from '../utils/format';
import { stageLabel } from '../utils/stages';

const stage = (value: string | null) => (value ? stageLabel(value as PipelineStage) : '—');
const probability = (value: string | null) =>
  value === null ? 'non estimée' : formatProbability(Number(value));

/** What a history row says, and its icon. */
function describeHistory(row: DealHistory): { title: string; icon: typeof IconPlus; color: string } {
  if (row.field === 'owner') {
    const to = row.toUser?.fullName ?? 'un autre vendeur';
    const from = row.fromUser?.fullName;
    return {
      title: from ? `Confiée à ${to} par ${from}` : `Confiée à ${to}`,
      icon: IconUserShare,
      color: 'orange',
    };
  }
  if (row.field === 'probability') {
    return {
      title: `Probabilité : ${probability(row.fromValue)} → ${probability(row.toValue)}`,
      icon: IconPercentage,
      color: 'blue',
    };
  }
  if (row.fromValue === null)
    return { title: `Vente créée en ${stage(row.toValue)}`, icon: IconPlus, color: 'gray' };
  if (row.toValue === 'Closed') return { title: 'Vente gagnée', icon: IconTrophy, color: 'green' };
  if (row.toValue === 'Lost') return { title: 'Vente perdue', icon: IconThumbDown, color: 'red' };
  if (!isOpenStage(row.fromValue as PipelineStage)) {
    return { title: `Vente rouverte en ${stage(row.toValue)}`, icon: IconRotateClockwise, color: 'violet' };
  }
  return {
    title: `Étape : ${stage(row.fromValue)} → ${stage(row.toValue)}`,
    icon: IconArrowRight,
    color: 'green',
  };
}

/** A deal's history, oldest first: each change of stage, probability or owner, with who, when and the note. */
export function HistoryTimeline({ rows }: { rows: DealHistory[] }) {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Aucun changement enregistré.
      </Text>
    );
  }
  return (
    <Timeline active={rows.length - 1} bulletSize={28} lineWidth={2}>
      {rows.map((row) => {
        const { title, icon: Icon, color } = describeHistory(row);
        return (
          <Timeline.Item
            key={row.id}
            title={title}
            bullet={
              <ThemeIcon size={28} radius="xl" color={color} variant="filled" aria-hidden="true">
                <Icon size={16} />
              </ThemeIcon>
            }
          >
            <Text size="xs" c="dimmed">
              {row.user?.fullName ?? 'Compte supprimé'} · {formatInstant(row.createdAt)}
            </Text>
            {row.note && (
              <Text size="sm" mt={4} fs="italic" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                « {row.note} »
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
