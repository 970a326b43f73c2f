import { Badge } from '@mantine/core';
import type { RecordStatus } from '../api/records.api';
import { useI18n } from '../i18n/i18n';

const COLORS: Record<RecordStatus, string> = {
  DRAFT: 'gray.8', QCQE_PROCESS: 'orange.9', REVIEW: 'violet.9', PUBLISHED: 'green.9', REJECTED: 'red.9', PRIVATE: 'dark.7',
};

export function StatusBadge({ status }: { status: RecordStatus }) {
  const { t } = useI18n();
  return <Badge color={COLORS[status]} variant="filled" data-status={status}>{t(`status.${status}`)}</Badge>;
}
