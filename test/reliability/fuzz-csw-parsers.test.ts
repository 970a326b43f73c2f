import fc from 'fast-check';
import { CswError } from '../../libs/csw/csw-error';
import { parseKvpRequest } from '../../libs/csw/request/parse-kvp';
import { parseXmlRequest } from '../../libs/csw/request/parse-xml';
import { cswXmlBody, kvpQuery, XML_ATTACKS } from './fuzz-arbitraries';
import { describeError, FUZZ_RUNS, FUZZ_TEST_TIMEOUT_MS, timed } from './fuzz-timing';

jest.setTimeout(FUZZ_TEST_TIMEOUT_MS);

/**
 * The CSW request parsers in process, 10,000 cases each: whatever arrives, the only thing
 * they may throw is a CswError (which becomes an ows:ExceptionReport); any other error would
 * be a NoApplicableCode "internal error" for what is really the client's mistake. Each case
 * must finish within the hang bound.
 */
describe('CSW parsers under random input', () => {
  it(`KVP: ${FUZZ_RUNS} random query maps → a request or a CswError, never anything else`, () => {
    let parsed = 0;
    fc.assert(
      fc.property(kvpQuery, (query) => {
        const { value, error } = timed('parseKvpRequest', () => parseKvpRequest(query));
        if (error !== undefined && !(error instanceof CswError)) throw new Error(`bukan CswError: ${describeError(error)}`);
        if (error instanceof CswError) expect(error.message.length).toBeGreaterThan(0);
        if (value) parsed += 1;
      }),
      { numRuns: FUZZ_RUNS },
    );
    // the generator is meant to reach past the first checks, not only produce rejections
    expect(parsed).toBeGreaterThan(FUZZ_RUNS / 20);
  });

  it(`XML: ${FUZZ_RUNS} random POST bodies → a request or a CswError, never anything else`, () => {
    let parsed = 0;
    fc.assert(
      fc.property(cswXmlBody, (body) => {
        const { value, error } = timed('parseXmlRequest', () => parseXmlRequest(body));
        if (error !== undefined && !(error instanceof CswError)) throw new Error(`bukan CswError: ${describeError(error)}`);
        if (value) parsed += 1;
      }),
      { numRuns: FUZZ_RUNS },
    );
    expect(parsed).toBeGreaterThan(FUZZ_RUNS / 20);
  });

  it('entity, DTD, malformed and over-deep documents are InvalidParameterValue, not internal errors', () => {
    for (const body of XML_ATTACKS) {
      const { error } = timed('parseXmlRequest', () => parseXmlRequest(body));
      expect(error).toBeInstanceOf(CswError);
      expect((error as CswError).code).toBe('InvalidParameterValue');
      expect((error as CswError).message).not.toMatch(/root:|\/etc\/passwd|aaaaaaaaaaaaaaaaaaaa/);
    }
  });
});
