import type { Deal } from '@closia/shared';
import { Avatar, Tooltip } from '@mantine/core';

/**
 * Who works a deal: its setter (when it was handed off) and its owner (the closer, or the lone
 * seller), as initials with their names for screen readers and on hover.
 */
export function PeopleAvatars({ deal, size = 28 }: { deal: Pick<Deal, 'owner' | 'setter'>; size?: number }) {
  const people = [
    ...(deal.setter ? [{ role: 'Setter', person: deal.setter }] : []),
    { role: deal.setter ? 'Closer' : 'Vendeur', person: deal.owner },
  ];
  return (
    <Avatar.Group spacing="xs">
      {people.map(({ role, person }) => (
        <Tooltip key={role} label={`${role} : ${person.fullName}`} withArrow>
          <Avatar
            name={person.fullName}
            color="initials"
            size={size}
            radius="xl"
            role="img"
            aria-label={`${role} : ${person.fullName}`}
          />
        </Tooltip>
      ))}
    </Avatar.Group>
  );
}
