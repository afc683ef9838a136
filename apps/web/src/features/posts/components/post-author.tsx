import { type PostAuthor as Author, avatarUrl, initials, userTypeLabels } from '@closia/shared';
import { Anchor, Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime, fromNow } from '../../../lib/dayjs';

/** Who wrote a post or a comment (picture, name, role) and when ("il y a 3 heures"). */
export function PostAuthorLine({
  author,
  date,
  size = 40,
}: {
  author: Author;
  date: string | null;
  size?: number;
}) {
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <Avatar src={avatarUrl(author)} alt="" size={size} radius="xl" color="green">
        {initials(author)}
      </Avatar>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Anchor component={Link} to={paths.app.user(author.id)} fw={600} size="sm" c="inherit">
            {author.fullName}
          </Anchor>
          {author.type !== 'unknown' && (
            <Badge size="xs" variant="light" color="gray">
              {userTypeLabels[author.type]}
            </Badge>
          )}
        </Group>
        {date && (
          <Text size="xs" c="dimmed" component="time" dateTime={date} title={formatDateTime(date)}>
            {fromNow(date)}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** Hidden by a moderator: only the author and the admins still see it, with this badge. */
export function HiddenBadge() {
  return (
    <Badge color="red" variant="light" data-testid="hidden-badge">
      Masqué par la modération
    </Badge>
  );
}
