import { type SupportTicket, supportLimits, supportMessageSchema } from '@closia/shared';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { FormError } from '../../../components/form-error';
import { describeFor } from '../../../lib/error-message';
import { showSubmitError } from '../../../lib/form-errors';
import { zodResolver } from '../../../lib/zod-resolver';
import { useReplyToTicket } from '../api/tickets';

/** The reply box under a thread (the requester's or the team's); sent, the thread shows it. */
export function ReplyForm({
  ticket,
  label,
  hint,
  submitLabel = 'Envoyer',
  onSent,
}: {
  ticket: SupportTicket;
  label: string;
  hint?: ReactNode;
  submitLabel?: string;
  onSent?: (ticket: SupportTicket) => void;
}) {
  const reply = useReplyToTicket();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { body: '' },
    validate: zodResolver(supportMessageSchema),
  });
  if (!ticket.canReply) {
    return (
      <Text size="sm" c="dimmed">
        Cette demande compte déjà beaucoup de messages : ouvrez une nouvelle demande en rappelant sa référence
        ({ticket.reference}).
      </Text>
    );
  }
  return (
    <form
      noValidate
      data-testid="reply-form"
      onSubmit={form.onSubmit((input) => {
        setMessage(null);
        reply.mutate(
          { id: ticket.id, input },
          {
            onSuccess: (updated) => {
              form.reset();
              onSent?.(updated);
            },
            onError: (error) => showSubmitError(form, error, setMessage, describeFor(form)),
          },
        );
      })}
    >
      <Stack gap="xs">
        <FormError>{message}</FormError>
        <Textarea
          label={label}
          description={hint}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={supportLimits.messageMax}
          {...form.getInputProps('body')}
        />
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconSend size={16} aria-hidden="true" />}
            loading={reply.isPending}
            disabled={form.getValues().body.trim() === ''}
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
