import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred loader with what is happening, while an auth action runs (sign-out, e-mail checks). */
export function PendingState({ label, text }: { label: string; text: string }) {
  return (
    <Center py="lg">
      <Stack align="center" gap="sm">
        <Loader aria-label={label} />
        <Text c="dimmed">{text}</Text>
      </Stack>
    </Center>
  );
}
