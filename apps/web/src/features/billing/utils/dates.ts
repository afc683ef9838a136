import { dayjs } from '../../../lib/dayjs';

/** "26 novembre 2026". */
export function formatDate(date: string): string {
  return dayjs(date).format('D MMMM YYYY');
}
