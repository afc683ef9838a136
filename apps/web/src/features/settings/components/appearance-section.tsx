import { colorSchemeLabels } from '@closia/shared';
import { Group, type MantineColorScheme, SegmentedControl, Text, useMantineColorScheme } from '@mantine/core';
import { SettingsSection } from './settings-section';

const schemeOptions: { value: MantineColorScheme; label: string }[] = [
  { value: 'auto', label: colorSchemeLabels.system },
  { value: 'light', label: colorSchemeLabels.light },
  { value: 'dark', label: colorSchemeLabels.dark },
];

/** Colour mode: system, light or dark (kept in a cookie by the colour scheme manager). */
export function AppearanceSection() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <SettingsSection id="apparence" title="Apparence">
      <Group justify="space-between" align="center" gap="md">
        <Text size="sm" c="dimmed" id="appearance-description" style={{ flex: '1 1 240px' }}>
          « Système » suit le réglage clair ou sombre de votre appareil.
        </Text>
        <SegmentedControl
          aria-labelledby="apparence-title"
          aria-describedby="appearance-description"
          value={colorScheme}
          onChange={(value) => setColorScheme(value as MantineColorScheme)}
          data={schemeOptions}
        />
      </Group>
    </SettingsSection>
  );
}
