import '@mantine/dates/styles.css';
// The French locale of the calendar (dayjs 'fr').
import '../../../lib/dayjs';
import { DatePickerInput, type DatePickerInputProps, DatesProvider } from '@mantine/dates';

/** The calendar's controls, named in French. */
const ariaLabels = {
  monthLevelControl: 'Choisir un mois',
  yearLevelControl: 'Choisir une année',
  nextMonth: 'Mois suivant',
  previousMonth: 'Mois précédent',
  nextYear: 'Année suivante',
  previousYear: 'Année précédente',
  nextDecade: 'Décennie suivante',
  previousDecade: 'Décennie précédente',
};

/**
 * A calendar day picker in French (lundi first, "12 mars 2025"); its value is 'YYYY-MM-DD'. Loaded
 * with the sales pages only, with its stylesheet.
 */
export function DateField(props: DatePickerInputProps<'default'>) {
  return (
    <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1 }}>
      <DatePickerInput
        valueFormat="D MMMM YYYY"
        ariaLabels={ariaLabels}
        clearButtonProps={{ 'aria-label': 'Effacer la date' }}
        popoverProps={{ withinPortal: true }}
        // Mantine's placeholder colour is too faint on the dark inputs (WCAG AA): the dimmed text colour.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        {...props}
      />
    </DatesProvider>
  );
}
