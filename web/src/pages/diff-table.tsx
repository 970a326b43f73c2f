import { Table, Text } from '@mantine/core';
import type { FieldChange } from '../api/records.api';
import { useI18n } from '../i18n/i18n';

const show = (v: unknown): string => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v, null, 1));

/** A field-level difference as a table: field (JSON Pointer), before, after. */
export function DiffTable({ changes, testId }: { changes: FieldChange[]; testId?: string }) {
  const { t } = useI18n();
  if (changes.length === 0) return <Text data-testid={testId}>{t('diff.none')}</Text>;
  return (
    <Table data-testid={testId} withTableBorder>
      <Table.Thead><Table.Tr><Table.Th>{t('diff.field')}</Table.Th><Table.Th>{t('diff.before')}</Table.Th><Table.Th>{t('diff.after')}</Table.Th></Table.Tr></Table.Thead>
      <Table.Tbody>
        {changes.map((c) => (
          <Table.Tr key={c.path}>
            <Table.Td><code>{c.path}</code></Table.Td>
            <Table.Td className="diff-value">{show(c.before)}</Table.Td>
            <Table.Td className="diff-value">{show(c.after)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
