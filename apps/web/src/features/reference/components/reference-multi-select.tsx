import { sameName, searchByName } from '@closia/shared';
import {
  Badge,
  CheckIcon,
  Combobox,
  Group,
  Loader,
  Pill,
  PillsInput,
  Text,
  useCombobox,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  type FormEventHandler,
  type ReactNode,
  type Ref,
  type RefObject,
  useEffect,
  useImperativeHandle,
  useState,
} from 'react';
import { errorText } from '../../../lib/api-errors';

export interface ReferenceOption {
  value: string;
  label: string;
  /** A user's proposal not yet approved by an admin: shown with "à valider". */
  pending?: boolean;
}

/** What a form reaches through the select's `ref`. */
export interface ReferenceMultiSelectHandle {
  /**
   * Adds what is typed in the field and not yet added (a listed name, else a new one proposed):
   * resolves with the list of values then selected, or null when it could not be added (the field
   * says why). Nothing typed: the values as they are.
   */
  addTyped: () => Promise<string[] | null>;
}

/**
 * The submit handler of a form with a select: adds what is left typed in it first (nothing typed is
 * lost), then submits — unless it could not be added, which the field then explains.
 */
export function addTypedThenSubmit(
  select: RefObject<ReferenceMultiSelectHandle | null>,
  submit: () => void,
): FormEventHandler<HTMLFormElement> {
  return (event) => {
    event.preventDefault();
    void (async () => {
      const added = await select.current?.addTyped();
      if (added !== null) submit();
    })();
  };
}

interface ReferenceMultiSelectProps {
  ref?: Ref<ReferenceMultiSelectHandle>;
  label: string;
  description?: ReactNode;
  placeholder?: string;
  required?: boolean;
  error?: ReactNode;
  options: ReferenceOption[];
  /** Optional only to accept Mantine's `form.getInputProps(...)`; an absent value is an empty list. */
  value?: string[];
  onChange: (value: string[]) => void;
  /** Proposes a new entry named `name`; resolves with the option to select. Absent: not creatable. */
  onCreate?: (name: string) => Promise<ReferenceOption>;
  /** Text of the "create" option, e.g. `Proposer « ${name} »`. */
  createLabel?: (name: string) => string;
  loading?: boolean;
  /** Names shorter than this cannot be proposed (the API takes 2–100 characters). */
  minCreateLength?: number;
  maxCreateLength?: number;
  'data-testid'?: string;
}

const CREATE = '$create';

/**
 * Searchable multi-select over a reference list (skills, work sectors), creatable: a name that is
 * not in the list is proposed to the API and selected at once. Pending proposals read "à valider".
 * The search is the API's (`searchByName`, @closia/shared): accents, case, punctuation and small
 * typos ignored, the closest names first. A name the search finds is not proposed again (no
 * near-duplicates: "bien etre" finds "Bien-être & santé", to pick). Enter picks the highlighted
 * option (the first one found), or adds what is typed: it never sends the form the field is in, and
 * a form adds what is left typed before saving (`ref.addTyped()`).
 */
export function ReferenceMultiSelect({
  ref,
  label,
  description,
  placeholder,
  required,
  error,
  options,
  value = [],
  onChange,
  onCreate,
  createLabel = (name) => `Proposer « ${name} »`,
  loading,
  minCreateLength = 2,
  maxCreateLength = 100,
  'data-testid': testId,
}: ReferenceMultiSelectProps) {
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
    onDropdownOpen: () => combobox.updateSelectedOptionIndex('active'),
  });
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);

  const byValue = new Map(options.map((option) => [option.value, option]));
  const trimmed = search.trim();
  const visible = searchByName(options, trimmed, (option) => option.label);
  const exactMatch = trimmed ? options.find((option) => sameName(option.label, trimmed)) : undefined;
  // Only a name the list does not hold, even spelt differently, may be proposed.
  const found = trimmed !== '' && visible.length > 0;
  const canCreate =
    !!onCreate &&
    !found &&
    !loading &&
    trimmed.length >= minCreateLength &&
    trimmed.length <= maxCreateLength &&
    !creating;

  // While typing, the best match is highlighted: Enter picks it (or the "propose" option, alone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search or the list changes
  useEffect(() => {
    if (trimmed) combobox.selectFirstOption();
    else combobox.resetSelectedOption();
  }, [trimmed, visible.length, canCreate]);

  const toggle = (selected: string) =>
    onChange(value.includes(selected) ? value.filter((v) => v !== selected) : [...value, selected]);
  const remove = (removed: string) => onChange(value.filter((v) => v !== removed));

  async function create(name: string): Promise<string[] | null> {
    if (!onCreate) return null;
    setCreating(true);
    setCreateError(null);
    try {
      const option = await onCreate(name);
      const next = value.includes(option.value) ? value : [...value, option.value];
      if (next !== value) onChange(next);
      setSearch('');
      return next;
    } catch (failure) {
      setCreateError(`Impossible d’ajouter « ${name} » : ${errorText(failure)}`);
      return null;
    } finally {
      setCreating(false);
    }
  }

  /** What is typed, added: the listed option of that name, else a new one (when it may be proposed). */
  async function addTyped(): Promise<string[] | null> {
    if (!trimmed) return value;
    if (creating) return null;
    if (exactMatch) {
      const next = value.includes(exactMatch.value) ? value : [...value, exactMatch.value];
      if (next !== value) onChange(next);
      setSearch('');
      return next;
    }
    if (found && onCreate) {
      setCreateError(
        `« ${trimmed} » est déjà dans la liste sous un nom proche : choisissez-le parmi les propositions.`,
      );
      return null;
    }
    if (!onCreate) {
      setCreateError(`« ${trimmed} » n’est pas dans la liste : choisissez une proposition.`);
      return null;
    }
    if (trimmed.length < minCreateLength) {
      setCreateError(`« ${trimmed} » est trop court : ${minCreateLength} caractères au moins.`);
      return null;
    }
    if (trimmed.length > maxCreateLength) {
      setCreateError(`Ce nom est trop long : ${maxCreateLength} caractères au plus.`);
      return null;
    }
    return create(trimmed);
  }

  useImperativeHandle(ref, () => ({ addTyped }));

  const submit = (selected: string) => {
    if (selected === CREATE) {
      void create(trimmed);
      return;
    }
    toggle(selected);
    setSearch('');
  };

  const pills = value.map((selected) => {
    const option = byValue.get(selected);
    const name = option?.label ?? selected;
    return (
      <Pill
        key={selected}
        withRemoveButton
        onRemove={() => remove(selected)}
        removeButtonProps={{ 'aria-label': `Retirer ${name}` }}
      >
        {name}
        {option?.pending && (
          <Text span size="xs" c="orange.8" fw={600} ml={6}>
            à valider
          </Text>
        )}
      </Pill>
    );
  });

  return (
    <Combobox store={combobox} onOptionSubmit={submit}>
      <Combobox.DropdownTarget>
        <PillsInput
          label={label}
          description={description}
          required={required}
          error={error ?? createError}
          onClick={() => combobox.openDropdown()}
          rightSection={loading || creating ? <Loader size={16} aria-label="Chargement" /> : undefined}
          data-testid={testId}
        >
          <Pill.Group>
            {pills}
            <Combobox.EventsTarget>
              <PillsInput.Field
                value={search}
                placeholder={value.length === 0 ? placeholder : undefined}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onChange={(event) => {
                  combobox.openDropdown();
                  combobox.updateSelectedOptionIndex();
                  setSearch(event.currentTarget.value);
                  setCreateError(null);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Backspace' && search.length === 0 && value.length > 0) {
                    event.preventDefault();
                    remove(value[value.length - 1]!);
                  }
                  // Enter with an option highlighted (the best match, or the arrows' choice): the
                  // combobox picks it. Otherwise Enter adds what is typed, and does not send the form.
                  const picking = combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1;
                  if (event.key === 'Enter' && !event.nativeEvent.isComposing && !picking && trimmed) {
                    event.preventDefault();
                    void addTyped();
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>

      <Combobox.Dropdown>
        <Combobox.Options mah={260} style={{ overflowY: 'auto' }}>
          {visible.map((option) => (
            <Combobox.Option value={option.value} key={option.value} active={value.includes(option.value)}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Group gap="xs" wrap="nowrap">
                  {value.includes(option.value) ? <CheckIcon size={12} /> : <span style={{ width: 12 }} />}
                  <span>{option.label}</span>
                </Group>
                {option.pending && (
                  <Badge size="xs" variant="light" color="orange">
                    à valider
                  </Badge>
                )}
              </Group>
            </Combobox.Option>
          ))}
          {canCreate && (
            <Combobox.Option value={CREATE}>
              <Group gap="xs" wrap="nowrap">
                <IconPlus size={14} aria-hidden="true" />
                <span>{createLabel(trimmed)}</span>
              </Group>
            </Combobox.Option>
          )}
          {visible.length === 0 && !canCreate && (
            <Combobox.Empty>
              {creating ? 'Ajout en cours…' : loading ? 'Chargement…' : 'Aucun résultat'}
            </Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
