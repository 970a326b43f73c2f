import { describeGoldenSuite } from './golden-runner';
import { CITE_OVERRIDES } from './overrides-cite';

/** The CITE, default and utf-8 request sets against the 12 CITE records. */
describeGoldenSuite({ dataSuite: 'cite', requestSuites: ['cite', 'default', 'utf-8'], overrides: CITE_OVERRIDES, expectedRecords: 12 });
