import { avatarUrl, initials, type Participant } from '@closia/shared';
import { Avatar, Indicator } from '@mantine/core';

/** Someone's picture (initials without one), with a green dot when they are online. */
export function ParticipantAvatar({
  person,
  size = 40,
  showPresence = true,
}: {
  person: Pick<Participant, 'fullName' | 'profilePicture' | 'online'> | null;
  size?: number;
  showPresence?: boolean;
}) {
  const avatar = (
    <Avatar
      src={person ? avatarUrl(person) : null}
      alt={person?.fullName ?? 'Compte supprimé'}
      size={size}
      radius="xl"
      color="green"
    >
      {person ? initials(person) : '?'}
    </Avatar>
  );
  if (!showPresence || !person?.online) return avatar;
  return (
    <Indicator
      color="green"
      size={Math.max(8, Math.round(size / 4))}
      offset={4}
      position="bottom-end"
      withBorder
    >
      {avatar}
    </Indicator>
  );
}

/** "En ligne" for screen readers and tooltips. */
export const presenceLabel = (online: boolean) => (online ? 'En ligne' : 'Hors ligne');
