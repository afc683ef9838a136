import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { dayjs } from '../../../lib/dayjs';
import { stagingPageUrl } from '../utils/preview-mode';
import type { PreviewMode } from './use-preview-mode';

/** « Mode aperçu »: what the admin reads may not be public yet; « Quitter l’aperçu » ends it. */
export function PreviewBanner({ preview, isDraft }: { preview: PreviewMode; isDraft: boolean }) {
  const [leaving, setLeaving] = useState(false);
  const { pathname } = useLocation();
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconEye size={18} />}
      title="Mode aperçu"
      data-testid="preview-banner"
    >
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" style={{ flex: '1 1 280px' }}>
          {isDraft
            ? 'Cet article n’est pas encore public : vous le voyez tel qu’il sera publié.'
            : 'Les brouillons et les articles programmés vous sont visibles.'}
          {preview.expiresAt && ` Aperçu valable jusqu’à ${dayjs(preview.expiresAt).format('HH:mm')}.`}
          {preview.stagingUrl && preview.token && (
            <>
              {' '}
              <Anchor href={stagingPageUrl(preview.stagingUrl, pathname, preview.token)} fz="sm">
                Ouvrir sur le site de recette
              </Anchor>
            </>
          )}
        </Text>
        <Button
          size="xs"
          variant="default"
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            void preview.leave();
          }}
        >
          Quitter l’aperçu
        </Button>
      </Group>
    </Alert>
  );
}
