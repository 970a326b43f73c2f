import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { docOf, type Doc, type RecordView } from '../api/records.api';
import { useI18n } from '../i18n/i18n';
import { RecordChanges } from '../changes/record-changes';

/** 412 on save: what the other writer changed (their version against the one this tab loaded), and two ways on. */
export function ConflictDialog({ base, latest, onClose, onReloadKeep, onReloadDiscard }: {
  base: Doc; latest: RecordView; onClose(): void; onReloadKeep(): void; onReloadDiscard(): void;
}) {
  const { t } = useI18n();
  return (
    <Modal closeButtonProps={{ 'aria-label': t('conflict.close') }} opened onClose={onClose} title={t('conflict.title')} size="xl">
      <Stack data-testid="conflict-dialog">
        <Text>{t('conflict.body')}</Text>
        <Text fw={600}>{t('conflict.changed')}</Text>
        <RecordChanges before={base} after={docOf(latest)} testId="conflict-diff" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('conflict.close')}</Button>
          <Button color="#b02525" onClick={onReloadDiscard}>{t('conflict.discard')}</Button>
          <Button onClick={onReloadKeep} data-testid="conflict-reload-keep">{t('conflict.reload')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
