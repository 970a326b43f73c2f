import { useCallback, useEffect, useState } from 'react';
import { reviewApi, type RecordComment } from '../api/review.api';

/** The comments of one record, loaded with the record and again after every change of its version. */
export function useRecordComments(recordId: string | undefined, version: number | undefined) {
  const [items, setItems] = useState<RecordComment[]>([]);
  const reload = useCallback(async () => {
    if (!recordId) return;
    const r = await reviewApi.comments(recordId);
    setItems(r.body.items);
  }, [recordId]);
  useEffect(() => { reload().catch(() => setItems([])); }, [reload, version]);
  return { items, reload, setItems };
}
