import type { Message, MessagePage, RealtimeEvent } from '@closia/shared';
import { Alert, Box, Button, Center, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { errorMessage } from '../../lib/error-message';
import { useRealtimeChannel } from '../../lib/realtime';
import classes from './chat.module.css';
import { Composer } from './composer';
import { MessageBubble } from './message-bubble';

export interface ChatSource {
  /** The query key of the message pages (refetched after a reconnect under its prefix). */
  queryKey: readonly unknown[];
  /** A page of messages, newest first, older than `cursor`. */
  fetchPage: (cursor: number | undefined) => Promise<MessagePage>;
  send: (body: string, image: File | null) => Promise<Message>;
  /** The realtime channel of the thread. */
  channel: string;
}

type Pages = InfiniteData<MessagePage, number | undefined>;

/** Adds a message to the newest page unless it is there already (sent by me, then pushed). */
function withMessage(pages: Pages | undefined, message: Message): Pages | undefined {
  if (!pages || pages.pages.length === 0) return pages;
  if (pages.pages.some((page) => page.data.some((m) => m.id === message.id))) return pages;
  const [first, ...rest] = pages.pages;
  return { ...pages, pages: [{ ...first!, data: [message, ...first!.data] }, ...rest] };
}

const NEAR_BOTTOM_PX = 120;

/**
 * A conversation or team chat: messages oldest to newest, older pages loaded when scrolling up
 * (the reading position kept), new messages live, a composer with an optional image.
 */
export function ChatThread({
  source,
  meId,
  showSenders,
  seenUpTo,
  onActivity,
  emptyText,
  label,
}: {
  source: ChatSource;
  meId: number;
  /** Names and pictures on the others' messages (team chats). */
  showSenders: boolean;
  /** The other participant has read up to then: my last message before is marked "Vu". */
  seenUpTo?: string | null;
  /** A message arrived or the thread was shown: e.g. mark the conversation read. */
  onActivity?: (event: RealtimeEvent | null) => void;
  emptyText: ReactNode;
  label: string;
}) {
  const queryClient = useQueryClient();
  const viewport = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const stickToBottom = useRef(true);

  const query = useInfiniteQuery({
    queryKey: source.queryKey,
    queryFn: ({ pageParam }) => source.fetchPage(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
  });

  const messages = useMemo(
    () => (query.data?.pages ?? []).flatMap((page) => page.data).toReversed(),
    [query.data],
  );

  useRealtimeChannel(source.channel, (event) => {
    if (event.type === 'message.created') {
      const el = viewport.current;
      stickToBottom.current =
        !el ||
        el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX ||
        event.message.sender?.id === meId;
      queryClient.setQueryData<Pages>(source.queryKey, (pages) => withMessage(pages, event.message));
    }
    onActivity?.(event);
  });

  // Shown: tell the page (mark read).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per thread
  useEffect(() => onActivity?.(null), [source.channel]);

  // Older messages: keep what was on screen where it was; new ones: follow the bottom if we were there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the messages shown
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages]);

  const loadOlder = () => {
    const el = viewport.current;
    if (!query.hasNextPage || query.isFetchingNextPage) return;
    if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
    stickToBottom.current = false;
    void query.fetchNextPage();
  };

  // Scrolling up to the first message loads the page before it.
  useEffect(() => {
    const sentinel = topSentinel.current;
    const root = viewport.current;
    if (!sentinel || !root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && root.scrollHeight > root.clientHeight)
          loadOlder();
      },
      { root, rootMargin: '80px 0px 0px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  });

  const send = async (body: string, image: File | null) => {
    const message = await source.send(body, image);
    stickToBottom.current = true;
    queryClient.setQueryData<Pages>(source.queryKey, (pages) => withMessage(pages, message));
  };

  const lastMineSeen = useMemo(() => {
    if (!seenUpTo) return null;
    const mine = messages.filter((m) => m.sender?.id === meId && m.createdAt <= seenUpTo);
    return mine.at(-1)?.id ?? null;
  }, [messages, seenUpTo, meId]);

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Center h="100%">
        <Loader aria-label="Chargement des messages" />
      </Center>
    );
  } else if (query.isError) {
    body = (
      <Alert color="red" m="md" title="Messages indisponibles" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {errorMessage(query.error, {
              notFound: 'Cette discussion n’existe pas ou vous n’y avez plus accès.',
            })}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Réessayer
          </Button>
        </Stack>
      </Alert>
    );
  } else if (messages.length === 0) {
    body = (
      <Center h="100%" p="lg">
        <Stack align="center" gap={6}>
          <IconMessageCircle size={36} stroke={1.4} aria-hidden="true" />
          <Text c="dimmed" ta="center">
            {emptyText}
          </Text>
        </Stack>
      </Center>
    );
  } else {
    body = (
      <Stack gap={6} p="md">
        <div ref={topSentinel} />
        {query.hasNextPage && (
          <Center>
            <Button size="xs" variant="subtle" loading={query.isFetchingNextPage} onClick={loadOlder}>
              Messages précédents
            </Button>
          </Center>
        )}
        {messages.map((message, index) => (
          <MessageBubble
            key={message.id}
            message={message}
            mine={message.sender?.id === meId}
            showSender={showSenders && messages[index - 1]?.sender?.id !== message.sender?.id}
            seen={message.id === lastMineSeen}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Box className={classes.thread}>
      <ScrollArea
        className={classes.scroll}
        viewportRef={viewport}
        type="auto"
        // Scrollable with the keyboard too.
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': label }}
      >
        <Box role="log" aria-label={label} aria-live="polite" className={classes.log}>
          {body}
        </Box>
      </ScrollArea>
      <Composer onSend={send} disabled={query.isError} />
    </Box>
  );
}
