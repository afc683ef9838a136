import type { Webinar } from '@closia/shared';
import { Text } from '@mantine/core';
import { formatDuration, formatShortStart, formatStart, ownZoneNote } from '../utils/time';

/**
 * When it takes place, in the viewer's zone; the webinar's own zone said when it differs
 * ("9:00 heure locale (America/New_York)").
 */
export function WebinarWhen({
  webinar,
  short = false,
}: {
  webinar: Pick<Webinar, 'startTime' | 'timezone' | 'durationMinutes'>;
  short?: boolean;
}) {
  const note = ownZoneNote(webinar.startTime, webinar.timezone);
  return (
    <div>
      <Text fw={600} size={short ? 'sm' : 'md'} tt={short ? undefined : 'capitalize'} component="p" m={0}>
        <time dateTime={webinar.startTime}>
          {short ? formatShortStart(webinar.startTime) : formatStart(webinar.startTime)}
        </time>{' '}
        · {formatDuration(webinar.durationMinutes)}
      </Text>
      {note && (
        <Text size="xs" c="dimmed" component="p" m={0}>
          Soit {note}
        </Text>
      )}
    </div>
  );
}
