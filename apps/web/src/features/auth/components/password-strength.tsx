import { Group, Progress, Stack, Text } from '@mantine/core';

const levels = [
  { label: 'trop court', color: 'red' },
  { label: 'faible', color: 'red' },
  { label: 'moyen', color: 'orange' },
  { label: 'bon', color: 'yellow' },
  { label: 'excellent', color: 'green' },
] as const;

/** 0–4: at least 8 characters, then one point each for case mix, digits, symbols and 12+ characters. */
export function passwordScore(password: string): number {
  if (password.length < 8) return 0;
  let score = 1;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score++;
  if (/\d/.test(password)) score++;
  if (/[^A-Za-z0-9]/.test(password) || password.length >= 12) score++;
  return Math.min(score, 4);
}

/** Strength hint under a new-password field. */
export function PasswordStrength({ password, id }: { password: string; id?: string }) {
  const score = passwordScore(password);
  const level = levels[score] ?? levels[0];
  return (
    <Stack gap={4} id={id}>
      <Progress
        value={password ? (score + 1) * 20 : 0}
        color={level.color}
        size="sm"
        aria-label="Robustesse du mot de passe"
      />
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          8 caractères minimum ; mélangez majuscules, chiffres et symboles.
        </Text>
        {password && (
          <Text size="xs" fw={600}>
            Robustesse : {level.label}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
