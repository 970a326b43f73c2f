import { runApi } from './serve-api';

/** The API process as deployed: the product's parts throughout (serve-api.ts wires them). */
runApi();
