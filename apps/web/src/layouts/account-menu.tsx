import type { CurrentUser } from '@closia/shared';
import { type ComponentType, useRef, useState } from 'react';
import { UserMenuButton } from './user-menu-button';

type UserMenuComponent = typeof import('./user-menu').UserMenu;

/**
 * The signed-in frame's account menu. Its button is drawn at once; the menu itself (a Mantine Menu:
 * popover, focus trap, floating position) loads when the user points at, focuses or presses the
 * button, so that a page is shown without it. Loaded, it takes the button's place: opened if the
 * button was pressed meanwhile, focused if the button had the focus.
 */
export function AccountMenu({ user, showName = true }: { user: CurrentUser; showName?: boolean }) {
  const button = useRef<HTMLButtonElement>(null);
  const pressed = useRef(false);
  const loading = useRef(false);
  const [loaded, setLoaded] = useState<{
    UserMenu: ComponentType<Parameters<UserMenuComponent>[0]>;
    opened: boolean;
    focused: boolean;
  } | null>(null);

  const load = () => {
    if (loading.current) return;
    loading.current = true;
    import('./user-menu').then(
      ({ UserMenu }) =>
        setLoaded({
          UserMenu,
          opened: pressed.current,
          focused: button.current !== null && document.activeElement === button.current,
        }),
      (error: unknown) => {
        // A chunk that cannot be fetched (a new deployment): a new try at the next gesture.
        loading.current = false;
        console.error('Account menu failed to load', error);
      },
    );
  };

  if (loaded) {
    const { UserMenu } = loaded;
    return (
      <UserMenu user={user} showName={showName} defaultOpened={loaded.opened} focusTarget={loaded.focused} />
    );
  }
  return (
    <UserMenuButton
      ref={button}
      user={user}
      showName={showName}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={load}
      onClick={() => {
        pressed.current = true;
        load();
      }}
    />
  );
}
