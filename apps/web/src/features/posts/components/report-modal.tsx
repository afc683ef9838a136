import { postLimits, reportSchema } from '@closia/shared';
import { Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { FormModal } from '../../../components/form-modal';
import { describeFor } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { type ReportTarget, useReportContent } from '../api/report-content';

/** "Signaler": why this post or comment should be looked at by the moderators. */
export function ReportModal({ target, onClose }: { target: ReportTarget | null; onClose: () => void }) {
  const report = useReportContent();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: zodResolver(reportSchema),
  });
  const close = () => {
    form.reset();
    setMessage(null);
    report.reset();
    onClose();
  };
  const what = target?.kind === 'comment' ? 'ce commentaire' : 'cette publication';

  return (
    <FormModal
      opened={target !== null}
      onClose={close}
      title={target?.kind === 'comment' ? 'Signaler le commentaire' : 'Signaler la publication'}
      submitLabel="Signaler"
      submitColor="red.9"
      submitting={report.isPending}
      error={message}
      onSubmit={form.onSubmit((input) => {
        if (!target) return;
        setMessage(null);
        report.mutate(
          { target, input },
          {
            onSuccess: () => {
              notifications.show({
                color: 'green',
                title: 'Signalement envoyé',
                message: 'Merci : l’équipe de modération va examiner ce contenu.',
              });
              close();
            },
            onError: (error) => showSubmitError(form, error, setMessage, describeFor(form)),
          },
        );
      })}
    >
      <Text size="sm" c="dimmed">
        Dites-nous pourquoi {what} enfreint les règles de la communauté (spam, propos injurieux…).
      </Text>
      <Textarea
        label="Motif du signalement"
        required
        autosize
        minRows={3}
        maxLength={postLimits.reportReasonMax}
        data-autofocus
        description={`${form.getValues().reason.length} / ${postLimits.reportReasonMax} caractères`}
        {...form.getInputProps('reason')}
      />
    </FormModal>
  );
}
