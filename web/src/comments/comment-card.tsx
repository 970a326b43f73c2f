import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { reviewApi, type RecordComment } from '../api/review.api';
import { useI18n } from '../i18n/i18n';

/** One reviewer's comment: who, when, what; the author marks it resolved. */
export function CommentCard({ comment, canResolve, onResolved }: { comment: RecordComment; canResolve: boolean; onResolved(c: RecordComment): void }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const resolved = comment.resolvedAt !== null;
  return (
    <Paper withBorder p="xs" mt={4} className={`review-comment${resolved ? ' resolved' : ''}`} data-testid={`comment-${comment.field ?? 'record'}`}
      role="note" aria-label={t('comments.label', { who: comment.authorName ?? '—' })}>
      <Text size="sm" className="change-text">{comment.body}</Text>
      <Group justify="space-between" gap="xs" mt={4}>
        <Text size="xs" c="#495057">
          {t('comments.meta', { who: comment.authorName ?? '—', date: new Date(comment.createdAt).toLocaleString(), v: comment.recordVersion })}
          {resolved ? ` · ${t('comments.resolved')}` : ''}
        </Text>
        {!resolved && canResolve && (
          <Button size="compact-xs" variant="light" loading={busy} data-testid="comment-resolve"
            onClick={async () => {
              setBusy(true);
              try { onResolved((await reviewApi.resolveComment(comment.recordId, comment.id)).body); } finally { setBusy(false); }
            }}>
            {t('comments.resolve')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
