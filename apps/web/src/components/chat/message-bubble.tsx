import type { Message } from '@closia/shared';
import { Box, Group, Image, Stack, Text } from '@mantine/core';
import { dayjs } from '../../lib/dayjs';
import { ParticipantAvatar } from '../participant-avatar';
import classes from './chat.module.css';

/** One message: mine on the right, the others' on the left (with the sender in team chats). */
export function MessageBubble({
  message,
  mine,
  showSender,
  seen,
}: {
  message: Message;
  mine: boolean;
  showSender: boolean;
  seen: boolean;
}) {
  const time = dayjs(message.createdAt);
  const sender = message.sender?.fullName ?? 'Compte supprimé';
  return (
    <Stack gap={2} align={mine ? 'flex-end' : 'flex-start'} data-testid="message">
      {showSender && !mine && (
        <Group gap={6} mt={6}>
          <ParticipantAvatar person={message.sender} size={22} showPresence={false} />
          <Text size="xs" fw={600}>
            {sender}
          </Text>
        </Group>
      )}
      <Box className={classes.bubble} data-mine={mine || undefined}>
        {message.attachment && (
          <a href={message.attachment.url} target="_blank" rel="noreferrer">
            <Image
              src={message.attachment.url}
              alt={`Image envoyée par ${mine ? 'vous' : sender}`}
              w={Math.min(260, message.attachment.width)}
              radius="sm"
              mb={message.body ? 6 : 0}
              style={{ aspectRatio: `${message.attachment.width} / ${message.attachment.height}` }}
            />
          </a>
        )}
        {message.body && (
          <Text size="sm" className={classes.text}>
            {message.body}
          </Text>
        )}
      </Box>
      <Text size="xs" c="dimmed" title={time.format('D MMMM YYYY [à] HH:mm')}>
        {time.isSame(dayjs(), 'day') ? time.format('HH:mm') : time.format('D MMM, HH:mm')}
        {seen ? ' · Vu' : ''}
      </Text>
    </Stack>
  );
}
