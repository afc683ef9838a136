import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/**
 * A number filter that commits after a pause in typing (400 ms); blank (or ≤ `emptyBelow`) is
 * "no filter" (null). Follows the address when it changes by itself.
 */
export function DebouncedNumberInput({
  value,
  onCommit,
  emptyBelow = 0,
  ...props
}: Omit<NumberInputProps, 'value' | 'onChange'> & {
  value: number | null;
  onCommit: (value: number | null) => void;
  /** Values at or below it mean "no filter". */
  emptyBelow?: number;
}) {
  const [local, setLocal] = useState<string | number>(value ?? '');
  useEffect(() => setLocal(value ?? ''), [value]);
  const commit = useDebouncedCallback((next: string | number) => {
    onCommit(typeof next === 'number' && next > emptyBelow ? next : null);
  }, 400);
  return (
    <NumberInput
      decimalSeparator=","
      allowNegative={false}
      {...props}
      value={local}
      onChange={(next) => {
        setLocal(next);
        commit(next);
      }}
    />
  );
}
