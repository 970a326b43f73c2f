import { Badge } from '@mantine/core';
import type { RecordStatus } from '../api/records.api';
import { useI18n } from '../i18n/i18n';

const COLORS: Record<RecordStatus, string> = {
  DRAFT: '#495057', QCQE_PROCESS: '#a63c00', REVIEW: '#5f3dc4', PUBLISHED: '#2b6a1f', REJECTED: '#b02525', PRIVATE: '#25262b',
};

export function StatusBadge({ status }: { status: RecordStatus }) {
  const { t } = useI18n();
  return <Badge color={COLORS[status]} variant="filled" data-status={status}>{t(`status.${status}`)}</Badge>;
}
