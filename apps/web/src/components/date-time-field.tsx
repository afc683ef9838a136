import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';

const ariaLabels = {
  monthLevelControl: 'Choisir le mois',
  yearLevelControl: 'Choisir l’année',
  nextMonth: 'Mois suivant',
  previousMonth: 'Mois précédent',
  nextYear: 'Année suivante',
  previousYear: 'Année précédente',
  nextDecade: 'Décennie suivante',
  previousDecade: 'Décennie précédente',
};

/**
 * A date and time picker in French (the page's DatesProvider sets the locale): every control named,
 * values as `YYYY-MM-DD HH:mm:ss` in the browser's time zone.
 */
export function DateTimeField(props: DateTimePickerProps) {
  return (
    <DateTimePicker
      valueFormat="DD/MM/YYYY HH:mm"
      placeholder="jj/mm/aaaa hh:mm"
      ariaLabels={ariaLabels}
      clearButtonProps={{ 'aria-label': 'Effacer la date' }}
      submitButtonProps={{ 'aria-label': 'Valider la date et l’heure' }}
      timePickerProps={{ hoursInputLabel: 'Heures', minutesInputLabel: 'Minutes' }}
      popoverProps={{ withinPortal: true, zIndex: 500 }}
      // Mantine's placeholder grey is below 4.5:1; the dimmed text colour is not.
      styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
      {...props}
    />
  );
}
