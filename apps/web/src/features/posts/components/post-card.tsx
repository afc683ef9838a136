import { type PostSummary, postStatusLabels } from '@closia/shared';
import { Anchor, Badge, Card, Group, Image, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { LikeButton } from './like-button';
import { HiddenBadge, PostAuthorLine } from './post-author';

/** A post in the feed: author, date, cover, title, excerpt, tags, likes and comments. */
export function PostCard({ post, tagHref }: { post: PostSummary; tagHref: (tag: string) => string }) {
  const titleId = `post-${post.id}-title`;
  return (
    <Card padding="lg" component="article" aria-labelledby={titleId} data-testid="post-card">
      {post.coverUrl && (
        <Card.Section mb="md">
          <Image src={post.coverUrl} alt="" h={180} fit="cover" loading="lazy" />
        </Card.Section>
      )}
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <PostAuthorLine author={post.author} date={post.publishedAt ?? post.createdAt} />
          <Group gap={6}>
            {post.status !== 'published' && (
              <Badge variant="outline" color="gray">
                {postStatusLabels[post.status]}
              </Badge>
            )}
            {post.hidden && <HiddenBadge />}
          </Group>
        </Group>
        <Title order={2} fz="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={paths.app.post(post.id)} c="inherit">
            {post.title}
          </Anchor>
        </Title>
        {post.excerpt && (
          <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {post.excerpt}
          </Text>
        )}
        {post.tags.length > 0 && (
          <Group gap={6}>
            {post.tags.map((tag) => (
              <Badge
                key={tag}
                component={Link}
                to={tagHref(tag)}
                variant="light"
                style={{ cursor: 'pointer', textTransform: 'none' }}
              >
                #{tag}
              </Badge>
            ))}
          </Group>
        )}
        <Group gap="md">
          <LikeButton post={post} disabled={post.status !== 'published'} />
          <Group gap={4} c="dimmed">
            <IconMessageCircle size={16} aria-hidden="true" />
            <Text size="sm">
              {post.commentCount}
              <VisuallyHidden> commentaire{post.commentCount > 1 ? 's' : ''}</VisuallyHidden>
            </Text>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
