import type { RoadmapItem } from '@closia/shared';
import { Button, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBigUp, IconArrowBigUpFilled } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/error-message';
import { useVote } from '../api/vote';

/**
 * The votes of an idea. Signed in: a toggle whose count moves at once (put back if the server
 * refuses). A visitor's click asks them to sign in (`onSignIn`).
 */
export function VoteButton({
  item,
  signedIn,
  onSignIn,
}: {
  item: RoadmapItem;
  signedIn: boolean;
  onSignIn: () => void;
}) {
  const vote = useVote();
  const voted = signedIn && item.votedByMe;
  return (
    <Button
      variant={voted ? 'filled' : 'default'}
      size="compact-sm"
      leftSection={voted ? <IconArrowBigUpFilled size={16} /> : <IconArrowBigUp size={16} />}
      aria-pressed={signedIn ? voted : undefined}
      title={voted ? 'Retirer mon vote' : 'Voter pour cette idée'}
      onClick={() => {
        if (!signedIn) {
          onSignIn();
          return;
        }
        vote.mutate(
          { id: item.id, voted: !voted },
          {
            onError: (error) =>
              notifications.show({
                color: 'red',
                title: 'Vote impossible',
                message: errorMessage(error, { notFound: 'Cette idée n’est plus sur la feuille de route.' }),
              }),
          },
        );
      }}
      data-testid="vote-button"
    >
      <span data-testid="vote-count">{item.voteCount}</span>
      <VisuallyHidden>
        {' '}
        {item.voteCount > 1 ? 'votes' : 'vote'} — voter pour « {item.title} »
      </VisuallyHidden>
    </Button>
  );
}
