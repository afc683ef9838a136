import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/**
 * Switches between light and dark (the choice is kept in the `closia-color-scheme` cookie). The hint
 * is the browser's own tooltip (`title`): a Mantine Tooltip would bring its floating-position engine
 * into the first load of every page, the public site included.
 */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="md"
      aria-label="Changer le thème"
      title={next === 'dark' ? 'Passer en mode sombre' : 'Passer en mode clair'}
      data-color-scheme={computed}
      onClick={() => setColorScheme(next)}
    >
      {computed === 'dark' ? <IconSun size={18} stroke={1.6} /> : <IconMoon size={18} stroke={1.6} />}
    </ActionIcon>
  );
}
