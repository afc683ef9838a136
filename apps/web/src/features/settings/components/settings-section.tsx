import type { ReactNode } from 'react';
import { Section } from '../../../components/section';

interface SettingsSectionProps {
  /** Anchor of the section (`/dashboard/settings#photos`). */
  id: string;
  title: string;
  description?: ReactNode;
  /** `danger` draws the red frame of irreversible actions. */
  tone?: 'default' | 'danger';
  children: ReactNode;
}

/** One card of the settings page: an h2 the table of contents lists, a short description, the content. */
export function SettingsSection({
  id,
  title,
  description,
  tone = 'default',
  children,
}: SettingsSectionProps) {
  return (
    <Section
      id={id}
      title={title}
      titleId={`${id}-title`}
      titleAttributes={{ 'data-settings-heading': id }}
      description={description}
      style={{
        scrollMarginTop: 80,
        ...(tone === 'danger' ? { borderColor: 'var(--mantine-color-red-6)' } : {}),
      }}
    >
      {children}
    </Section>
  );
}
