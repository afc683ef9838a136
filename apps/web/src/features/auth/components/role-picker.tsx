import { type RegistrationRole, registrationRoleLabels } from '@closia/shared';
import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

const roleDescriptions: Record<RegistrationRole, string> = {
  setter: 'Je contacte et qualifie les prospects, puis je décroche les rendez-vous.',
  closer: 'Je mène les appels de vente et je conclus les inscriptions.',
  'setter-closer': 'Je fais les deux : de la prise de contact jusqu’à la signature.',
  infopreneur: 'Je vends mes formations et je recrute des setters et des closers.',
};

/** The order of the cards: the freelancer profiles, then the infopreneur. */
const roleOrder: RegistrationRole[] = ['setter', 'closer', 'setter-closer', 'infopreneur'];

interface RolePickerProps {
  value: RegistrationRole | '';
  onChange: (value: RegistrationRole) => void;
  error?: ReactNode;
}

/** Sign-up: four cards to choose the account type (radio group semantics). */
export function RolePicker({ value, onChange, error }: RolePickerProps) {
  return (
    <Radio.Group
      value={value}
      onChange={(next) => onChange(next as RegistrationRole)}
      label="Vous êtes"
      description="Choisissez votre profil : il détermine votre espace et votre parcours d’inscription."
      error={error}
      required
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
        {roleOrder.map((role) => (
          <Radio.Card key={role} value={role} radius="md" p="sm" data-testid={`role-${role}`}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <Stack gap={2}>
                <Text fw={700} size="sm">
                  {registrationRoleLabels[role]}
                </Text>
                <Text size="xs" c="dimmed">
                  {roleDescriptions[role]}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
