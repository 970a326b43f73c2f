import type { PageWatch } from '../../helpers/browser';

/** A page that logged no console error, threw nothing and asked nothing of another host. */
export function expectClean(watch: PageWatch): void {
  expect(watch.consoleErrors).toEqual([]);
  expect(watch.pageErrors).toEqual([]);
  expect(watch.externalRequests).toEqual([]);
}
