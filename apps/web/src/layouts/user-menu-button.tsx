import type { CurrentUser } from '@closia/shared';
import { Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { UserAvatar } from './user-avatar';

export interface UserMenuButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'children'> {
  user: CurrentUser;
  /** The first name beside the avatar (from the `md` breakpoint). */
  showName?: boolean;
}

/**
 * The account menu's button: avatar, first name, chevron. The same button before the menu's code
 * has loaded (account-menu.tsx) and as the menu's target (user-menu.tsx).
 */
export function UserMenuButton({ user, showName = true, ...others }: UserMenuButtonProps) {
  return (
    <UnstyledButton data-testid="user-menu" {...others}>
      {/* The button's name is this hidden text; avatar and first name are what the eye reads. */}
      <VisuallyHidden>{`${user.fullName}, menu du compte`}</VisuallyHidden>
      <Group gap={8} wrap="nowrap" aria-hidden="true">
        <UserAvatar user={user} />
        {showName && (
          <Text size="sm" fw={600} visibleFrom="md" maw={160} truncate>
            {user.firstName}
          </Text>
        )}
        <IconChevronDown size={14} stroke={1.8} aria-hidden="true" />
      </Group>
    </UnstyledButton>
  );
}
