import type { FavoriteKind } from '@closia/shared';
import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { useSetFavorite } from '../api/set-favorite';
import { marketplaceWording } from '../utils/error-wording';

/**
 * The star of a card or a page: shows the new state at once, goes back (with a toast) if the API
 * refuses. `name` completes the button's accessible name ("Ajouter « Julie Martin » aux favoris").
 */
export function FavoriteButton({
  kind,
  id,
  favorite,
  name,
  size = 'lg',
  onChange,
}: {
  kind: FavoriteKind;
  id: number;
  favorite: boolean;
  name: string;
  size?: 'md' | 'lg' | 'xl';
  onChange?: (favorite: boolean) => void;
}) {
  const [starred, setStarred] = useState(favorite);
  const mutation = useSetFavorite();

  // A fresh answer from the API wins over the local state.
  useEffect(() => setStarred(favorite), [favorite]);

  const toggle = () => {
    const next = !starred;
    setStarred(next);
    mutation.mutate(
      { kind, id, favorite: next },
      {
        onSuccess: () => onChange?.(next),
        onError: (error) => {
          setStarred(!next);
          notifications.show({
            color: 'red',
            title: next ? 'Ajout aux favoris impossible' : 'Retrait des favoris impossible',
            message: errorMessage(error, marketplaceWording),
          });
        },
      },
    );
  };

  const label = starred ? `Retirer « ${name} » des favoris` : `Ajouter « ${name} » aux favoris`;
  return (
    <Tooltip label={starred ? 'Retirer des favoris' : 'Ajouter aux favoris'}>
      <ActionIcon
        variant={starred ? 'light' : 'subtle'}
        color={starred ? 'yellow' : 'gray'}
        size={size}
        aria-label={label}
        aria-pressed={starred}
        onClick={toggle}
        data-testid="favorite-button"
      >
        {starred ? (
          <IconStarFilled size={20} color="var(--mantine-color-yellow-6)" aria-hidden="true" />
        ) : (
          <IconStar size={20} aria-hidden="true" />
        )}
      </ActionIcon>
    </Tooltip>
  );
}
