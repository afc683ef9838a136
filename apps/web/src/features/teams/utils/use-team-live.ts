import { channels } from '@closia/shared';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useRealtimeChannel } from '../../../lib/realtime';
import { teamKeys } from '../api/teams';

/**
 * Keeps a team's pages live: each `team.changed` on `teams/{id}` refetches what changed (members,
 * invitations, chats, events, the shared pipeline); a deleted team sends its members back to the list.
 */
export function useTeamLive(teamId: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useRealtimeChannel(Number.isInteger(teamId) && teamId > 0 ? channels.team(teamId) : null, (event) => {
    if (event.type !== 'team.changed') return;
    if (event.what === 'deleted') {
      notifications.show({
        color: 'orange',
        title: 'Équipe supprimée',
        message: 'Cette équipe vient d’être supprimée.',
      });
      void queryClient.invalidateQueries({ queryKey: teamKeys.all });
      void navigate(paths.dashboard.teams);
      return;
    }
    if (event.what === 'deals') {
      for (const queryKey of [['deals'], ['pipeline'], teamKeys.stats(teamId)]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      return;
    }
    void queryClient.invalidateQueries({ queryKey: teamKeys.team(teamId) });
    if (event.what === 'team' || event.what === 'members') {
      void queryClient.invalidateQueries({ queryKey: ['teams', 'mine'] });
    }
  });
}
