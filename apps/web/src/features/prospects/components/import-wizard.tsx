import { type ProspectImportResult, prospectStateLabels } from '@closia/shared';
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Stepper,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconFileSpreadsheet, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useReducer, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { fieldErrorFr } from '../../../lib/form-errors';
import { useImportProspects } from '../api/import-prospects';
import { groupImportErrors, prospectWording } from '../utils/error-wording';
import { countText, formatFileSize } from '../utils/format';
import { mappingErrors, mappingFromRows, mappingServerErrors, mapsFirstName } from '../utils/import-mapping';
import {
  importableCount,
  importFileAccept,
  importFileError,
  importReducer,
  importSteps,
  importSummary,
  initialImportState,
  previewSummary,
} from '../utils/import-wizard';
import { MappingEditor } from './mapping-editor';

/** Lines of errors shown in the preview (the counts cover them all). */
const SHOWN_ERROR_LINES = 50;

/** The 422 of a refused file, in French; null when the refusal is not about the file. */
function fileErrorOf(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const item = error.errors?.find((candidate) => candidate.field === 'file');
  return item ? fieldErrorFr(item) : null;
}

function Count({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" c={color}>
        {value.toLocaleString('fr-FR')}
      </Text>
    </Paper>
  );
}

function PreviewStep({ preview }: { preview: ProspectImportResult }) {
  const lines = groupImportErrors(preview.errors);
  const shown = lines.slice(0, SHOWN_ERROR_LINES);
  return (
    <Stack gap="md">
      <Text size="sm" data-testid="import-preview-summary">
        {previewSummary(preview)}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Count label="Lignes lues" value={preview.total} />
        <Count label="À importer" value={importableCount(preview)} />
        <Count
          label="En erreur"
          value={preview.invalid}
          color={preview.invalid > 0 ? 'var(--mantine-color-error)' : undefined}
        />
        <Count label="Doublons ignorés" value={preview.duplicates} />
      </SimpleGrid>

      {lines.length > 0 && (
        <Stack gap="xs">
          <Title order={3} fz="h5">
            Lignes en erreur (non importées)
          </Title>
          <Table.ScrollContainer minWidth={420} type="native" pos="relative">
            <Table verticalSpacing={6} fz="sm" data-testid="import-errors" aria-label="Lignes en erreur">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w={80}>
                    Ligne
                  </Table.Th>
                  <Table.Th scope="col">Problèmes</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((line) => (
                  <Table.Tr key={line.line}>
                    <Table.Td>{line.line}</Table.Td>
                    <Table.Td>
                      {line.problems.map((problem) => (
                        <Text key={problem.field} size="sm">
                          <strong>{problem.label}</strong> : {problem.text}
                        </Text>
                      ))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {lines.length > shown.length && (
            <Text size="sm" c="dimmed">
              Et {countText(lines.length - shown.length, 'autre ligne', 'autres lignes')} en erreur.
            </Text>
          )}
        </Stack>
      )}

      {preview.duplicateLines.length > 0 && (
        <Stack gap="xs">
          <Title order={3} fz="h5">
            Doublons (ignorés)
          </Title>
          {preview.duplicateLines.slice(0, SHOWN_ERROR_LINES).map((duplicate) => (
            <Text key={duplicate.line} size="sm">
              Ligne {duplicate.line} : {duplicate.fullName}
              {duplicate.email || duplicate.phone
                ? ` (${[duplicate.email, duplicate.phone].filter(Boolean).join(', ')})`
                : ''}{' '}
              —{' '}
              {duplicate.firstLine !== null
                ? `même contact que la ligne ${duplicate.firstLine}`
                : 'déjà dans vos prospects'}
            </Text>
          ))}
        </Stack>
      )}

      {preview.preview.length > 0 && (
        <Stack gap="xs">
          <Title order={3} fz="h5">
            Aperçu des prospects à créer
            {preview.preview.length < importableCount(preview)
              ? ` (les ${preview.preview.length} premiers)`
              : ''}
          </Title>
          <Table.ScrollContainer minWidth={640} type="native" pos="relative">
            <Table
              verticalSpacing={6}
              fz="sm"
              striped
              data-testid="import-preview"
              aria-label="Aperçu de l’import"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Ligne</Table.Th>
                  <Table.Th scope="col">Nom</Table.Th>
                  <Table.Th scope="col">E-mail</Table.Th>
                  <Table.Th scope="col">Téléphone</Table.Th>
                  <Table.Th scope="col">Statut</Table.Th>
                  <Table.Th scope="col">Champs personnalisés</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.preview.map((line) => (
                  <Table.Tr key={line.line}>
                    <Table.Td>{line.line}</Table.Td>
                    <Table.Td>{line.fullName}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.email ?? '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.phone ?? '—'}</Table.Td>
                    <Table.Td>{line.state ? prospectStateLabels[line.state] : '—'}</Table.Td>
                    <Table.Td>
                      {Object.entries(line.customFields)
                        .map(([key, value]) => `${key} : ${value}`)
                        .join(' · ') || '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * "Importer": a CSV file or an Excel workbook (.xlsx) in four steps — the file, its columns, a
 * preview with each line's errors, the import — then the list refreshes.
 */
export function ImportWizard({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [state, dispatch] = useReducer(importReducer, initialImportState);
  const run = useImportProspects();
  const small = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [fileError, setFileError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const { reset: resetRun } = run;

  // Every opening starts over.
  useEffect(() => {
    if (!opened) return;
    dispatch({ type: 'reset' });
    setFileError(null);
    setServerErrors({});
    setMessage(null);
    resetRun();
  }, [opened, resetRun]);

  const localErrors = mappingErrors(state.rows);
  const rowErrors = { ...serverErrors, ...localErrors };
  const { '': generalMappingError, ...headerErrors } = rowErrors;

  const failed = (error: unknown) => {
    const onFile = fileErrorOf(error);
    if (onFile) {
      setMessage(`Fichier refusé : ${onFile}`);
      return;
    }
    if (
      isApiError(error) &&
      error.status === 422 &&
      error.errors?.some((item) => item.field.startsWith('mapping'))
    ) {
      setServerErrors(mappingServerErrors(error.errors, state.headers, fieldErrorFr));
      setMessage('Corrigez la correspondance des colonnes signalée.');
      return;
    }
    setMessage(errorMessage(error, prospectWording));
  };

  const analyse = () => {
    const invalid = importFileError(state.file);
    setFileError(invalid);
    setMessage(null);
    if (invalid || !state.file) return;
    run.mutate(
      { file: state.file, dryRun: true },
      {
        onSuccess: (result) => {
          setServerErrors({});
          dispatch({ type: 'analysed', result });
        },
        onError: (error) => {
          const onFile = fileErrorOf(error);
          if (onFile) setFileError(onFile);
          else setMessage(errorMessage(error, prospectWording));
        },
      },
    );
  };

  const preview = () => {
    setMessage(null);
    if (!state.file || Object.keys(localErrors).length > 0) return;
    run.mutate(
      { file: state.file, mapping: mappingFromRows(state.rows), dryRun: true },
      {
        onSuccess: (result) => {
          setServerErrors({});
          dispatch({ type: 'previewed', result });
        },
        onError: failed,
      },
    );
  };

  const importNow = () => {
    setMessage(null);
    if (!state.file) return;
    run.mutate(
      { file: state.file, mapping: mappingFromRows(state.rows), dryRun: false },
      {
        onSuccess: (result) => {
          dispatch({ type: 'imported', result });
          notifications.show({
            color: 'green',
            title: 'Import terminé',
            message: countText(
              result.imported,
              'prospect importé',
              'prospects importés',
              'Aucun prospect importé',
            ),
          });
        },
        onError: failed,
      },
    );
  };

  const back = () => {
    setMessage(null);
    dispatch({ type: 'back' });
  };

  const importable = state.preview ? importableCount(state.preview) : 0;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Importer des prospects"
      size="xl"
      fullScreen={small}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="lg">
        <Stepper active={state.step} size="sm" allowNextStepsSelect={false} wrap={false}>
          {importSteps.map((label) => (
            <Stepper.Step
              key={label}
              label={small ? undefined : label}
              aria-label={small ? label : undefined}
            />
          ))}
        </Stepper>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="import-step">
          Étape {state.step + 1} sur {importSteps.length} : {importSteps[state.step]}
        </Text>

        <FormError>{message}</FormError>

        {state.step === 0 && (
          <Stack gap="md">
            <Text size="sm">
              Un fichier CSV ou Excel (.xlsx) exporté d’un tableur ou d’un autre CRM : la première ligne donne
              le nom des colonnes (séparées par « ; » ou « , » dans un CSV ; la première feuille d’un classeur
              Excel est lue). Les colonnes sont reconnues à l’étape suivante, où vous pourrez les corriger.
            </Text>
            <FileInput
              label="Fichier CSV ou Excel (.xlsx)"
              description={`Au plus ${formatFileSize(2 * 1024 * 1024)} et 10 000 lignes.`}
              placeholder="Choisir un fichier…"
              accept={importFileAccept}
              clearable
              clearButtonProps={{ 'aria-label': 'Retirer le fichier' }}
              leftSection={<IconFileSpreadsheet size={18} aria-hidden="true" />}
              value={state.file}
              onChange={(file) => {
                dispatch({ type: 'fileChosen', file });
                setFileError(file ? importFileError(file) : null);
                setMessage(null);
              }}
              error={fileError}
              styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
              data-testid="import-file"
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Annuler
              </Button>
              <Button onClick={analyse} loading={run.isPending} disabled={!state.file}>
                Continuer
              </Button>
            </Group>
          </Stack>
        )}

        {state.step === 1 && (
          <Stack gap="md">
            <Text size="sm">
              {countText(state.headers.length, 'colonne trouvée', 'colonnes trouvées')} dans{' '}
              <strong>{state.file?.name}</strong>. Choisissez où va chacune ; les colonnes inconnues
              deviennent des champs personnalisés.
            </Text>
            {!mapsFirstName(state.rows) && (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
                Aucune colonne ne va dans « Prénom » : chaque prospect en a besoin, toutes les lignes seraient
                en erreur.
              </Alert>
            )}
            {generalMappingError && <FormError>{generalMappingError}</FormError>}
            <MappingEditor
              rows={state.rows}
              errors={headerErrors}
              onChange={(rows) => {
                setServerErrors({});
                dispatch({ type: 'rowsChanged', rows });
              }}
            />
            <Group justify="space-between" gap="sm">
              <Button variant="default" onClick={back}>
                Retour
              </Button>
              <Button
                onClick={preview}
                loading={run.isPending}
                disabled={Object.keys(localErrors).length > 0}
              >
                Voir l’aperçu
              </Button>
            </Group>
          </Stack>
        )}

        {state.step === 2 && state.preview && (
          <Stack gap="md">
            <PreviewStep preview={state.preview} />
            {importable === 0 && (
              <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
                Aucune ligne à importer : corrigez le fichier ou la correspondance des colonnes.
              </Alert>
            )}
            <Group justify="space-between" gap="sm">
              <Button variant="default" onClick={back}>
                Retour
              </Button>
              <Button onClick={importNow} loading={run.isPending} disabled={importable === 0}>
                {importable > 0 ? `Importer ${countText(importable, 'prospect')}` : 'Importer'}
              </Button>
            </Group>
          </Stack>
        )}

        {state.step === 3 && state.result && (
          <Stack gap="md">
            <Alert
              color={state.result.imported > 0 ? 'green' : 'yellow'}
              variant="light"
              icon={<IconCircleCheck size={18} />}
              title="Import terminé"
              data-testid="import-result"
            >
              {importSummary(state.result)}
            </Alert>
            <Group gap="xs">
              <Badge variant="light" color="green" tt="none">
                {countText(state.result.imported, 'importé', 'importés')}
              </Badge>
              {state.result.invalid > 0 && (
                <Badge variant="light" color="red" tt="none">
                  {countText(state.result.invalid, 'en erreur', 'en erreur')}
                </Badge>
              )}
              {state.result.duplicates > 0 && (
                <Badge variant="light" color="gray" tt="none">
                  {countText(state.result.duplicates, 'doublon', 'doublons')}
                </Badge>
              )}
            </Group>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => dispatch({ type: 'reset' })}>
                Importer un autre fichier
              </Button>
              <Button onClick={onClose}>Voir mes prospects</Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
