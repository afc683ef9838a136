import type { BillingInterval } from '@closia/shared';
import { SegmentedControl } from '@mantine/core';
import { intervalLabels, yearlySavingText } from '../utils/money';

/** Mensuel / Annuel ("2 mois offerts" on the yearly side). */
export function IntervalToggle({
  value,
  onChange,
}: {
  value: BillingInterval;
  onChange: (interval: BillingInterval) => void;
}) {
  return (
    <SegmentedControl
      aria-label="Période de facturation"
      value={value}
      onChange={(next) => onChange(next === 'year' ? 'year' : 'month')}
      data={[
        { value: 'month', label: intervalLabels.month },
        { value: 'year', label: `${intervalLabels.year} · ${yearlySavingText()}` },
      ]}
    />
  );
}
