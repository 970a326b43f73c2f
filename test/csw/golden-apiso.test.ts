import { describeGoldenSuite } from './golden-runner';
import { APISO_OVERRIDES } from './overrides-apiso';

/** The ISO Application Profile request set against its 17 ISO 19139 sample records. */
describeGoldenSuite({ dataSuite: 'apiso', requestSuites: ['apiso'], overrides: APISO_OVERRIDES, expectedRecords: 17 });
