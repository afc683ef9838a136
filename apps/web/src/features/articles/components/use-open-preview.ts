import { ARTICLE_PREVIEW_PARAM } from '@closia/shared';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../lib/error-message';
import { useCreatePreviewToken } from '../api/preview';

/**
 * « Aperçu »: a preview token for the admin (valid one hour), then the public page with
 * `?preview=` in a new tab. The tab is opened during the click (a tab opened after an awaited
 * request would be blocked as a pop-up) and sent to the page once the token has come.
 */
export function useOpenPreview() {
  const token = useCreatePreviewToken();
  const open = async (path: string) => {
    const tab = window.open('about:blank', '_blank');
    try {
      const { token: value } = await token.mutateAsync();
      const url = `${path}?${ARTICLE_PREVIEW_PARAM}=${encodeURIComponent(value)}`;
      if (tab) {
        tab.opener = null;
        tab.location.replace(url);
      } else {
        window.location.assign(url);
      }
    } catch (error) {
      tab?.close();
      notifications.show({ color: 'red', title: 'Aperçu impossible', message: errorMessage(error) });
    }
  };
  return { open, pending: token.isPending };
}
