import { runApi } from '../../services/api/serve-api';
import { neverHitResponseCache } from './never-hit-cache';

/**
 * The API for the "uncached" part of the hot-path bench (hotpath.bench.ts): the same process
 * services/api/main.ts starts (services/api/serve-api.ts: configuration from the environment,
 * the same runtime and assemblies), with one part put in through the runtime's options — a
 * response cache in front of CSW and OGC API – Records that never hits (never-hit-cache.ts).
 * Every request is then a response-cache miss, the count memo kept. The product itself has no
 * switch for this.
 */
runApi({ responseCache: neverHitResponseCache });
