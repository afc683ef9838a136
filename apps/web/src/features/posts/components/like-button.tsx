import { Button, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/error-message';
import { useLikePost } from '../api/like-post';

/** "J’aime" with the count: changes at once, put back if the server refuses. */
export function LikeButton({
  post,
  disabled,
}: {
  post: { id: number; title: string; likedByMe: boolean; likeCount: number };
  disabled?: boolean;
}) {
  const like = useLikePost();
  const liked = post.likedByMe;
  return (
    <Button
      variant={liked ? 'filled' : 'default'}
      color={liked ? 'red.9' : undefined}
      size="compact-sm"
      leftSection={liked ? <IconHeartFilled size={16} /> : <IconHeart size={16} />}
      aria-pressed={liked}
      disabled={disabled}
      onClick={() =>
        like.mutate(
          { id: post.id, liked: !liked },
          {
            onError: (error) =>
              notifications.show({ color: 'red', title: 'Action impossible', message: errorMessage(error) }),
          },
        )
      }
      data-testid="like-button"
    >
      <span data-testid="like-count">{post.likeCount}</span>
      <VisuallyHidden> J’aime pour « {post.title} »</VisuallyHidden>
    </Button>
  );
}
