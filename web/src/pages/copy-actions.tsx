import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Button } from '@mantine/core';
import { api } from '../api/client-instance';
import type { RecordView } from '../api/records.api';
import { useI18n } from '../i18n/i18n';
import { ConfirmDialog } from './confirm-dialog';

interface Props {
  record: RecordView;
  /** a message for the page (marked / unmarked) */
  onMessage(text: string): void;
}

/**
 * "Make a copy" and the template mark on a record's page (issue 20, §5). Whether each is offered
 * is the server's `permissions` (copy, markTemplate). Whether the record is a template is read
 * from the organisation's template list, which is never answered from a cache (a record's GET is
 * revalidated by its version, which a mark does not change).
 */
export function CopyActions({ record, onMessage }: Props) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [template, setTemplate] = useState(false);
  const [confirmCopy, setConfirmCopy] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api.templates().then((r) => { if (live) setTemplate(r.body.items.some((x) => x.id === record.id)); }, () => undefined);
    return () => { live = false; };
  }, [record.id]);

  async function toggleTemplate() {
    setBusy(true);
    try {
      const r = await api.setTemplate(record.id, !template);
      setTemplate(r.body.template === true);
      onMessage(t(r.body.template ? 'template.marked' : 'template.unmarked'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {template && <Badge variant="outline" color="#1c5d8c" data-testid="template-badge">{t('template.badge')}</Badge>}
      {record.permissions.markTemplate && (
        <Button variant="default" loading={busy} data-testid="template-toggle" onClick={() => void toggleTemplate()}>
          {t(template ? 'template.unmark' : 'template.mark')}
        </Button>
      )}
      {record.permissions.copy && (
        <Button variant="light" data-testid="copy" onClick={() => setConfirmCopy(true)}>{t('copy.button')}</Button>
      )}
      {confirmCopy && (
        <ConfirmDialog title={t('copy.title')} body={t('copy.body')} confirmLabel={t('copy.confirm')} cancelLabel={t('copy.cancel')}
          testId="copy-dialog" onClose={() => setConfirmCopy(false)}
          onConfirm={async () => {
            const r = await api.copy(record.id);
            setConfirmCopy(false);
            navigate(`/records/${encodeURIComponent(r.body.id)}`, { state: { flash: t('copy.done') } });
          }} />
      )}
    </>
  );
}
