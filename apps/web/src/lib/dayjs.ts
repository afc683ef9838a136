import 'dayjs/locale/fr';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);
dayjs.locale('fr');

export { dayjs };

/** "il y a 3 minutes". */
export function fromNow(date: string | Date): string {
  return dayjs(date).fromNow();
}

/** "12 mars 2025 à 14:05". */
export function formatDateTime(date: string | Date): string {
  return dayjs(date).format('D MMMM YYYY [à] HH:mm');
}
