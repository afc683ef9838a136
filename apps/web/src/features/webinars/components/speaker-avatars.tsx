import { initials, type WebinarSpeaker } from '@closia/shared';
import { Avatar, Tooltip } from '@mantine/core';

/** The speakers' faces (initials without a photo), their names read out. */
export function SpeakerAvatars({ speakers, max = 4 }: { speakers: WebinarSpeaker[]; max?: number }) {
  if (speakers.length === 0) return null;
  const shown = speakers.slice(0, max);
  const more = speakers.length - shown.length;
  return (
    <Avatar.Group
      aria-label={`Intervenants : ${speakers.map((speaker) => speaker.name).join(', ')}`}
      role="group"
    >
      {shown.map((speaker, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: speakers have no id; names may repeat
        <Tooltip key={`${speaker.name}-${index}`} label={speaker.name} withArrow>
          <Avatar src={speaker.photoUrl ?? null} alt={speaker.name} radius="xl" size={32} color="green">
            {initials({ fullName: speaker.name })}
          </Avatar>
        </Tooltip>
      ))}
      {more > 0 && (
        <Avatar radius="xl" size={32} aria-hidden="true">
          +{more}
        </Avatar>
      )}
    </Avatar.Group>
  );
}
