import type { Webinar } from '@closia/shared';
import { Badge, Group } from '@mantine/core';
import { formatPrice, placesLeftText } from '../utils/format';
import { phaseAt } from '../utils/time';

/** "En direct" during the webinar, "Terminé" after it; nothing before. */
export function PhaseBadge({
  webinar,
  now,
}: {
  webinar: Pick<Webinar, 'startTime' | 'endTime'>;
  now: number;
}) {
  const phase = phaseAt(webinar.startTime, webinar.endTime, now);
  if (phase === 'live') {
    return (
      <Badge color="red.9" variant="filled" data-testid="webinar-live">
        En direct
      </Badge>
    );
  }
  if (phase === 'past') {
    return (
      <Badge color="gray" variant="light">
        Terminé
      </Badge>
    );
  }
  return null;
}

/** The price, the places left and whether the caller is registered. */
export function WebinarFacts({ webinar, now }: { webinar: Webinar; now: number }) {
  const places = placesLeftText(webinar.placesLeft);
  return (
    <Group gap={6} wrap="wrap">
      <PhaseBadge webinar={webinar} now={now} />
      <Badge variant="light" color={webinar.price > 0 ? 'blue' : 'green'}>
        {formatPrice(webinar.price)}
      </Badge>
      {places && (
        <Badge variant="light" color={webinar.placesLeft === 0 ? 'red' : 'gray'}>
          {places}
        </Badge>
      )}
      {webinar.registered && (
        <Badge variant="light" color="green" data-testid="webinar-registered">
          Inscrit ✓
        </Badge>
      )}
      {!webinar.isRegistrationOpen && (
        <Badge variant="light" color="orange">
          Inscriptions fermées
        </Badge>
      )}
    </Group>
  );
}
