import { notifications } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { isToastHostWanted } from './toast-host';

describe('the toast container', () => {
  it('is not mounted while no toast has been shown, and mounted from the first one on', () => {
    expect(isToastHostWanted()).toBe(false);
    const id = notifications.show({ message: 'Enregistré' });
    expect(isToastHostWanted()).toBe(true);
    // It stays, to animate the toasts out.
    notifications.hide(id);
    notifications.clean();
    expect(isToastHostWanted()).toBe(true);
  });
});
