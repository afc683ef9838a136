import type { Webinar } from '@closia/shared';
import { Button, Menu } from '@mantine/core';
import { IconBrandGoogle, IconCalendarPlus, IconDownload } from '@tabler/icons-react';
import { paths } from '../../../config/paths';
import { calendarIcsUrl } from '../api/get-registrants';
import { googleCalendarUrl } from '../utils/time';

/** "Ajouter à mon agenda": a Google Calendar link built here, or the `.ics` for any other calendar. */
export function AddToCalendarMenu({ webinar }: { webinar: Webinar }) {
  const pageUrl = `${window.location.origin}${paths.app.webinar(webinar.id)}`;
  const google = googleCalendarUrl({
    title: webinar.title,
    startTime: webinar.startTime,
    endTime: webinar.endTime,
    timezone: webinar.timezone,
    details: `${webinar.title}\n\nRejoindre et détails : ${pageUrl}`,
    location: pageUrl,
  });
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconCalendarPlus size={18} />}>
          Ajouter à mon agenda
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component="a"
          href={google}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconBrandGoogle size={16} />}
        >
          Google Agenda
        </Menu.Item>
        <Menu.Item
          component="a"
          href={calendarIcsUrl(webinar.id)}
          download={`webinaire-${webinar.id}.ics`}
          leftSection={<IconDownload size={16} />}
        >
          Fichier .ics (Outlook, Apple…)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
