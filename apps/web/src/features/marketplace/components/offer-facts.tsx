import {
  type Certification,
  certificationLabels,
  type FinancingMethod,
  financingMethodLabels,
  type LocationType,
  locationTypeLabels,
  type NamedRef,
} from '@closia/shared';
import { Badge, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  type Icon,
  IconCategory,
  IconCertificate,
  IconClockHour4,
  IconCoinEuro,
  IconMapPin,
  IconReceipt,
  IconWallet,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatEuro, formatHours, formatPercent } from '../utils/format';

export function FinancingBadges({ methods }: { methods: readonly FinancingMethod[] }) {
  if (methods.length === 0) return null;
  return (
    <Group gap={6}>
      {methods.map((method) => (
        <Badge key={method} variant="light" color="indigo" tt="none">
          {financingMethodLabels[method] ?? method}
        </Badge>
      ))}
    </Group>
  );
}

export function CertificationBadges({ certifications }: { certifications: readonly Certification[] }) {
  if (certifications.length === 0) return null;
  return (
    <Group gap={6}>
      {certifications.map((certification) => (
        <Badge
          key={certification}
          variant="light"
          color="teal"
          tt="none"
          leftSection={<IconCertificate size={12} aria-hidden="true" />}
        >
          {certificationLabels[certification] ?? certification}
        </Badge>
      ))}
    </Group>
  );
}

export function SectorBadges({ sectors, max = 6 }: { sectors: readonly NamedRef[]; max?: number }) {
  if (sectors.length === 0) return null;
  const shown = sectors.slice(0, max);
  const more = sectors.length - shown.length;
  return (
    <Group gap={6}>
      {shown.map((sector) => (
        <Badge key={sector.id} variant="light" color="grape" tt="none">
          {sector.name}
        </Badge>
      ))}
      {more > 0 && (
        <Badge variant="light" color="gray" tt="none">
          +{more}
        </Badge>
      )}
    </Group>
  );
}

/** "En ligne", "Physique — Lyon", "En ligne et physique — Paris". */
export function locationText(locationType: LocationType, location: string | null): string {
  const label = locationTypeLabels[locationType] ?? locationType;
  return locationType !== 'online' && location ? `${label} — ${location}` : label;
}

function Fact({ icon: FactIcon, label, children }: { icon: Icon; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" size="lg" radius="md" aria-hidden="true">
        <FactIcon size={20} />
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
          {label}
        </Text>
        <div>{children}</div>
      </Stack>
    </Group>
  );
}

export interface OfferFactsSource {
  price: number;
  commissionRate: number;
  commissionAmount: number;
  financingMethods: FinancingMethod[];
  certifications: Certification[];
  locationType: LocationType;
  location: string | null;
  duration: number;
  workSectors: NamedRef[];
}

/** The key figures of a training offer: price, commission per sale, duration, place, financing, certifications. */
export function OfferFacts({ service }: { service: OfferFactsSource }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
      <Fact icon={IconCoinEuro} label="Prix de la formation">
        <Text fw={700} data-testid="offer-price">
          {formatEuro(service.price)}
        </Text>
      </Fact>
      <Fact icon={IconWallet} label="Commission par vente">
        <Text fw={700} data-testid="offer-commission">
          {formatEuro(service.commissionAmount)}{' '}
          <Text span c="dimmed" size="sm" fw={500}>
            ({formatPercent(service.commissionRate)})
          </Text>
        </Text>
      </Fact>
      <Fact icon={IconClockHour4} label="Durée">
        <Text fw={600}>{formatHours(service.duration)}</Text>
      </Fact>
      <Fact icon={IconMapPin} label="Lieu">
        <Text fw={600}>{locationText(service.locationType, service.location)}</Text>
      </Fact>
      <Fact icon={IconReceipt} label="Financement">
        <FinancingBadges methods={service.financingMethods} />
      </Fact>
      <Fact icon={IconCertificate} label="Certifications">
        {service.certifications.length > 0 ? (
          <CertificationBadges certifications={service.certifications} />
        ) : (
          <Text c="dimmed" size="sm">
            Aucune
          </Text>
        )}
      </Fact>
      {service.workSectors.length > 0 && (
        <Fact icon={IconCategory} label="Secteurs">
          <SectorBadges sectors={service.workSectors} />
        </Fact>
      )}
    </SimpleGrid>
  );
}
