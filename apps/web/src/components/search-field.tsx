import { ActionIcon, Loader, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A search box that commits its text after a pause in typing (300 ms), or at once on Enter, and
 * follows the address when it changes by itself (back button, a shared link).
 */
export function SearchField({
  value,
  onCommit,
  label,
  placeholder,
  loading,
  error,
  maxLength = 100,
}: {
  value: string;
  onCommit: (value: string) => void;
  label: string;
  placeholder?: string;
  loading?: boolean;
  error?: ReactNode;
  maxLength?: number;
}) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, 300);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text commits
  useEffect(() => {
    if (debounced.trim() !== value) commit.current(debounced.trim());
  }, [debounced]);

  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);

  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={text}
      maxLength={maxLength}
      error={error}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit.current(text.trim());
      }}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={
        loading ? (
          <Loader size={14} aria-label="Recherche en cours" />
        ) : text ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label="Effacer la recherche"
            onClick={() => setText('')}
          >
            <IconX size={14} />
          </ActionIcon>
        ) : null
      }
    />
  );
}
