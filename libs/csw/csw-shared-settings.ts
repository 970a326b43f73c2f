import type { KeyValueStore } from '../cache/key-value';
import type { BuiltinCswSettings } from './csw-endpoint';

/**
 * The API publishes how its built-in CSW answers (public base URL, exception status mapping,
 * CSW_* identity defaults) in the key/value store, and the worker reads it to warm the
 * response cache. A warmed entry is served by the API as if it had computed it, so it must be
 * built with the API's settings, not with whatever the worker process was started with.
 */
const KEY = 'csw:builtin-settings';
/** re-published at every API start and daily; a month covers any API that is still running */
const TTL_SECONDS = 30 * 24 * 3600;

export async function publishBuiltinCswSettings(kv: KeyValueStore, settings: BuiltinCswSettings): Promise<void> {
  await kv.set(KEY, JSON.stringify(settings), TTL_SECONDS);
}

export async function readBuiltinCswSettings(kv: KeyValueStore): Promise<BuiltinCswSettings | undefined> {
  const text = await kv.get(KEY);
  if (!text) return undefined;
  try {
    const v = JSON.parse(text) as Partial<BuiltinCswSettings>;
    if (typeof v.baseUrl === 'string' && (v.exceptionHttpStatus === 'csw202' || v.exceptionHttpStatus === 'ows11') && v.identityDefaults) {
      return v as BuiltinCswSettings;
    }
  } catch {
    /* unreadable: as if absent */
  }
  return undefined;
}
