import { Loader, Paper, Table, Text, Title } from '@mantine/core';
import type { Doc } from '../api/records.api';
import { fieldLabel } from '../form/field-labels';
import { useFormModel } from '../form/use-form-model';
import { useI18n } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages.id';
import { changedFields } from './field-changes';
import { ValueView } from './value-view';

/**
 * What differs between two versions of a record, as a reviewer reads it: the editor's sections,
 * each changed field by its label in the UI language, its value before and after formatted as
 * the editor shows it. Used by the "changes since published" tab and the 412 conflict dialog.
 */
export function RecordChanges({ before, after, testId }: { before: Doc; after: Doc; testId?: string }) {
  const { t, lang } = useI18n();
  const model = useFormModel();
  if (!model) return <Loader aria-label={t('record.loading')} />;
  const sections = changedFields(before, after, model.sections);
  if (sections.length === 0) return <Text data-testid={testId}>{t('diff.none')}</Text>;
  return (
    <div data-testid={testId}>
      {sections.map((s) => (
        <Paper key={s.id} withBorder p="sm" mb="sm" component="section" aria-labelledby={`chg-${s.id}`} data-testid={`changes-section-${s.id}`}>
          <Title order={3} size="h5" id={`chg-${s.id}`} mb="xs">{t(s.id === 'other' ? 'diff.otherSection' : (`section.${s.id}` as MessageKey))}</Title>
          <Table layout="fixed" aria-labelledby={`chg-${s.id}`}>
            <Table.Thead>
              <Table.Tr><Table.Th w="22%">{t('diff.field')}</Table.Th><Table.Th>{t('diff.before')}</Table.Th><Table.Th>{t('diff.after')}</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.fields.map((f) => (
                <Table.Tr key={f.name} data-testid={`change-${f.name}`}>
                  <Table.Th scope="row" fw={600}>{fieldLabel(f.name, lang)}</Table.Th>
                  <Table.Td data-testid="change-before"><ValueView spec={f.spec} value={f.before} refLists={model.refLists} /></Table.Td>
                  <Table.Td data-testid="change-after"><ValueView spec={f.spec} value={f.after} refLists={model.refLists} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ))}
    </div>
  );
}
