import { beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps its state (the container is mounted once): a fresh copy for each test.
async function load() {
  vi.resetModules();
  return import('./toast-host');
}

describe('requestToastHostWhenNeeded', () => {
  let onPathListener: ((pathname: string) => void) | undefined;
  const onPath = (listener: (pathname: string) => void) => {
    onPathListener = listener;
  };
  beforeEach(() => {
    onPathListener = undefined;
  });

  it('leaves a visitor of / who does nothing without the toast container', async () => {
    const host = await load();
    host.requestToastHostWhenNeeded(onPath, '/', new EventTarget());
    expect(host.isToastHostWanted()).toBe(false);
    onPathListener?.('/');
    expect(host.isToastHostWanted()).toBe(false);
  });

  it('mounts it at once on any other page', async () => {
    const host = await load();
    host.requestToastHostWhenNeeded(onPath, '/app/missions', new EventTarget());
    expect(host.isToastHostWanted()).toBe(true);
  });

  it('mounts it when the visitor leaves /', async () => {
    const host = await load();
    host.requestToastHostWhenNeeded(onPath, '/', new EventTarget());
    onPathListener?.('/connexion');
    expect(host.isToastHostWanted()).toBe(true);
  });

  it('mounts it on the first key or pointer press (a toast answers an action)', async () => {
    for (const type of ['keydown', 'pointerdown']) {
      const host = await load();
      const page = new EventTarget();
      host.requestToastHostWhenNeeded(onPath, '/', page);
      page.dispatchEvent(new Event(type));
      expect(host.isToastHostWanted()).toBe(true);
    }
  });

  it('mounts it when an error toast is requested', async () => {
    const host = await load();
    host.requestToastHostWhenNeeded(onPath, '/', new EventTarget());
    host.requestToastHost();
    expect(host.isToastHostWanted()).toBe(true);
  });
});
