import { Anchor, Text, type TextProps } from '@mantine/core';
import { useMemo } from 'react';
import { linkify } from '../utils/linkify';

/** An idea's description: its line breaks kept, its web addresses as links (opened in a new tab). */
export function PlainText({ children, ...props }: TextProps & { children: string }) {
  const parts = useMemo(() => {
    let offset = 0;
    return linkify(children).map((part) => {
      const at = offset;
      offset += part.text.length;
      return { ...part, at };
    });
  }, [children]);
  return (
    <Text {...props} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {parts.map((part) =>
        part.kind === 'link' ? (
          <Anchor
            key={part.at}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            underline="always"
            inherit
          >
            {part.text}
          </Anchor>
        ) : (
          <span key={part.at}>{part.text}</span>
        ),
      )}
    </Text>
  );
}
