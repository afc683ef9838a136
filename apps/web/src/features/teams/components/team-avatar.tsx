import { Avatar } from '@mantine/core';

/** The team's picture, or its initials. */
export function TeamAvatar({
  team,
  size = 48,
}: {
  team: { name: string; avatar: string | null };
  size?: number;
}) {
  const letters = team.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
  return (
    <Avatar src={team.avatar} alt={`Image de l’équipe ${team.name}`} size={size} radius="md" color="grape">
      {letters || '?'}
    </Avatar>
  );
}
