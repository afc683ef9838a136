import { avatarUrl, type CurrentUser, initials } from '@closia/shared';
import { Avatar } from '@mantine/core';

/**
 * The user's picture (initials without one). Its address holds the file name, so a new upload shows
 * as soon as the current-user query is updated.
 */
export function UserAvatar({ user, size = 32 }: { user: CurrentUser; size?: number }) {
  return (
    <Avatar src={avatarUrl(user)} alt={user.fullName} size={size} radius="xl" color="green">
      {initials(user)}
    </Avatar>
  );
}
