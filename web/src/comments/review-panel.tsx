import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { ApiError } from '../api/api-client';
import type { Me, RecordView } from '../api/records.api';
import { reviewApi, type RecordComment } from '../api/review.api';
import { fieldLabel } from '../form/field-labels';
import type { SectionSpec } from '../form/form-model';
import { useI18n } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages.id';
import { CommentCard } from './comment-card';
import { RejectionNotice } from './rejection-notice';
import { mayComment, mayResolve } from './review-rights';

/** The names comments can point at: the form's fields, the bounding box as one. */
export function commentTargets(sections: SectionSpec[]): { section: SectionSpec['id']; name: string }[] {
  const out: { section: SectionSpec['id']; name: string }[] = [];
  for (const s of sections) for (const f of s.fields) {
    const name = f.name.startsWith('extent.bbox.') ? 'extent.bbox' : f.name;
    if (!out.some((x) => x.name === name)) out.push({ section: s.id, name });
  }
  return out;
}

interface Props {
  rec: RecordView;
  me: Me;
  sections: SectionSpec[];
  comments: RecordComment[];
  onChange(c: RecordComment): void;
}

/**
 * The top of a record under review: the rejection reason, the comments on the whole record (and
 * on fields the form does not show), how many are still open, and — for the reviewer or the
 * organisation's admin — the form to write one, on a field or on the whole record.
 */
export function ReviewPanel({ rec, me, sections, comments, onChange }: Props) {
  const { t, lang } = useI18n();
  const targets = commentTargets(sections);
  const known = new Set(targets.map((x) => x.name));
  const general = comments.filter((c) => c.field === null || !known.has(c.field));
  const open = comments.filter((c) => c.resolvedAt === null).length;
  const [field, setField] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canResolve = mayResolve(me, rec);

  async function send() {
    setError(null);
    if (!body.trim()) { setError(t('comments.required')); return; }
    setBusy(true);
    try {
      const r = await reviewApi.addComment(rec.id, { field: field || null, body: body.trim() });
      setBody('');
      onChange(r.body);
    } catch (e) {
      setError(e instanceof ApiError ? [e.detail ?? e.title, ...e.errors.map((x) => x.message)].join(' — ') : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs">
      <RejectionNotice rec={rec} />
      {comments.length > 0 && (
        <Paper withBorder p="sm" data-testid="comments-summary" component="section" aria-labelledby="comments-title">
          <Title order={3} size="h5" id="comments-title">{t('comments.title')}</Title>
          <Text size="sm">{t('comments.open', { n: open, total: comments.length })}</Text>
          {general.map((c) => (
            <div key={c.id}>
              {c.field && <Text size="xs" fw={600} mt={4}>{fieldLabel(c.field, lang)}</Text>}
              <CommentCard comment={c} canResolve={canResolve} onResolved={onChange} />
            </div>
          ))}
        </Paper>
      )}
      {mayComment(me, rec) && (
        <Paper withBorder p="sm" component="section" aria-labelledby="comment-new-title" data-testid="comment-form">
          <Title order={3} size="h5" id="comment-new-title" mb={4}>{t('comments.add')}</Title>
          {error && <Alert color="red" role="alert" py={4} mb={4}>{error}</Alert>}
          <Group align="end" grow preventGrowOverflow={false} wrap="wrap">
            <NativeSelect label={t('comments.field')} value={field} onChange={(e) => setField(e.currentTarget.value)} data-testid="comment-field" maw={320}
              data={[{ value: '', label: t('comments.wholeRecord') },
                ...sections.map((s) => ({ group: t(`section.${s.id}` as MessageKey), items: targets.filter((x) => x.section === s.id).map((x) => ({ value: x.name, label: fieldLabel(x.name, lang) })) }))
                  .filter((g) => g.items.length > 0)]} />
            <Textarea label={t('comments.body')} value={body} onChange={(e) => setBody(e.currentTarget.value)} autosize minRows={1} maxLength={2000} data-testid="comment-body" />
          </Group>
          <Group justify="flex-end" mt="xs"><Button size="xs" onClick={() => void send()} loading={busy} data-testid="comment-send">{t('comments.send')}</Button></Group>
        </Paper>
      )}
    </Stack>
  );
}

/** The open comments on one field, under it in the editor (resolved ones are kept in the summary count only). */
export function FieldComments({ name, rec, me, comments, onChange }: { name: string; rec: RecordView; me: Me; comments: RecordComment[]; onChange(c: RecordComment): void }) {
  const mine = comments.filter((c) => c.field === name && c.resolvedAt === null);
  if (mine.length === 0) return null;
  return <>{mine.map((c) => <CommentCard key={c.id} comment={c} canResolve={mayResolve(me, rec)} onResolved={onChange} />)}</>;
}
