import { type ArticleStatus, articleStatusLabels } from '@closia/shared';
import { Badge } from '@mantine/core';

const colours: Record<ArticleStatus, string> = { draft: 'gray', scheduled: 'orange', published: 'green' };

export function ArticleStatusBadge({ status }: { status: ArticleStatus }) {
  return (
    <Badge variant="light" color={colours[status]} radius="sm" tt="none" data-testid="article-status-badge">
      {articleStatusLabels[status]}
    </Badge>
  );
}
