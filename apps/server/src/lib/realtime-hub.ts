/**
 * The event streams of one instance and their channel subscriptions (the Transmit protocol's
 * server side, docs/decisions/010-realtime.md). It only holds and writes: who may subscribe to
 * what, and the fan-out between instances, are the realtime plugin's.
 */

/** Where a stream's frames go (the HTTP response, hijacked from Fastify). */
export interface StreamSink {
  write(chunk: string): boolean;
  end(): void;
  /** Bytes queued but not yet sent: a stream that stops reading is closed past a limit. */
  readonly writableLength: number;
}

export interface Stream {
  readonly uid: string;
  readonly userId: number;
  /** The session the stream was opened with: it closes when that session ends. */
  readonly sessionId: string;
  readonly sink: StreamSink;
  readonly channels: Set<string>;
  readonly openedAt: number;
}

/** A stream that has this much unsent is not reading: it is closed rather than buffered forever. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/** One Server-Sent Events frame carrying a Transmit message `{ channel, payload }`. */
export function frame(channel: string, payload: unknown): string {
  return `data: ${JSON.stringify({ channel, payload })}\n\n`;
}

export interface HubEvents {
  /** The user's first stream on this instance opened. */
  onUserConnected?(userId: number): void;
  /** The user's last stream on this instance closed. */
  onUserDisconnected?(userId: number): void;
}

export class RealtimeHub {
  private readonly streams = new Map<string, Stream>();
  private readonly byChannel = new Map<string, Set<Stream>>();
  private readonly byUser = new Map<number, Set<Stream>>();

  constructor(
    private readonly maxStreamsPerUser: number,
    private readonly events: HubEvents = {},
  ) {}

  get size(): number {
    return this.streams.size;
  }

  /** How many streams subscribe to `channel` on this instance. */
  subscriberCount(channel: string): number {
    return this.byChannel.get(channel)?.size ?? 0;
  }

  /**
   * Registers a new stream. A stream of the same user with the same uid (the client reconnecting)
   * is closed first: the client subscribes its channels again once the new stream is open. A uid
   * held by another user's stream is refused (see `isTakenByAnother`): it never closes theirs.
   * Past the per-user limit the user's oldest stream is closed.
   */
  open(uid: string, userId: number, sessionId: string, sink: StreamSink): Stream {
    if (this.isTakenByAnother(uid, userId)) throw new Error('stream id held by another user');
    const previous = this.streams.get(uid);
    if (previous) this.close(previous, true);
    const mine = this.byUser.get(userId);
    if (mine && mine.size >= this.maxStreamsPerUser) {
      const oldest = [...mine].reduce((a, b) => (a.openedAt <= b.openedAt ? a : b));
      this.close(oldest, true);
    }
    const stream: Stream = { uid, userId, sessionId, sink, channels: new Set(), openedAt: Date.now() };
    this.streams.set(uid, stream);
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
      this.events.onUserConnected?.(userId);
    }
    set.add(stream);
    return stream;
  }

  /** Forgets a stream (its connection closed); `end` also ends the response. Idempotent. */
  close(stream: Stream, end = false): void {
    if (this.streams.get(stream.uid) !== stream) return;
    this.streams.delete(stream.uid);
    for (const channel of stream.channels) this.removeFromChannel(stream, channel);
    stream.channels.clear();
    const set = this.byUser.get(stream.userId);
    set?.delete(stream);
    if (set && set.size === 0) {
      this.byUser.delete(stream.userId);
      this.events.onUserDisconnected?.(stream.userId);
    }
    if (end) {
      try {
        stream.sink.end();
      } catch {
        // Already closed by the client.
      }
    }
  }

  /** The stream with this uid, if it is on this instance and belongs to the user. */
  find(uid: string, userId: number): Stream | null {
    const stream = this.streams.get(uid);
    return stream && stream.userId === userId ? stream : null;
  }

  has(uid: string): boolean {
    return this.streams.has(uid);
  }

  /** True when a stream of another user holds this uid on this instance. */
  isTakenByAnother(uid: string, userId: number): boolean {
    const stream = this.streams.get(uid);
    return stream !== undefined && stream.userId !== userId;
  }

  subscribe(stream: Stream, channel: string): void {
    if (stream.channels.has(channel)) return;
    stream.channels.add(channel);
    let set = this.byChannel.get(channel);
    if (!set) {
      set = new Set();
      this.byChannel.set(channel, set);
    }
    set.add(stream);
  }

  unsubscribe(stream: Stream, channel: string): void {
    if (!stream.channels.delete(channel)) return;
    this.removeFromChannel(stream, channel);
  }

  private removeFromChannel(stream: Stream, channel: string) {
    const set = this.byChannel.get(channel);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) this.byChannel.delete(channel);
  }

  /** Writes one frame (see `frame`) to every stream of the channel; returns how many got it. */
  deliver(channel: string, data: string): number {
    const set = this.byChannel.get(channel);
    if (!set) return 0;
    let delivered = 0;
    for (const stream of [...set]) {
      if (this.write(stream, data)) delivered += 1;
    }
    return delivered;
  }

  /** Writes to one stream; a stream that does not read (too much queued) is closed. */
  private write(stream: Stream, data: string): boolean {
    if (stream.sink.writableLength > MAX_BUFFERED_BYTES) {
      this.close(stream, true);
      return false;
    }
    try {
      stream.sink.write(data);
      return true;
    } catch {
      this.close(stream, true);
      return false;
    }
  }

  /** Writes to every stream (keep-alive comments). */
  writeAll(data: string): void {
    for (const stream of [...this.streams.values()]) this.write(stream, data);
  }

  /**
   * Drops subscriptions at once: of one user (or of everyone, `userId` null) to the channels that
   * `matches` accepts — a member removed from a team stops receiving its chats.
   */
  revoke(userId: number | null, matches: (channel: string) => boolean): number {
    const streams = userId === null ? [...this.streams.values()] : [...(this.byUser.get(userId) ?? [])];
    let dropped = 0;
    for (const stream of streams) {
      for (const channel of [...stream.channels]) {
        if (matches(channel)) {
          this.unsubscribe(stream, channel);
          dropped += 1;
        }
      }
    }
    return dropped;
  }

  /** Closes streams chosen by `which` (e.g. those of a session that ended). */
  closeWhere(which: (stream: Stream) => boolean): number {
    let closed = 0;
    for (const stream of [...this.streams.values()]) {
      if (which(stream)) {
        this.close(stream, true);
        closed += 1;
      }
    }
    return closed;
  }

  streamsOf(userId: number): Stream[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  allStreams(): Stream[] {
    return [...this.streams.values()];
  }

  connectedUserIds(): number[] {
    return [...this.byUser.keys()];
  }

  isConnected(userId: number): boolean {
    return this.byUser.has(userId);
  }

  /** Ends every stream (shutdown). */
  closeAll(): void {
    for (const stream of [...this.streams.values()]) this.close(stream, true);
  }
}
