import type { Subscription, Transmit } from '@adonisjs/transmit-client';
import type { RealtimeEvent } from '@closia/shared';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { API_BASE, readCookie } from './api-client';

/**
 * The realtime channel (spec §4, §7): one Transmit client per tab, opened for the signed-in user
 * and shared by every component through `useRealtimeChannel`. The client (5 reconnect attempts,
 * subscriptions retried every 100 ms, channels re-subscribed on reconnect) is the real
 * `@adonisjs/transmit-client`, loaded on first use so that anonymous visitors never download it.
 */

/** What the banner shows: connected (nothing), reconnecting ("Reconnexion…"), failed (retry). */
export type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'failed';

type Handler = (event: RealtimeEvent) => void;

interface Channel {
  handlers: Set<Handler>;
  subscription: Subscription | null;
  stopListening: (() => void) | null;
}

const MAX_RECONNECT_ATTEMPTS = 5;

class RealtimeConnection {
  private transmit: Transmit | null = null;
  private userId: number | null = null;
  private generation = 0;
  private readonly channels = new Map<string, Channel>();
  private readonly statusListeners = new Set<() => void>();
  private readonly reconnectListeners = new Set<() => void>();
  private wasDown = false;
  status: RealtimeStatus = 'idle';

  private setStatus(status: RealtimeStatus) {
    if (status === this.status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }

  /** Opens the stream for this user (once); a different user closes the previous one first. */
  start(userId: number) {
    if (this.userId === userId && this.transmit) return;
    if (this.userId !== userId) this.stop();
    this.userId = userId;
    void this.connect();
  }

  /** Signed out: closes the stream and forgets every subscription's server side. */
  stop() {
    this.generation += 1;
    this.transmit?.close();
    this.transmit = null;
    this.userId = null;
    for (const channel of this.channels.values()) {
      channel.stopListening?.();
      channel.subscription = null;
      channel.stopListening = null;
    }
    this.setStatus('idle');
  }

  /** After the 5 failed attempts: a fresh client, every channel subscribed again. */
  retry() {
    if (this.userId === null) return;
    this.transmit?.close();
    this.transmit = null;
    for (const channel of this.channels.values()) {
      channel.stopListening?.();
      channel.subscription = null;
      channel.stopListening = null;
    }
    this.wasDown = true;
    void this.connect();
  }

  private async connect() {
    const generation = ++this.generation;
    this.setStatus('connecting');
    const { Transmit } = await import('@adonisjs/transmit-client');
    if (generation !== this.generation) return;
    const withCsrf = (request: Request) => {
      const token = readCookie('XSRF-TOKEN');
      if (token) request.headers.set('X-XSRF-TOKEN', token);
    };
    const transmit = new Transmit({
      baseUrl: `${window.location.origin}${API_BASE}`,
      maxReconnectAttempts: MAX_RECONNECT_ATTEMPTS,
      beforeSubscribe: withCsrf,
      beforeUnsubscribe: withCsrf,
      onReconnectFailed: () => {
        if (generation === this.generation) this.setStatus('failed');
      },
    });
    this.transmit = transmit;
    transmit.on('connected', () => {
      if (generation !== this.generation) return;
      this.setStatus('connected');
      // Back after a cut: what was pushed meanwhile is lost, so the pages refetch.
      if (this.wasDown) for (const listener of this.reconnectListeners) listener();
      this.wasDown = false;
    });
    const down = () => {
      if (generation !== this.generation || this.status === 'failed') return;
      this.wasDown = true;
      this.setStatus('reconnecting');
    };
    transmit.on('disconnected', down);
    transmit.on('reconnecting', down);
    for (const [name, channel] of this.channels) this.open(name, channel);
  }

  private open(name: string, channel: Channel) {
    if (!this.transmit || channel.subscription) return;
    const subscription = this.transmit.subscription(name);
    channel.subscription = subscription;
    channel.stopListening = subscription.onMessage<RealtimeEvent>((event) => {
      for (const handler of channel.handlers) handler(event);
    });
    // A refusal (not a member any more) is final for this channel: the page shows the 404 itself.
    subscription.create().catch(() => undefined);
  }

  subscribe(name: string, handler: Handler): () => void {
    let channel = this.channels.get(name);
    if (!channel) {
      channel = { handlers: new Set(), subscription: null, stopListening: null };
      this.channels.set(name, channel);
    }
    channel.handlers.add(handler);
    this.open(name, channel);
    return () => {
      const current = this.channels.get(name);
      if (!current) return;
      current.handlers.delete(handler);
      if (current.handlers.size > 0) return;
      this.channels.delete(name);
      current.stopListening?.();
      if (current.subscription?.isCreated) current.subscription.delete().catch(() => undefined);
    };
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => {
      this.reconnectListeners.delete(listener);
    };
  }
}

/** The tab's connection (one per tab, whatever the number of components listening). */
export const realtime = new RealtimeConnection();

/**
 * Listens to a channel (`users/{id}`, `conversations/{id}`, `teams/{id}`,
 * `teams/{id}/chats/{chatId}`) while the component is mounted; null listens to nothing.
 * Several components may listen to the same channel: it is subscribed once.
 */
export function useRealtimeChannel(channel: string | null, onEvent: (event: RealtimeEvent) => void) {
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(() => {
    if (!channel) return;
    return realtime.subscribe(channel, (event) => latest.current(event));
  }, [channel]);
}

/** The connection's state, for the banner. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => realtime.onStatus(listener),
    () => realtime.status,
    () => 'idle',
  );
}

/** Runs `refetch` each time the connection comes back after a cut (what was pushed meanwhile is lost). */
export function useOnRealtimeReconnect(refetch: () => void) {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => realtime.onReconnect(() => latest.current()), []);
}
