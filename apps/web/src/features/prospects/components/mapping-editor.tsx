import { prospectLimits } from '@closia/shared';
import { Select, Table, Text, TextInput } from '@mantine/core';
import {
  type MappingChoice,
  type MappingRow,
  mappingChoiceOptions,
  setCustomName,
  setMappingChoice,
} from '../utils/import-mapping';

/**
 * Step 2 of the import: where each column of the file goes — a prospect field, a custom field
 * (named after the column unless renamed), or nowhere.
 */
export function MappingEditor({
  rows,
  errors,
  onChange,
}: {
  rows: MappingRow[];
  /** By header. */
  errors: Record<string, string>;
  onChange: (rows: MappingRow[]) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={520} type="native" pos="relative">
      <Table verticalSpacing="xs" aria-label="Correspondance des colonnes" data-testid="mapping-editor">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Colonne du fichier</Table.Th>
            <Table.Th scope="col">Importer dans</Table.Th>
            <Table.Th scope="col">Nom du champ personnalisé</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const error = errors[row.header];
            return (
              <Table.Tr key={row.header} data-testid="mapping-row">
                <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {row.header}
                </Table.Th>
                <Table.Td>
                  <Select
                    aria-label={`Destination de la colonne « ${row.header} »`}
                    data={mappingChoiceOptions}
                    value={row.choice}
                    allowDeselect={false}
                    onChange={(value) => {
                      if (value) onChange(setMappingChoice(rows, row.header, value as MappingChoice));
                    }}
                    error={row.choice === 'custom' ? undefined : error}
                    comboboxProps={{ zIndex: 500 }}
                  />
                </Table.Td>
                <Table.Td>
                  {row.choice === 'custom' ? (
                    <TextInput
                      aria-label={`Nom du champ personnalisé de la colonne « ${row.header} »`}
                      value={row.customName}
                      maxLength={prospectLimits.customFieldKeyMaxLength}
                      onChange={(event) =>
                        onChange(setCustomName(rows, row.header, event.currentTarget.value))
                      }
                      error={error}
                    />
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
