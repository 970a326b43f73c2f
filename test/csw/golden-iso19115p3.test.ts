import { describeGoldenSuite } from './golden-runner';
import { ISO19115P3_OVERRIDES } from './overrides-iso19115p3';

/** The ISO 19115-3 request set against its four records (three mdb 2.0, one ISO 19139). */
describeGoldenSuite({ dataSuite: 'iso19115p3', requestSuites: ['iso19115p3'], overrides: ISO19115P3_OVERRIDES, expectedRecords: 4 });
