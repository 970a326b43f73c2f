import { CswError } from '../../libs/csw/csw-error';

/** Any error class, abstract or not, whose instances a test wants back. */
type ErrorClass<E extends Error> = abstract new (...args: never[]) => E;

/**
 * The error of type `type` that `fn` throws, for assertions on its fields. Anything else
 * thrown is rethrown (the test fails with the real cause), and a call that does not throw
 * fails the test with `notThrown`.
 */
export function thrownError<E extends Error>(type: ErrorClass<E>, fn: () => unknown, notThrown = `expected a ${type.name}`): E {
  try {
    fn();
  } catch (e) {
    if (e instanceof type) return e;
    throw e;
  }
  throw new Error(notThrown);
}

/** The CswError `fn` throws (its `code` and `locator` become the OWS exception). */
export const cswErrorOf = (fn: () => unknown): CswError => thrownError(CswError, fn);
