import { Typography } from '@mantine/core';
import classes from './post-body.module.css';

/**
 * A post's rich text. The HTML comes from the server, which keeps only its allow-list (no script,
 * no external image, no event attribute): it is shown as it is.
 */
export function PostBody({ html }: { html: string }) {
  return (
    <Typography className={classes.body} data-testid="post-body">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (allow-list) */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
